// @store both
/**
 * Property tests over the whole operation table: for every operation, fast-check generates valid
 * and invalid requests (path params, query strings, bodies, idempotency keys) and sends them to the
 * in-process app with an all-scopes key. Whatever comes in:
 *   - the status is never 5xx (nor 3xx);
 *   - every 4xx body is exactly { error: { code, message, requestId } } with requestId = x-request-id,
 *     and an operation's own 4xx statuses are among those its OpenAPI entry documents;
 *   - every 2xx has the operation's success status and a body its response schema accepts.
 * Valid values come from the operation's own JSON Schema (the one the OpenAPI document shows), so
 * the generators follow the table as it grows.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX } from '../server/http/app.ts';
import { operations } from '../server/operations/index.ts';
import type { Operation } from '../server/operations/operation.ts';
import { ok } from './helpers/assert.ts';
import { MISSING_ID, clientFor, testBackend, type TestBackend } from './helpers/backend.ts';

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : 20260302;

type Json = Record<string, any>;

const ERROR_SHAPE = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), requestId: z.string() }),
});

function jsonSchema(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const printable = fc.string({
  unit: fc.mapToConstant({ num: 95, build: (v) => String.fromCharCode(0x20 + v) }),
  maxLength: 40,
});
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  printable,
);
const hexId = fc.stringMatching(/^[a-f0-9]{24}$/);
const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '25',
    '100',
    '101',
    '1e2',
    '0x10',
    ' 5 ',
    '',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    '1.5',
    'true',
    'null',
  ),
);
const hugeString = fc.constantFrom(4001, 5000, 20_000, 300_000).map((n) => 'x'.repeat(n));
/** Values that break things: nulls, huge and odd strings, deep arrays, odd numbers. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  anyText,
  hugeString,
  numberText,
  fc.constantFrom(
    0,
    -0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    10_000_001,
    1_000_001,
    1001,
    Number.MIN_VALUE,
  ),
  fc.array(fc.array(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), { maxLength: 3 }), {
    maxLength: 3,
  }),
  fc.dictionary(anyText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.array(anyText, { minLength: 21, maxLength: 30 }),
);

// from the day after the test backends' clock (an end date already past is refused, as it should be)
const calendarDate = fc
  .date({
    min: new Date('2026-03-03T00:00:00Z'),
    max: new Date('2100-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

/** Ids of real records by field name (brandId, dataStoreIds, ...), so valid bodies can name them. */
let knownIds: Record<string, string[]> = {};

/** A value that the JSON Schema accepts (mostly: refinements the schema cannot say may still fail). */
function valid(
  schema: Json | undefined,
  depth = 0,
  name = '',
  strict = false,
): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0 || depth > 6)
    return fc.jsonValue({ maxDepth: 2 });
  const known = knownIds[name];
  if (known?.length && (strict || schema.pattern || schema.anyOf)) {
    // strict: only ids that exist; otherwise mostly those, sometimes a well-formed stranger
    if (strict) return fc.constantFrom(...known);
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...known) },
      { weight: 1, arbitrary: valid(schema, depth, '') },
    );
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches))
    return fc.oneof(...branches.map((b: Json) => valid(b, depth + 1, name, strict)));
  if (Array.isArray(schema.allOf) && schema.allOf.length)
    return valid(schema.allOf[0], depth + 1, name, strict);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min =
        schema.minimum ??
        (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max =
        schema.maximum ??
        (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      const d = fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      });
      return fc.oneof(
        d,
        fc.integer({
          min: Math.ceil(min + (schema.exclusiveMinimum !== undefined ? 1 : 0)),
          max: Math.floor(Math.min(max, 2 ** 31)),
        }),
      );
    }
    case 'string': {
      const maxLength = schema.maxLength ?? 200;
      const minLength = schema.minLength ?? 0;
      if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return calendarDate;
      if (schema.pattern)
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= minLength && s.length <= maxLength);
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 40) }) },
        { weight: 1, arbitrary: fc.constant('y'.repeat(Math.max(minLength, maxLength))) },
        // URLs (for website-like fields); only where one fits, so the filter never starves
        {
          weight: maxLength >= 200 ? 1 : 0,
          arbitrary: fc.webUrl().filter((s) => s.length >= minLength && s.length <= maxLength),
        },
        {
          weight: 1,
          arbitrary: fc
            .string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 20) })
            .map((s) => s.slice(0, maxLength))
            .filter((s) => s.length >= minLength),
        },
      );
    }
    case 'array': {
      const maxItems = Math.min(schema.maxItems ?? 3, 3);
      return fc.array(valid(schema.items, depth + 1, name.replace(/s$/, ''), strict), {
        minLength: Math.min(schema.minItems ?? 0, maxItems),
        maxLength: maxItems,
      });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) model[k] = valid(s, depth + 1, k, strict);
      return fc.record(model, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value just past a bound of the schema, when it has one; otherwise junk. */
function pastBound(schema: Json | undefined): fc.Arbitrary<unknown> {
  if (!schema) return junk;
  const s = schema.anyOf?.find((b: Json) => b.type !== 'null') ?? schema;
  const out: fc.Arbitrary<unknown>[] = [junk];
  if (typeof s.maxLength === 'number') out.push(fc.constant('z'.repeat(s.maxLength + 1)));
  if (s.minLength === 1) out.push(fc.constant(''));
  if (typeof s.maximum === 'number')
    out.push(fc.constant(s.maximum + 1), fc.constant(s.maximum + 1e-9));
  if (typeof s.exclusiveMinimum === 'number')
    out.push(fc.constant(s.exclusiveMinimum), fc.constant(s.exclusiveMinimum - 1));
  if (typeof s.minimum === 'number') out.push(fc.constant(s.minimum - 1));
  if (typeof s.maxItems === 'number')
    out.push(
      fc.constant(
        Array.from({ length: s.maxItems + 1 }, () => (s.items?.type === 'string' ? 'a' : {})),
      ),
    );
  if (s.pattern) out.push(anyText);
  if (s.enum)
    out.push(fc.constantFrom(...s.enum.map((v: unknown) => String(v).toLowerCase() + '_')));
  return fc.oneof(...out);
}

/** A request body: valid, a valid one with a broken field, known fields with junk, any JSON, not JSON, none. */
function bodyArb(op: Operation): fc.Arbitrary<string | undefined> {
  if (!op.body) {
    // operations without a body ignore one; still, make sure it never hurts (GET cannot carry one)
    return op.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
          { nil: undefined },
        );
  }
  const schema = jsonSchema(op.body);
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const names = Object.keys(props);
  const validBody = valid(schema) as fc.Arbitrary<Json>;
  const broken = names.length
    ? fc
        .tuple(validBody, fc.constantFrom(...names))
        .chain(([b, name]) => pastBound(props[name]).map((v) => ({ ...b, [name]: v })))
    : validBody;
  const knownJunk = names.length
    ? fc.dictionary(fc.constantFrom(...names), junk, { maxKeys: names.length })
    : fc.object();
  const extraField = fc
    .tuple(validBody, anyText, junk)
    .map(([b, k, v]) => ({ ...b, [k === '__proto__' ? 'x' : k]: v }));
  const asJson = fc.oneof(
    { weight: 6, arbitrary: validBody },
    { weight: 4, arbitrary: broken },
    { weight: 2, arbitrary: knownJunk },
    { weight: 1, arbitrary: extraField },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .anything({ maxDepth: 2, withNullPrototype: true, withObjectString: true })
        .map((v) =>
          JSON.parse(
            JSON.stringify(v ?? null, (_k, x) => (typeof x === 'bigint' ? String(x) : x)) ?? 'null',
          ),
        ),
    },
  );
  return fc.oneof(
    { weight: 14, arbitrary: asJson.map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '{',
        '{"a":}',
        'null',
        '[]',
        '"str"',
        '{"__proto__": {"x": 1}}',
        '\u0000',
        '{"name": "\\ud800"}',
      ),
    },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A query string: valid parameters, junk for known names, unknown names. */
function queryArb(op: Operation): fc.Arbitrary<string> {
  const props = op.query ? ((jsonSchema(op.query).properties ?? {}) as Record<string, Json>) : {};
  const names = Object.keys(props);
  const validQuery = fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        valid(props[n]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      ]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  const junkValue = fc.oneof(
    anyText,
    numberText,
    hugeString.map((s) => s.slice(0, 5000)),
    fc.constant(''),
  );
  const junkQuery = fc.dictionary(
    names.length ? fc.oneof(fc.constantFrom(...names), anyText) : anyText,
    junkValue,
    { maxKeys: 4 },
  );
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.constant({}) },
      { weight: names.length ? 5 : 0, arbitrary: validQuery },
      { weight: 3, arbitrary: junkQuery },
    )
    .map((q) => {
      const s = new URLSearchParams(q as Record<string, string>).toString();
      return s ? `?${s}` : '';
    });
}

// ---------------------------------------------------------------------------------------------
// Fixtures: real records, so valid requests also reach the handlers' happy paths

const CHANNEL_ID = 'UCpropertyTestChannel_01';
const VIDEO_ID = 'propVideo01';

interface Fixtures {
  /** an all-scopes key of a workspace invited to exploration */
  key: string;
  ids: Record<string, string[]>;
}

async function seed(t: TestBackend): Promise<Fixtures> {
  await t.store.write(async () => t.services.workspaces.ensure('props', { exploration: true }));
  const api = await t.client({ workspace: 'props' });
  const brand = ok(
    await api.post('/brands', { name: 'Fixture brand', website: 'https://example.com' }),
    '2xx',
  );
  const store = ok(
    await api.post('/data-stores', { name: 'Fixture store', description: 'for properties' }),
    '2xx',
  );
  ok(
    await api.post(`/data-stores/${store.id}/import`, {
      channels: [
        {
          id: CHANNEL_ID,
          snippet: { title: 'Fixture channel', country: 'US' },
          statistics: { subscriberCount: '1200' },
        },
      ],
      videos: [
        {
          id: VIDEO_ID,
          snippet: { channelId: CHANNEL_ID, title: 'Fixture video', tags: ['a'] },
          statistics: { viewCount: '10' },
        },
      ],
      comments: [
        { id: 'c1', snippet: { videoId: VIDEO_ID, textOriginal: 'nice', authorDisplayName: 'x' } },
      ],
    }),
    '2xx',
  );
  const audience = ok(
    await api.post('/audiences', {
      name: 'Fixture audience',
      dataStoreIds: [store.id],
      keywords: ['k'],
    }),
    '2xx',
  );
  const campaign = ok(
    await api.post('/campaigns', {
      name: 'Fixture campaign',
      brandId: brand.id,
      dataStoreIds: [store.id],
      audienceIds: [audience.id],
      campaignType: 'SEARCH',
      budget: 50,
      budgetType: 'daily',
      biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    }),
    '2xx',
  );
  const spare = ok(await api.post('/audiences', { name: 'Spare audience' }), '2xx');
  const firstPage = ok(await api.get('/audiences?limit=1'), '2xx');
  const accounts = ok(await api.get('/ads-platform/accounts'), '2xx');
  return {
    key: api.key,
    ids: {
      campaignId: [campaign.id],
      slotId: campaign.audiences.map((s: { id: string }) => s.id),
      audienceId: [audience.id, spare.id],
      dataStoreId: [store.id],
      brandId: [brand.id],
      channelId: [CHANNEL_ID],
      videoId: [VIDEO_ID],
      // cursors are opaque but valid for any list
      cursor: [firstPage.nextCursor],
      customerId: accounts.data.map((a: { customerId: string }) => a.customerId),
      query: ['Fixture', 'fixture channel'],
    },
  };
}

function pathArb(op: Operation, fx: Fixtures): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(op.path);
  const props = op.params ? ((jsonSchema(op.params).properties ?? {}) as Record<string, Json>) : {};
  const all = Object.values(fx.ids).flat();
  const one = (name: string) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...(fx.ids[name] ?? all)) },
      { weight: 1, arbitrary: fc.constantFrom(...all, MISSING_ID) },
      { weight: 2, arbitrary: valid(props[name], 0).map(String) },
      { weight: 1, arbitrary: hexId.map((s) => s.toUpperCase()) },
      { weight: 2, arbitrary: anyText },
      { weight: 1, arbitrary: fc.constant('x'.repeat(3000)) },
    );
  return fc.tuple(...names.map(one)).map((values) =>
    names.reduce((p, name, i) => {
      const v = values[i]!;
      // "." and ".." are path navigation, not values; an empty segment is a different route
      const seg =
        v === '.' || v === '..' ? `${v}x` : encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '?'));
      return p.replace(`{${name}}`, seg);
    }, op.path),
  );
}

interface Req {
  path: string;
  query: string;
  body: string | undefined;
  idemKey: string | undefined;
}

/** A request that should succeed, as far as the schemas tell: real ids, valid query and body. */
function validRequestArb(op: Operation, fx: Fixtures): fc.Arbitrary<Req> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const props = op.params ? ((jsonSchema(op.params).properties ?? {}) as Record<string, Json>) : {};
  const path = fc
    .tuple(
      ...names.map((n) =>
        fx.ids[n]?.length ? fc.constantFrom(...fx.ids[n]!) : valid(props[n]).map(String),
      ),
    )
    .map((values) =>
      names.reduce((p, n, i) => p.replace(`{${n}}`, encodeURIComponent(values[i]!)), op.path),
    );
  const qprops = op.query ? ((jsonSchema(op.query).properties ?? {}) as Record<string, Json>) : {};
  const query = fc
    .record(
      Object.fromEntries(
        Object.entries(qprops).map(([n, sch]) => [
          n,
          valid(sch, 0, n, true).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
        ]),
      ),
      {
        requiredKeys: [],
      },
    )
    .map((q) => {
      const text = new URLSearchParams(q as Record<string, string>).toString();
      return text ? `?${text}` : '';
    });
  const body = op.body
    ? valid(jsonSchema(op.body), 0, '', true).map((v) => JSON.stringify(v))
    : fc.constant(undefined);
  const idemKey = fc.option(fc.uuid(), { nil: undefined });
  return fc.record({ path, query, body, idemKey });
}

/** Anything: odd path segments, junk queries and bodies, bad idempotency keys. */
function fuzzRequestArb(op: Operation, fx: Fixtures): fc.Arbitrary<Req> {
  return fc.record({
    path: pathArb(op, fx),
    query: queryArb(op),
    body: bodyArb(op),
    idemKey: idemKeyArb,
  });
}

const idemKeyArb = fc.option(
  fc.oneof(
    printable.filter((s) => s.trim().length > 0),
    fc.constant('k'.repeat(201)),
    fc.constant('same-key-every-time'),
  ),
  { nil: undefined, freq: 2 },
);

// ---------------------------------------------------------------------------------------------

describe('every operation answers any request with a documented, well-formed response', () => {
  let documented: Record<string, Record<string, Json>>;

  beforeAll(async () => {
    const res = await (await testBackend()).app.request(`${API_PREFIX}/openapi.json`);
    documented = ((await res.json()) as Json).paths;
  });

  it.each(operations.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const t = await testBackend({ rateLimit: 0 });
    const fx = await seed(t);
    knownIds = fx.ids;
    const stats = { ok: 0, client: 0 };
    const reasons: string[] = [];
    const allowed = new Set(
      Object.keys(documented[op.path]![op.method.toLowerCase()]!.responses).map(Number),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(validRequestArb(op, fx), fuzzRequestArb(op, fx), fuzzRequestArb(op, fx)),
        async ({ path, query, body, idemKey }) => {
          const headers: Record<string, string> = { authorization: `Bearer ${fx.key}` };
          if (body !== undefined) headers['content-type'] = 'application/json';
          if (idemKey !== undefined && op.method !== 'GET') headers['idempotency-key'] = idemKey;
          const res = await t.app.request(`${API_PREFIX}${path}${query}`, {
            method: op.method,
            headers,
            body,
          });
          const text = await res.text();
          const where = `${op.method} ${path}${query.slice(0, 300)} body=${String(body).slice(0, 300)} -> ${res.status} ${text.slice(0, 500)}`;

          expect(res.status, where).toBeLessThan(500);
          expect(res.status, where).toBeGreaterThanOrEqual(200);
          expect(res.status >= 300 && res.status < 400, where).toBe(false);
          const rid = res.headers.get('x-request-id');
          expect(rid, where).toBeTruthy();
          const json = JSON.parse(text);

          if (res.status >= 400) {
            stats.client++;
            if (process.env.PROPERTY_STATS)
              reasons.push(`${res.status} ${json?.error?.message?.slice(0, 100)}`);
            const err = ERROR_SHAPE.safeParse(json);
            expect(err.success, where).toBe(true);
            expect(err.data!.error.requestId, where).toBe(rid);
            expect(err.data!.error.message.length, where).toBeGreaterThan(0);
            // a path of this operation, not a routing miss: its status is one the document lists
            const routed =
              !(res.status === 404 && err.data!.error.message.startsWith('no such route')) &&
              res.status !== 405;
            if (routed)
              expect(allowed.has(res.status), `undocumented ${res.status}: ${where}`).toBe(true);
          } else {
            stats.ok++;
            expect(res.status, where).toBe(op.successStatus ?? 200);
            const parsed = op.response.safeParse(json);
            expect(parsed.success, `${where}\n${parsed.error?.message}`).toBe(true);
          }
        },
      ),
      { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
    );
    if (process.env.PROPERTY_STATS) console.log(op.name, stats, reasons.sort().join('\n  '));
    expect(stats.ok + stats.client).toBe(NUM_RUNS);
    // the generators are not all noise: the happy path (and its response schema) is reached too
    if (NUM_RUNS >= 30) expect(stats.ok, `${op.name}: no request succeeded`).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The three operations an outside fuzzer never got a 2xx from, with bodies generated to be valid:
// each one must succeed, and do what it says.

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
const phrase = (maxWords: number, maxLength: number) =>
  fc
    .array(word, { minLength: 1, maxLength: maxWords })
    .map((w) => w.join(' '))
    .filter((s) => s.length <= maxLength);
const itemArb = fc
  .oneof(
    fc.record({
      section: fc.constant('keywords' as const),
      text: phrase(10, 80),
      matchType: fc.constantFrom('EXACT', 'PHRASE', 'BROAD', undefined),
    }),
    fc.record({
      section: fc.constantFrom('segments' as const, 'topics' as const),
      text: phrase(6, 200),
      label: fc.option(phrase(4, 200), { nil: undefined }),
    }),
    fc.record({ section: fc.constant('websites' as const), text: fc.domain() }),
  )
  .map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined)) as Json);

const channelIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{22}$/).map((s) => `UC${s}`);
const videoIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{11}$/);
const titleArb = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim().length > 0);
const countArb = fc.nat({ max: 10_000_000 }).map(String);

/** A valid import: YouTube Data API resources, the videos on the channels, the comments on the videos. */
const importArb = fc
  .record({
    channels: fc.uniqueArray(
      fc.record({ id: channelIdArb, title: titleArb, subscribers: countArb }),
      { minLength: 1, maxLength: 3, selector: (c) => c.id },
    ),
    videoIds: fc.uniqueArray(videoIdArb, { minLength: 0, maxLength: 4 }),
    comments: fc.array(
      fc.record({
        text: fc.string({ maxLength: 200 }),
        author: fc.string({ maxLength: 30 }),
        thread: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
  })
  .chain(({ channels, videoIds, comments }) =>
    fc.tuple(
      fc.constant(channels),
      fc.array(fc.constantFrom(...channels.map((c) => c.id)), {
        minLength: videoIds.length,
        maxLength: videoIds.length,
      }),
      fc.constant(videoIds),
      fc.constant(comments),
    ),
  )
  .map(([channels, owners, videoIds, comments]) => ({
    channels: channels.map((c) => ({
      kind: 'youtube#channel',
      id: c.id,
      snippet: { title: c.title },
      statistics: { subscriberCount: c.subscribers },
    })),
    videos: videoIds.map((id, i) => ({
      kind: 'youtube#video',
      id,
      snippet: { channelId: owners[i]!, title: `Video ${i}`, tags: ['t'] },
      statistics: { viewCount: '5' },
    })),
    comments: videoIds.length
      ? comments.map((c, i) => {
          const comment = {
            kind: 'youtube#comment',
            id: `c${i}-${c.author.length}`,
            snippet: {
              videoId: videoIds[i % videoIds.length]!,
              textOriginal: c.text,
              authorDisplayName: c.author,
            },
          };
          return c.thread
            ? {
                kind: 'youtube#commentThread',
                id: comment.id,
                snippet: { videoId: comment.snippet.videoId, topLevelComment: comment },
              }
            : comment;
        })
      : [],
  }));

/** A valid saved audience body, from the create operation's own schema (names of real data stores). */
const audienceBodyArb = () =>
  valid(
    jsonSchema(operations.find((o) => o.name === 'create_audience')!.body!),
    0,
    '',
    true,
  ) as fc.Arbitrary<Json>;

describe('generated valid requests always succeed where outside fuzzers never got a 2xx', () => {
  const RUNS = Math.max(NUM_RUNS, 30);

  it('edit_targeting: any valid list of items replaces the slot, and reads back as written (an empty one leaves it not_generated)', async () => {
    const t = await testBackend({ rateLimit: 0 });
    const fx = await seed(t);
    const api = clientFor(t.app, fx.key);
    const [campaignId] = fx.ids.campaignId!;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fx.ids.slotId!),
        fc.array(itemArb, { maxLength: 30 }),
        async (slotId, items) => {
          const r = await api.put(`/campaigns/${campaignId}/targeting/audiences/${slotId}/items`, {
            items,
          });
          expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
          const slot = r.body.audiences.find((s: Json) => s.id === slotId);
          expect(slot.status).toBe(items.length ? 'ready' : 'not_generated');
          expect(slot.items).toEqual(
            items.map((i) => ({
              section: i.section,
              label: i.label ?? i.text,
              text: i.text,
              matchType: i.section === 'keywords' ? (i.matchType ?? 'BROAD') : '',
              source: 'manual',
            })),
          );
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('import_data_store: any valid set of channels, videos and comments is imported and counted', async () => {
    const t = await testBackend({ rateLimit: 0 });
    const fx = await seed(t);
    const api = clientFor(t.app, fx.key);
    await fc.assert(
      fc.asyncProperty(importArb, async (body) => {
        const store = (await api.post('/data-stores', { name: 'Import target' })).body;
        const r = await api.post(`/data-stores/${store.id}/import`, body);
        expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
        expect(r.body.imported).toEqual({
          channels: body.channels.length,
          videos: body.videos.length,
          comments: body.comments.length,
        });
        expect(r.body.dataStore).toMatchObject({
          id: store.id,
          channelCount: body.channels.length,
          videoCount: body.videos.length,
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('remove_campaign_audience: a slot attached from any valid saved audience can be removed', async () => {
    const t = await testBackend({ rateLimit: 0 });
    const fx = await seed(t);
    knownIds = fx.ids;
    const api = clientFor(t.app, fx.key);
    const [campaignId] = fx.ids.campaignId!;
    await fc.assert(
      fc.asyncProperty(audienceBodyArb(), async (audienceBody) => {
        const audience = await api.post('/audiences', audienceBody);
        expect(audience.status, JSON.stringify(audience.body).slice(0, 500)).toBe(201);
        const attached = await api.post(`/campaigns/${campaignId}/audiences`, {
          audienceId: audience.body.id,
        });
        expect(attached.status, JSON.stringify(attached.body).slice(0, 500)).toBe(201);
        const slot = attached.body.audiences.find((s: Json) => s.audienceId === audience.body.id);
        const r = await api.delete(`/campaigns/${campaignId}/audiences/${slot.id}`);
        expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
        expect(r.body.audiences.map((s: Json) => s.id)).not.toContain(slot.id);
        expect(r.body.audiences.length).toBe(attached.body.audiences.length - 1);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
