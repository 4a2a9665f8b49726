// @store both
/**
 * Requests drawn from the served OpenAPI document itself (as an outside tool such as Schemathesis
 * draws them), sent to the real app in process. For every operation of the document, requests whose
 * path, query, header and body its schemas call valid (test/helpers/openapi-arbitrary.ts, each body
 * kept only when a JSON Schema validator agrees), and for each answer:
 *   - no 5xx;
 *   - a status the document declares for the operation;
 *   - a 2xx is the operation's success status and its body fits the declared response schema; an
 *     error body fits the Error schema;
 *   - never a 400: what the document calls valid is accepted, so the document states each rule the
 *     server enforces. Only answers that depend on what is stored may refuse it: 404 (an id that
 *     names nothing), 409 (a state that does not allow it), 403.
 *
 * Ids in paths name the records of a seeded workspace most of the time (else well-formed strangers,
 * which are 404). Values the document can only state in prose are given as it says: ids in a body or
 * query name records that exist, a cursor is a real nextCursor, a comment's video is in the catalog;
 * codes it cannot list are drawn from its examples (the helper's rule). The operations run in one
 * workspace, removals last; the end-date rule of update_campaign reads the stored campaign (as the
 * document says), so the fixture campaign is put back after each of its draws.
 *
 * And the other way for the one rule every text follows: a NUL character put into any string or
 * member name of a valid body makes the server answer 400, and makes the body invalid by the
 * document, except inside a member of any shape, whose flat schema says the rule in words.
 *
 * Bounded and seeded: OPENAPI_PROPERTY_RUNS requests per operation (10), OPENAPI_PROPERTY_SEED;
 * OPENAPI_PROPERTY_STATS=1 prints the statuses each operation answered.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../server/http/app.ts';
import { ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { arbitraryOf, deref, type Json, type Place } from './helpers/openapi-arbitrary.ts';

const RUNS = Number(process.env.OPENAPI_PROPERTY_RUNS ?? 10);
const SEED = process.env.OPENAPI_PROPERTY_SEED
  ? Number(process.env.OPENAPI_PROPERTY_SEED)
  : 20260302;

/** What a valid request may still meet, because of what is stored (each declared per operation). */
const STATE_DEPENDENT = new Set([403, 404, 409]);

interface Op {
  id: string;
  method: string;
  path: string;
  entry: Json;
}

interface Fixtures {
  api: Client;
  campaignId: string;
  ids: Record<string, string[]>;
  /** path ids of remove_campaign_audience: a campaign of its own, whose slots nothing generates */
  removable: Record<string, string[]>;
}

const CHANNEL_ID = 'UCopenapiPropertyChan_01';
const VIDEO_ID = 'oaPropVid01';
/** The fixture campaign as every draw meets it: the end-date rule reads the stored campaign. */
const CAMPAIGN_STATE = {
  budgetType: 'daily',
  endDate: '2026-12-31',
  budget: 50,
  campaignType: 'SEARCH',
};

async function seed(t: TestBackend): Promise<Fixtures> {
  await t.store.write(async () => t.services.workspaces.ensure('oaprops', { exploration: true }));
  const api = await t.client({ workspace: 'oaprops' });
  const brands = [
    ok(await api.post('/brands', { name: 'Fixture brand', website: 'https://example.com' }), '2xx'),
    ok(await api.post('/brands', { name: 'Other brand' }), '2xx'),
  ];
  const store = ok(await api.post('/data-stores', { name: 'Fixture store' }), '2xx');
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
          snippet: { channelId: CHANNEL_ID, title: 'Fixture video', tags: ['gear'] },
          statistics: { viewCount: '10' },
        },
      ],
      comments: [
        {
          id: 'oa-c1',
          snippet: { videoId: VIDEO_ID, textOriginal: 'nice', authorDisplayName: 'x' },
        },
      ],
    }),
    '2xx',
  );
  const audience = ok(
    await api.post('/audiences', {
      name: 'Fixture audience',
      dataStoreIds: [store.id],
      keywords: ['trail'],
    }),
    '2xx',
  );
  const spares = [];
  for (let i = 0; i < 4; i++)
    spares.push(
      ok(
        await api.post('/audiences', { name: `Spare audience ${i}`, dataStoreIds: [store.id] }),
        '2xx',
      ),
    );
  const campaign = ok(
    await api.post('/campaigns', {
      name: 'Fixture campaign',
      brandId: brands[0].id,
      dataStoreIds: [store.id],
      audienceIds: [audience.id],
      biddingStrategy: 'MAXIMIZE_CONVERSIONS',
      ...CAMPAIGN_STATE,
    }),
    '2xx',
  );
  const removable = ok(
    await api.post('/campaigns', {
      name: 'Slots to remove',
      audienceIds: [audience.id, ...spares.map((s) => s.id)],
    }),
    '2xx',
  );
  const cursor = ok(await api.get('/audiences?limit=1'), '2xx').nextCursor as string;
  const accounts = ok(await api.get('/ads-platform/accounts'), '2xx').data as {
    customerId: string;
  }[];
  return {
    api,
    campaignId: campaign.id,
    removable: {
      campaignId: [removable.id],
      slotId: removable.audiences.map((s: { id: string }) => s.id),
    },
    ids: {
      campaignId: [campaign.id],
      slotId: campaign.audiences.map((s: { id: string }) => s.id),
      audienceId: [audience.id, ...spares.map((s) => s.id)],
      savedAudienceId: [audience.id, ...spares.map((s) => s.id)],
      spareAudienceId: spares.map((s) => s.id),
      dataStoreId: [store.id],
      brandId: brands.map((b) => b.id),
      channelId: [CHANNEL_ID],
      videoId: [VIDEO_ID],
      customerId: accounts.map((a) => a.customerId),
      cursor: [cursor],
    },
  };
}

/**
 * Values the document states in prose, given as it says: ids that must name records, cursors, a
 * comment's video. `opId` tells the ids of audience slots (generate_targeting) from saved audiences.
 */
function hints(op: Op, fx: Fixtures) {
  const pick = (name: string) => fc.constantFrom(...fx.ids[name]!);
  return (schema: Json, at: Place): fc.Arbitrary<unknown> | undefined => {
    if (schema.type === 'array' || schema.type === 'object') return undefined;
    const nullable =
      Array.isArray(schema.anyOf) && schema.anyOf.some((b: Json) => b.type === 'null');
    const orNull = (a: fc.Arbitrary<unknown>) =>
      nullable ? fc.option(a, { nil: null, freq: 4 }) : a;
    if (at.path.includes('comments') && at.name === 'videoId') return pick('videoId');
    switch (at.name) {
      case 'brandId':
        return orNull(pick('brandId'));
      case 'dataStoreIds':
        return pick('dataStoreId');
      case 'audienceIds':
        return op.id === 'generate_targeting' ? pick('slotId') : pick('savedAudienceId');
      case 'audienceId':
        return pick('spareAudienceId');
      case 'customerId':
        return pick('customerId');
      case 'cursor':
        return pick('cursor');
      default:
        return undefined;
    }
  };
}

/** Path ids: a seeded record's most of the time, else one drawn from the parameter's schema. */
function pathValue(root: Json, op: Op, param: Json, fx: Fixtures): fc.Arbitrary<string> {
  const drawn = arbitraryOf(param.schema, { root }).map(String);
  const known = (op.id === 'remove_campaign_audience' ? fx.removable : fx.ids)[param.name];
  return known
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: drawn })
    : drawn;
}

/** A query value as it travels: the text of a number or a boolean. */
const asQueryText = (v: unknown) => (typeof v === 'string' ? v : String(v));

/** Where a JSON value holds text: each string's path, and each member name's (its object's path and the name). */
type TextAt = { path: (string | number)[]; key?: string };
function textsOf(v: unknown, path: (string | number)[] = []): TextAt[] {
  if (typeof v === 'string') return [{ path }];
  if (Array.isArray(v)) return v.flatMap((x, i) => textsOf(x, [...path, i]));
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => [{ path, key: k }, ...textsOf(x, [...path, k])]);
  return [];
}

/** The value with a NUL put into one of its texts (a string, or a member name), at offset `at`. */
function withNul(v: unknown, t: TextAt, at: number): unknown {
  const copy = JSON.parse(JSON.stringify(v)) as unknown;
  const insert = (s: string) =>
    s.slice(0, at % (s.length + 1)) + '\u0000' + s.slice(at % (s.length + 1));
  if (t.key !== undefined) {
    const holder = t.path.reduce<any>((x, k) => x[k], copy);
    const entries = Object.entries(holder).map(
      ([k, x]) => [k === t.key ? insert(k) : k, x] as const,
    );
    for (const k of Object.keys(holder)) delete holder[k];
    for (const [k, x] of entries) holder[k] = x;
    return copy;
  }
  if (t.path.length === 0) return insert(copy as string);
  const parent = t.path.slice(0, -1).reduce<any>((x, k) => x[k], copy);
  const last = t.path[t.path.length - 1]!;
  parent[last] = insert(parent[last] as string);
  return copy;
}

/**
 * The schemas of members of any shape (additionalProperties) that a place lies within, on the way
 * down from the body's schema: where one branch does not declare the member and takes any. There the
 * document states the NUL rule in words only (a recursive schema breaks fuzzers and generators).
 */
function freeFormAlong(root: Json, schema: Json, path: (string | number)[]): Json[] {
  const branches = (s: Json): Json[] => {
    const d = deref(root, s);
    return [d, ...['anyOf', 'oneOf', 'allOf'].flatMap((k) => (d[k] ?? []).flatMap(branches))];
  };
  let level: Json[] = [schema];
  const found: Json[] = [];
  for (const seg of path) {
    const next: Json[] = [];
    for (const s of level.flatMap(branches)) {
      if (typeof seg === 'number') {
        if (s.items) next.push(s.items);
      } else if (s.properties?.[seg]) next.push(s.properties[seg]);
      else if (s.additionalProperties && typeof s.additionalProperties === 'object')
        found.push(s.additionalProperties);
    }
    level = next;
  }
  return found;
}

/** The order the operations run in: reads, creates, changes, then what starts work or removes records. */
function rank(op: Op): number {
  if (op.method === 'GET') return 0;
  if (op.id === 'generate_targeting' || op.id === 'create_ads_campaign') return 3;
  if (op.id === 'remove_campaign_audience') return 4;
  if (op.method === 'DELETE') return 5;
  return op.method === 'POST' && !op.path.includes('{') ? 1 : 2;
}

describe('requests drawn from the served OpenAPI document', () => {
  let t: TestBackend;
  let tomorrow: () => Date = () => new Date();
  let doc: Json;
  let fx: Fixtures;
  let ajv: Ajv2020;
  let errorShape: ValidateFunction;
  const answers: Record<string, Record<number, number>> = {};

  /** A validator of a schema of the document (its $refs resolve against the document's components). */
  const compile = (schema: Json) => ajv.compile({ ...schema, components: doc.components });

  beforeAll(async () => {
    t = await testBackend();
    // `x-not-before: today` on the backend's clock, a day on so no time zone of an account is behind it
    tomorrow = () => new Date(t.clock.now().getTime() + 86_400_000);
    const res = await t.app.request(`${API_PREFIX}/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Json;
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    errorShape = compile({ $ref: '#/components/schemas/Error' });
    fx = await seed(t);
  });

  const operations = (): Op[] =>
    Object.entries(doc.paths as Record<string, Record<string, Json>>)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, entry]) => ({
          id: entry.operationId as string,
          method: method.toUpperCase(),
          path,
          entry,
        })),
      )
      .sort((a, b) => rank(a) - rank(b));

  it('draws valid requests for every operation: never a 5xx, an undeclared status or a 400; 2xx bodies fit the document', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    const idemKey = arbitraryOf(deref(doc, doc.components.parameters.IdempotencyKey).schema, {
      root: doc,
    }) as fc.Arbitrary<string>;

    for (const op of ops) {
      const declared = new Set(Object.keys(op.entry.responses).map(Number));
      const success = [...declared].find((s) => s >= 200 && s < 300)!;
      const responseSchema = op.entry.responses[success].content['application/json'].schema as Json;
      const fitsResponse = compile(responseSchema);
      const params = ((op.entry.parameters ?? []) as Json[]).map((p) => deref(doc, p));
      const hint = hints(op, fx);

      const path = fc
        .tuple(
          ...params
            .filter((p) => p.in === 'path')
            .map((p) => pathValue(doc, op, p, fx).map((v) => [p.name as string, v] as const)),
        )
        .map((pairs) =>
          pairs.reduce(
            (s, [name, v]) => s.replace(`{${name}}`, encodeURIComponent(v)),
            op.path as string,
          ),
        );
      const queryModel: Record<string, fc.Arbitrary<string>> = {};
      const required: string[] = [];
      for (const p of params.filter((x) => x.in === 'query')) {
        queryModel[p.name] = arbitraryOf(
          p.schema,
          { root: doc, hint, today: tomorrow() },
          { path: [p.name], name: p.name },
        ).map(asQueryText);
        if (p.required) required.push(p.name);
      }
      const query = fc.record(queryModel, { requiredKeys: required }).map((q) => {
        const text = new URLSearchParams(q as Record<string, string>).toString();
        return text ? `?${text}` : '';
      });
      const bodySpec = op.entry.requestBody?.content?.['application/json'];
      let body: fc.Arbitrary<unknown> = fc.constant(undefined);
      if (bodySpec) {
        const fitsBody = compile(bodySpec.schema);
        const drawn = arbitraryOf(bodySpec.schema, { root: doc, hint, today: tomorrow() }).filter(
          (v) => fitsBody(v),
        );
        body = op.entry.requestBody.required
          ? drawn
          : fc.option(drawn, { nil: undefined, freq: 4 });
      }
      const headers =
        op.method === 'GET' ? fc.constant(undefined) : fc.option(idemKey, { nil: undefined });

      const seen = (answers[op.id] = {} as Record<number, number>);
      await fc.assert(
        fc.asyncProperty(
          fc.record({ path, query, body, key: headers }),
          async ({ path: p, query: q, body: b, key }) => {
            const h: Record<string, string> = { authorization: `Bearer ${fx.api.key}` };
            if (b !== undefined) h['content-type'] = 'application/json';
            if (key !== undefined) h['idempotency-key'] = key;
            const res = await t.app.request(`${API_PREFIX}${p}${q}`, {
              method: op.method,
              headers: h,
              body: b === undefined ? undefined : JSON.stringify(b),
            });
            const text = await res.text();
            const json = text ? JSON.parse(text) : undefined;
            const where = `${op.method} ${p}${q} key=${JSON.stringify(key)} body=${JSON.stringify(b)?.slice(0, 600)}\n-> ${res.status} ${text.slice(0, 600)}`;
            seen[res.status] = (seen[res.status] ?? 0) + 1;
            if (op.id === 'update_campaign')
              await fx.api.patch(`/campaigns/${fx.campaignId}`, CAMPAIGN_STATE);

            expect(res.status, `a 5xx: ${where}`).toBeLessThan(500);
            expect(declared.has(res.status), `an undeclared status: ${where}`).toBe(true);
            if (res.status >= 200 && res.status < 300) {
              expect(res.status, where).toBe(success);
              expect(fitsResponse(json), `${where}\n${ajv.errorsText(fitsResponse.errors)}`).toBe(
                true,
              );
            } else {
              expect(errorShape(json), `${where}\n${ajv.errorsText(errorShape.errors)}`).toBe(true);
              expect(
                STATE_DEPENDENT.has(res.status),
                `the document calls this request valid: ${where}`,
              ).toBe(true);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }

    if (process.env.OPENAPI_PROPERTY_STATS) console.log(answers);
    // the draws reach the handlers: every operation answered its success status at least once
    const never = ops
      .filter((op) => !Object.keys(answers[op.id]!).some((s) => Number(s) < 300))
      .map((op) => `${op.id} ${JSON.stringify(answers[op.id])}`);
    expect(never).toEqual([]);
  });

  it('says what it refuses in every text: a NUL character anywhere in a valid body is a 400, and invalid by the document wherever it types the text', async () => {
    const ops = operations().filter(
      (op) => op.entry.requestBody?.content?.['application/json'] && op.method !== 'DELETE',
    );
    expect(ops.length).toBeGreaterThan(10);
    let refusedByDocument = 0;
    for (const op of ops) {
      const schema = op.entry.requestBody.content['application/json'].schema as Json;
      const fitsBody = compile(schema);
      const valid = arbitraryOf(schema, { root: doc, hint: hints(op, fx) }).filter((v) =>
        fitsBody(v),
      );
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => fx.ids[name]![0]!);
      await fc.assert(
        fc.asyncProperty(valid, fc.nat(), fc.nat(), async (body, pick, at) => {
          const texts = textsOf(body);
          fc.pre(texts.length > 0);
          const text = texts[pick % texts.length]!;
          const mutated = withNul(body, text, at);
          if (fitsBody(mutated)) {
            // only inside a member of any shape, whose flat schema says the rule in words
            const free = freeFormAlong(doc, schema, text.path);
            expect(free.length, `the document accepts ${JSON.stringify(mutated)}`).toBeGreaterThan(
              0,
            );
            for (const f of free) expect(f.description, op.id).toMatch(/NUL character/);
          } else refusedByDocument++;
          const r = await fx.api.request(op.method, path, mutated);
          expect(
            r.status,
            `${op.id} ${JSON.stringify(mutated).slice(0, 400)} -> ${JSON.stringify(r.body)}`,
          ).toBe(400);
        }),
        { numRuns: 3, seed: SEED, endOnFailure: true },
      );
    }
    // the document still refuses a NUL wherever it types the text
    expect(refusedByDocument).toBeGreaterThan(ops.length);
  });

  it('names input and output schemas apart: every component titled by its own name, no answer a NameInput', () => {
    const titles = Object.entries(doc.components.schemas as Record<string, Json>).filter(
      ([, s]) => s.title !== undefined,
    );
    for (const [name, s] of titles) expect(s.title, name).toBe(name);
    for (const { id, entry } of operations()) {
      for (const r of Object.values(entry.responses as Record<string, Json>)) {
        expect(JSON.stringify(r.content ?? {}), id).not.toMatch(/Input"/);
      }
    }
  });
});
