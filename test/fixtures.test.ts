// @store both
/**
 * Declarative fixtures (docs/fixtures.md): a document of brands, data stores, saved audiences and
 * campaigns (slots, targeting items, ad-platform status) and the clock, each record named by a ref,
 * applied through the apply_fixtures control (POST /_adcli/v1/fixtures) and `adcli backend apply`,
 * exported through export_fixtures and `adcli backend export`. Applying twice changes nothing; a bad
 * record changes nothing and its error names the file, the record and the field; --prune removes what
 * the file no longer names; an export applied to an empty workspace makes the same records; the
 * document's JSON Schema is valid and served for editors; the demo seed is such a document.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { applyFixturesTo } from '../server/control/fixtures/apply.ts';
import { fixturesJsonSchema } from '../server/control/fixtures/schema.ts';
import { MAX_JSON_DEPTH } from '../server/lib/json.ts';
import { demoContent } from '../server/seed/demo-content.ts';
import { expectError, ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { runCli } from './helpers/cli.ts';
import { BIN, cleanupAll, killAll, runAdcli } from './helpers/process.ts';
import { sandbox, tempDir } from './helpers/sandbox.ts';

const content = demoContent();
const [HIKING_1, HIKING_2] = content.themes.hiking as [string, string];
const [TRAIL_1] = content.themes.trail as [string];
const CHANNEL = 'UC' + 'f'.repeat(21) + 'x';
const VIDEO = 'vid00000001';

/** A document with every kind of record: what a CI job would keep in ci.yaml. */
function document(): Record<string, any> {
  return {
    version: 1,
    clock: { time: '2026-04-01T09:00:00Z', frozen: true },
    brands: [
      { ref: 'northwind', name: 'Northwind', website: 'https://northwind.example' },
      { ref: 'ember', name: 'Ember & Grind', description: 'Coffee gear' },
    ],
    dataStores: [
      {
        ref: 'hiking',
        name: 'Hiking creators',
        catalog: { channelIds: [HIKING_1, HIKING_2] },
      },
      {
        ref: 'own',
        name: 'Our own channel',
        description: 'imported',
        resources: {
          channels: [
            {
              id: CHANNEL,
              snippet: { title: 'Our channel', description: 'trail gear', customUrl: 'ours' },
              statistics: { subscriberCount: '1200' },
            },
          ],
          videos: [
            {
              id: VIDEO,
              snippet: { channelId: CHANNEL, title: 'Trail shoes review', tags: ['trail'] },
              statistics: { viewCount: 10 },
            },
          ],
          comments: [
            {
              kind: 'youtube#commentThread',
              id: 'thread-1',
              snippet: {
                videoId: VIDEO,
                topLevelComment: {
                  id: 'comment-1',
                  snippet: { textOriginal: 'Great grip', authorDisplayName: 'Ana' },
                },
              },
            },
          ],
        },
      },
    ],
    audiences: [
      {
        ref: 'runners',
        name: 'Trail runners',
        kind: 'in_market',
        keywords: ['trail running shoes'],
        dataStoreIds: ['@hiking', '@own'],
      },
    ],
    campaigns: [
      {
        ref: 'launch',
        settings: {
          name: 'Talus launch',
          objective: 'Launch the Talus trail shoe to trail runners.',
          brandId: '@northwind',
          campaignType: 'VIDEO',
          budget: 50,
          budgetType: 'daily',
          locations: ['US', 'CA'],
          dataStoreIds: ['@hiking'],
          audienceIds: ['@runners'],
        },
        slots: [
          {
            audience: 'primary',
            items: [
              { section: 'keywords', text: 'trail running shoes', matchType: 'EXACT' },
              { section: 'topics', text: 'Running' },
            ],
          },
          { audience: '@runners', name: 'Runners (copy)' },
        ],
        ads: { status: 'ENABLED' },
      },
      {
        ref: 'coffee',
        settings: {
          name: 'Home baristas',
          brandId: '@ember',
          budget: 2000,
          budgetType: 'total',
          endDate: '2026-06-30',
        },
      },
    ],
  };
}

/** Everything the API shows of a workspace's records, ids replaced by names (ids differ between workspaces). */
async function recordsOf(b: TestBackend, api: Client, ctl: Client) {
  const list = async (path: string) =>
    ok(await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=100`)).data as any[];
  const brands = await list('/brands');
  const stores = await list('/data-stores?includeLibrary=true');
  const audiences = await list('/audiences');
  const campaigns = await list('/campaigns');
  const names = new Map<string, string>(
    [...brands, ...stores, ...audiences, ...campaigns].map((r) => [r.id, r.name]),
  );
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? id));
  const platform = new Map<string, string>(
    (ok(await ctl.get('/ads/campaigns')).data as any[]).map((p) => [p.campaignId, p.status]),
  );
  const storeRecords: any[] = [];
  for (const s of stores.filter((x) => x.scope === 'workspace')) {
    const channels = await list(`/data-stores/${s.id}/channels`);
    const videos = await list(`/data-stores/${s.id}/videos`);
    storeRecords.push({
      name: s.name,
      description: s.description,
      status: s.status,
      channelCount: s.channelCount,
      videoCount: s.videoCount,
      channels: channels.map((c) => [c.channelId, c.title, c.handle, c.subscribers]).sort(),
      videos: videos.map((v) => [v.videoId, v.title, v.viewCount, v.commentCount]).sort(),
    });
  }
  const campaignRecords: any[] = [];
  for (const c of campaigns) {
    const targeting = ok(await api.get(`/campaigns/${c.id}/targeting`));
    campaignRecords.push({
      ...Object.fromEntries(
        Object.entries(c).filter(
          ([k]) => !['id', 'url', 'createdAt', 'updatedAt', 'adsPlatform', 'audiences'].includes(k),
        ),
      ),
      brandId: name(c.brandId),
      audiences: c.audiences.map((s: any) => ({
        name: s.name,
        audienceId: name(s.audienceId),
        dataStoreIds: s.dataStoreIds.map(name),
      })),
      targeting: targeting.audiences.map((s: any) => ({
        name: s.name,
        status: s.status,
        items: s.items,
      })),
      published: c.adsPlatform.campaignId !== null,
      platformStatus: platform.get(c.id) ?? null,
    });
  }
  return {
    clock: ok(await ctl.get('/clock')),
    brands: brands.map(({ name, website, description }) => ({ name, website, description })),
    dataStores: storeRecords,
    audiences: audiences.map((a) => ({
      ...Object.fromEntries(
        Object.entries(a).filter(([k]) => !['id', 'createdAt', 'updatedAt'].includes(k)),
      ),
      dataStoreIds: a.dataStoreIds.map(name),
    })),
    campaigns: campaignRecords,
    // nothing else changes when nothing should: the records' own times
    times: [...brands, ...audiences, ...campaigns, ...stores].map((r) => [r.name, r.updatedAt]),
  };
}

const without = <T extends { times: unknown }>(r: T): Omit<T, 'times'> => {
  const { times: _, ...rest } = r;
  return rest;
};

let b: TestBackend;

/** Whether adcli serve publishes the schema (a route of server/http/app.ts, wired by whoever owns it). */
const served = await (async () => {
  const probe = await testBackend();
  return (await probe.app.request('/_adcli/v1/fixtures.schema.json')).status === 200;
})();

beforeAll(async () => {
  b = await testBackend();
  // the shared catalog and library store of the demo, whose channels the documents link
  const demo = await b.client({ workspace: 'demo', prefix: '/_adcli/v1' });
  ok(await demo.post('/reset', { seed: 'demo' }));
});

/** A new workspace's clients: the API and the controls. */
async function workspace(slug: string) {
  return {
    api: await b.client({ workspace: slug }),
    ctl: await b.client({ workspace: slug, prefix: '/_adcli/v1' }),
  };
}

describe('apply_fixtures', () => {
  it('makes every record, and applying the same document again changes nothing', async () => {
    const { api, ctl } = await workspace('twice');
    const first = ok(await ctl.post('/fixtures?file=ci.yaml', document()));
    expect(first).toMatchObject({
      workspace: 'twice',
      created: 7,
      updated: 1, // the clock
      deleted: 0,
      kinds: {
        brands: { created: 2 },
        dataStores: { created: 2 },
        audiences: { created: 1 },
        campaigns: { created: 2 },
        clock: { updated: 1 },
      },
    });
    expect(Object.keys(first.refs).sort()).toEqual(
      ['coffee', 'ember', 'hiking', 'launch', 'northwind', 'own', 'runners'].sort(),
    );
    const made = await recordsOf(b, api, ctl);
    expect(made.clock).toMatchObject({ now: '2026-04-01T09:00:00.000Z', frozen: true });
    const launch = made.campaigns.find((c) => c.name === 'Talus launch')!;
    expect(launch).toMatchObject({
      brandId: 'Northwind',
      locations: ['US', 'CA'],
      published: true,
      platformStatus: 'ENABLED',
      audiences: [
        { name: 'Primary audience', audienceId: null, dataStoreIds: ['Hiking creators'] },
        {
          name: 'Runners (copy)',
          audienceId: 'Trail runners',
          dataStoreIds: ['Hiking creators', 'Our own channel'],
        },
      ],
    });
    expect(launch.targeting[0]).toMatchObject({
      status: 'ready',
      items: [
        { section: 'keywords', text: 'trail running shoes', matchType: 'EXACT', source: 'manual' },
        { section: 'topics', text: 'Running', matchType: '', source: 'manual' },
      ],
    });
    const own = made.dataStores.find((s) => s.name === 'Our own channel')!;
    expect(own).toMatchObject({ status: 'ready', channelCount: 1, videoCount: 1 });
    expect(own.videos).toEqual([[VIDEO, 'Trail shoes review', 10, 1]]);
    const hiking = made.dataStores.find((s) => s.name === 'Hiking creators')!;
    expect(hiking).toMatchObject({ status: 'ready', channelCount: 2 });
    expect(hiking.videoCount).toBeGreaterThan(2);

    const again = ok(await ctl.post('/fixtures?file=ci.yaml', document()));
    expect(again).toMatchObject({ created: 0, updated: 0, deleted: 0, unchanged: 8 });
    expect(again.refs).toEqual(first.refs);
    expect(await recordsOf(b, api, ctl)).toEqual(made);
  });

  it('keeps its refs through a snapshot: after a load, the same document changes nothing', async () => {
    const { ctl } = await workspace('snapshotted');
    const doc = document();
    delete doc.clock;
    ok(await ctl.post('/fixtures', doc));
    const auth = { authorization: `Bearer ${ctl.key}` };
    const saved = await b.app.request('/_adcli/v1/snapshot', { headers: auth });
    expect(saved.status).toBe(200);
    const bytes = new Uint8Array(await saved.arrayBuffer());
    ok(await ctl.post('/reset', {}));
    const loaded = await b.app.request('/_adcli/v1/snapshot', {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/vnd.sqlite3' },
      body: bytes,
    });
    expect(loaded.status, await loaded.clone().text()).toBe(200);
    expect(((await loaded.json()) as { rows: Record<string, number> }).rows.fixture_refs).toBe(7);
    expect(ok(await ctl.post('/fixtures', doc))).toMatchObject({ created: 0, updated: 0 });
  });

  it('changes only what differs', async () => {
    const { api, ctl } = await workspace('differs');
    const doc = document();
    delete doc.clock; // on real time, a change is stamped later than what it leaves alone
    ok(await ctl.post('/fixtures', doc));
    const before = await recordsOf(b, api, ctl);
    doc.brands[1].website = 'https://ember.example';
    doc.campaigns[0].settings.budget = 75;
    doc.campaigns[0].slots[0].items.push({ section: 'websites', text: 'trailrunner.example' });
    b.clock.advance(60_000);
    const r = ok(await ctl.post('/fixtures', doc));
    expect(r).toMatchObject({
      created: 0,
      updated: 2,
      kinds: {
        brands: { updated: 1, unchanged: 1 },
        campaigns: { updated: 1, unchanged: 1 },
        dataStores: { unchanged: 2 },
        audiences: { unchanged: 1 },
      },
    });
    const after = await recordsOf(b, api, ctl);
    const changed = after.times.filter(
      ([name, at]) => before.times.find(([n]) => n === name)![1] !== at,
    );
    expect(changed.map(([name]) => name).sort()).toEqual(['Ember & Grind', 'Talus launch']);
    expect(after.campaigns.find((c) => c.name === 'Talus launch')!.budget).toBe(75);
  });

  it('in a dry run counts what an apply would change, and changes nothing (an Idempotency-Key neither)', async () => {
    const { api, ctl } = await workspace('dry');
    const empty = await recordsOf(b, api, ctl);
    const dry = ok(
      await ctl.post('/fixtures?dryRun=true', document(), { 'idempotency-key': 'dry-run-1' }),
    );
    expect(dry).toMatchObject({ dryRun: true, created: 7, updated: 1, deleted: 0 });
    expect(await recordsOf(b, api, ctl)).toEqual(empty);
    // the real apply says what the dry run said; the key of the dry run was not remembered
    const real = ok(await ctl.post('/fixtures', document(), { 'idempotency-key': 'dry-run-1' }));
    expect(real).toMatchObject({ dryRun: false, created: 7, updated: 1, deleted: 0 });
    expect(real.kinds).toEqual(dry.kinds);
    const made = await recordsOf(b, api, ctl);
    const doc = document();
    doc.campaigns[0].settings.budget = 75;
    doc.campaigns.pop();
    const pruning = ok(await ctl.post('/fixtures?dryRun=true&prune=true', doc));
    expect(pruning).toMatchObject({ dryRun: true, created: 0, updated: 1, deleted: 1 });
    expect(await recordsOf(b, api, ctl)).toEqual(made);
    // a bad document is refused as an apply would refuse it
    const bad = document();
    bad.campaigns[0].settings.budget = -1;
    const refused = await ctl.post('/fixtures?dryRun=true&file=ci.yaml', bad);
    expect(refused.status).toBe(400);
  });

  it('applies nothing when a record is bad, and says which file, record and field', async () => {
    const { api, ctl } = await workspace('bad');
    const empty = await recordsOf(b, api, ctl);
    const bad = async (doc: unknown, ...fragments: string[]) => {
      const e = expectError(await ctl.post('/fixtures?file=ci.yaml', doc), 400, 'invalid_request');
      for (const f of fragments) expect(e.message).toContain(f);
      expect(await recordsOf(b, api, ctl)).toEqual(empty);
      return e.message;
    };
    // the operations' own bounds, found before anything is made
    let doc = document();
    doc.campaigns[1].settings.budget = 1e12;
    await bad(doc, 'ci.yaml: campaigns[1] (@coffee).settings.budget: must be at most 10000000');
    doc = document();
    doc.campaigns[0].settings.dailyBudget = 5;
    await bad(doc, 'campaigns[0] (@launch): unknown field "settings.dailyBudget"; did you mean');
    doc = document();
    doc.campaigns[0].settings.locations = ['Germany'];
    await bad(doc, 'campaigns[0] (@launch).settings.locations[0]: "Germany"', '"DE"');
    doc = document();
    doc.brands[0].website = 'northwind.example';
    await bad(doc, 'ci.yaml: brands[0] (@northwind).website: must be an http(s) URL or empty');
    // a reference to nothing
    doc = document();
    doc.campaigns[0].settings.brandId = '@northwnd';
    await bad(
      doc,
      'ci.yaml: campaigns[0] (@launch).settings.brandId: no brand @northwnd in the file or the workspace; did you mean @northwind?',
    );
    doc = document();
    doc.audiences[0].dataStoreIds = ['@northwind'];
    await bad(doc, 'audiences[0] (@runners).dataStoreIds[0]: no data store @northwind', 'a brand');
    doc = document();
    doc.brands.push({ ref: 'hiking', name: 'Twice' });
    await bad(doc, 'dataStores[0] (@hiking).ref: @hiking is also the ref of brands[2] (@hiking)');
    // what only the API's rules know, found while applying: every record before it is undone too
    doc = document();
    doc.campaigns[1].settings.endDate = '2020-01-31';
    await bad(doc, 'ci.yaml: campaigns[1] (@coffee).settings.endDate: 2020-01-31 has passed');
    doc = document();
    doc.campaigns[1].ads = { status: 'ENABLED' };
    await bad(doc, 'ci.yaml: campaigns[1] (@coffee).ads: ', 'campaignType');
    doc = document();
    doc.dataStores[0].catalog.channelIds.push('UC' + 'z'.repeat(22));
    await bad(doc, `dataStores[0] (@hiking).catalog.channelIds[2]: channel UC${'z'.repeat(22)}`);
    // the body itself
    expectError(await ctl.post('/fixtures', []), 400, 'invalid_request');
  });

  it('--prune removes the records the workspace named that the file no longer does', async () => {
    const { api, ctl } = await workspace('prune');
    ok(await ctl.post('/fixtures', document()));
    const doc = document();
    doc.campaigns = doc.campaigns.filter((c: any) => c.ref !== 'coffee');
    doc.brands = doc.brands.filter((x: any) => x.ref !== 'ember');
    // without prune what the file leaves out stays
    expect(ok(await ctl.post('/fixtures', doc))).toMatchObject({ created: 0, deleted: 0 });
    expect((await recordsOf(b, api, ctl)).campaigns).toHaveLength(2);
    // a record made through the API has no ref: prune never touches it
    ok(await api.post('/brands', { name: 'By hand' }), 201);
    const pruned = ok(await ctl.post('/fixtures?prune=true', doc));
    expect(pruned).toMatchObject({
      created: 0,
      updated: 0,
      deleted: 2,
      kinds: { campaigns: { deleted: 1 }, brands: { deleted: 1 } },
    });
    expect(Object.keys(pruned.refs)).not.toContain('coffee');
    const left = await recordsOf(b, api, ctl);
    expect(left.campaigns.map((c) => c.name)).toEqual(['Talus launch']);
    expect(left.brands.map((x) => x.name).sort()).toEqual(['By hand', 'Northwind']);
    // with prune, references stay inside the file
    const stray = document();
    stray.campaigns = [stray.campaigns[1]];
    stray.brands = [];
    stray.campaigns[0].settings.brandId = '@northwind';
    const e = expectError(await ctl.post('/fixtures?prune=true', stray), 400, 'invalid_request');
    expect(e.message).toContain('no brand @northwind in the file (with --prune');
    // and a record deleted by hand is made again
    const launch = pruned.refs.launch.id;
    ok(await api.delete(`/campaigns/${launch}`));
    const again = ok(await ctl.post('/fixtures', doc));
    expect(again).toMatchObject({ created: 1, kinds: { campaigns: { created: 1 } } });
    expect(again.refs.launch.id).not.toBe(launch);
  });

  it('is for keys without limits, as it acts on the whole workspace', async () => {
    const { ctl } = await workspace('limits');
    const limited = await b.client({
      workspace: 'limits',
      campaignIds: ['a'.repeat(24)],
      prefix: '/_adcli/v1',
    });
    expectError(await limited.post('/fixtures', document()), 403, 'forbidden');
    expectError(await limited.get('/fixtures'), 403, 'forbidden');
    expect(ok(await ctl.get('/fixtures'))).toEqual({ version: 1 });
  });
});

/** An array nested `depth` levels deep (built without recursion). */
const nested = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
};

describe('a document nested too deep', () => {
  it(`the control refuses one past ${MAX_JSON_DEPTH} levels with a 400 naming the limit`, async () => {
    const { ctl } = await workspace('deep-control');
    for (const depth of [MAX_JSON_DEPTH + 1, 5000]) {
      const text = `{"brands": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      const e = expectError(
        await ctl.post('/fixtures?file=deep.json', text),
        400,
        'invalid_request',
      );
      expect(e.message).toMatch(`more than ${MAX_JSON_DEPTH} levels deep`);
    }
    // within the limit it is read, and refused for what it holds, the field named
    const e = expectError(
      await ctl.post('/fixtures?file=deep.json', { brands: nested(MAX_JSON_DEPTH - 1) }),
      400,
      'invalid_request',
    );
    expect(e.message).toMatch(/^deep\.json: brands\[0\]/);
    expect(ok(await ctl.get('/fixtures'))).toEqual({ version: 1 });
  });

  it('serve --fixtures hands the document to applyFixturesTo: the same 400, naming the file', async () => {
    const ws = (await b.services.workspaces.bySlug('acme'))!;
    await expect(
      applyFixturesTo(b.services, ws, { campaigns: nested(5000) }, { file: 'deep.yaml' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: `deep.yaml: the document nests objects and lists more than ${MAX_JSON_DEPTH} levels deep; a fixtures document needs far fewer`,
    });
  });
});

describe('docs/fixtures.md', () => {
  it("applies the CI job's file as it is written there, and the schema takes it", async () => {
    const text = readFileSync(new URL('../docs/fixtures.md', import.meta.url), 'utf8');
    const block = /```yaml\n([\s\S]*?)```/.exec(text)![1]!;
    expect(block).toMatch(
      /^# yaml-language-server: \$schema=http:\/\/127\.0\.0\.1:4010\/_adcli\/v1\/fixtures\.schema\.json\n/,
    );
    const doc = parseYaml(block);
    const { api, ctl } = await workspace('docs');
    const r = ok(await ctl.post('/fixtures?file=ci.yaml', doc));
    expect(r).toMatchObject({ created: 4, deleted: 0, kinds: { campaigns: { created: 1 } } });
    expect(ok(await ctl.post('/fixtures?file=ci.yaml', doc))).toMatchObject({
      created: 0,
      updated: 0,
    });
    const launch = ok(await api.get(`/campaigns/${r.refs.launch.id}`));
    expect(launch.audiences.map((s: any) => s.name)).toEqual([
      'Primary audience',
      'Runners (spring)',
    ]);
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    expect(ajv.validate(fixturesJsonSchema(), doc), JSON.stringify(ajv.errors)).toBe(true);
  });
});

describe('export_fixtures', () => {
  it('applied to an empty workspace, an export makes the same records', async () => {
    const source = await workspace('source');
    ok(await source.ctl.post('/fixtures', document()));
    // records made through the API too: they get refs made up from their names
    ok(await source.api.post('/brands', { name: 'Switchback Vans' }), 201);
    const library = (
      ok(await source.api.get('/data-stores?includeLibrary=true&limit=100')).data as any[]
    ).find((s) => s.scope === 'library');
    ok(
      await source.api.post('/audiences', {
        name: 'Van lifers',
        dataStoreIds: [library.id],
        tags: ['travel'],
      }),
      201,
    );
    const exported = ok(await source.ctl.get('/fixtures'));
    expect(exported.brands.map((x: any) => x.ref)).toEqual([
      'northwind',
      'ember',
      'switchback-vans',
    ]);
    expect(exported.audiences[1]).toEqual({
      ref: 'van-lifers',
      name: 'Van lifers',
      // the kind is left out at its default, custom, as every field is
      tags: ['travel'],
      // the library store is the server's: a record that names it by id, applied anywhere
      dataStoreIds: ['@trending-outdoor-travel-creators'],
    });
    expect(exported.dataStores.at(-1)).toMatchObject({ name: library.name, library: library.id });
    // never a key, a session, a login link or the journal
    expect(JSON.stringify(exported)).not.toMatch(/adcli_[A-Za-z0-9]{20}|token|requestId/);

    const copy = await workspace('copy');
    const applied = ok(await copy.ctl.post('/fixtures', exported));
    expect(applied).toMatchObject({ created: 9, updated: 1, deleted: 0 });
    const want = without(await recordsOf(b, source.api, source.ctl));
    expect(without(await recordsOf(b, copy.api, copy.ctl))).toEqual(want);
    // and exported again, it is the same document
    expect(ok(await copy.ctl.get('/fixtures'))).toEqual(exported);
    // applied back to where it came from, it changes nothing (made-up refs match their records)
    expect(ok(await source.ctl.post('/fixtures', exported))).toMatchObject({
      created: 0,
      updated: 0,
    });
    expect(ok(await source.ctl.get('/fixtures'))).toEqual(exported);
  });

  it('names the demo workspace by the refs of the demo seed, which is a fixtures document', async () => {
    const demo = await workspace('demo');
    const exported = ok(await demo.ctl.get('/fixtures'));
    expect(exported.brands.map((x: any) => x.ref)).toEqual(['northwind', 'ember', 'switchback']);
    // and the library store the van lifers draw on, last
    expect(exported.dataStores.map((x: any) => x.ref).join(' ')).toBe(
      'hiking trail coffee travel trending-outdoor-travel-creators',
    );
    expect(exported.campaigns.map((x: any) => x.ref)).toEqual([
      'talus-launch',
      'ridgeline-always-on',
      'home-baristas-q1',
      'alps-summer',
    ]);
    // the demo's platform campaign, its generated targeting and its place in the ad platform
    const platform = exported.campaigns[1];
    expect(platform.ads).toEqual({ status: 'ENABLED' });
    expect(platform.slots[0].items.length).toBeGreaterThan(5);
    expect(ok(await demo.ctl.post('/fixtures', exported))).toMatchObject({
      created: 0,
      updated: 0,
    });
  });
});

describe('the JSON Schema of a fixtures document', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(fixturesJsonSchema());

  it('compiles under Ajv strict mode: every keyword beside the type it applies to', () => {
    // minItems without type: array (the import's "at least one item"), required or maxLength in a
    // branch without its type: strictTypes refused them, and editors that run strict warn
    const warnings: unknown[] = [];
    const strict = new Ajv({
      allErrors: true,
      strict: true,
      logger: { log: () => {}, warn: (...a: unknown[]) => warnings.push(a), error: () => {} },
    });
    addFormats.default(strict);
    const strictValidate = strict.compile(fixturesJsonSchema());
    expect(warnings).toEqual([]);
    expect(strictValidate(document()), JSON.stringify(strictValidate.errors)).toBe(true);
    // the rule the fixed keywords state still holds: resources need at least one item
    const doc = document();
    doc.dataStores[0].resources = { channels: [] };
    expect(strictValidate(doc)).toBe(false);
  });

  it('is a valid JSON Schema that takes the documents and an export, and refuses a bad record', async () => {
    expect(validate(document()), JSON.stringify(validate.errors)).toBe(true);
    const demo = await workspace('demo');
    const exported = ok(await demo.ctl.get('/fixtures'));
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    const doc = document();
    doc.campaigns[0].settings.budget = -1;
    doc.brands[0].ref = '@northwind';
    doc.audiences[0].dataStoreIds = ['hiking'];
    expect(validate(doc)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath).sort()).toEqual(
      expect.arrayContaining([
        '/audiences/0/dataStoreIds/0',
        '/brands/0/ref',
        '/campaigns/0/settings/budget',
      ]),
    );
  });

  it.runIf(served)(
    'is served for editors at /_adcli/v1/fixtures.schema.json, without a key',
    async () => {
      const res = await b.app.request('/_adcli/v1/fixtures.schema.json');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(fixturesJsonSchema());
    },
  );
});

// ------------------------------------------------------------------------------- the CLI

/** Whether `adcli backend apply` and `export` are registered (src/commands/backend/backend.ts). */
const wired = /^\s+apply\b/m.test((await runCli(['backend', '--help'])).stdout);

/** What a CI job keeps in ci.yaml (the demo's catalog has the channel). */
const yaml = `# yaml-language-server: $schema=http://127.0.0.1:4010/_adcli/v1/fixtures.schema.json
version: 1
brands:
- ref: acme
  name: Acme Trail Co.
  website: https://acme.example
dataStores:
- ref: acme-trail
  name: Trail creators
  catalog:
    channelIds: [${TRAIL_1}]
campaigns:
- ref: spring
  settings:
    name: Acme spring launch
    brandId: "@acme"
    campaignType: DEMAND_GEN
    budget: 40
    budgetType: daily
    dataStoreIds: ["@acme-trail"]
`;

describe.runIf(wired)('adcli backend apply and export (in-process, the local profile)', () => {
  it('applies a YAML file, then nothing the second time; export writes it back', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'fixtures');
    const file = join(dir, 'ci.yaml');
    writeFileSync(file, yaml);
    const dry = await runCli(['backend', 'apply', file, '--dry-run'], { env: sb.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(
      `Checked ${file} against workspace demo (--dry-run, nothing changed): 3 to create, 0 to update.`,
    );
    expect(dry.stderr).toMatch(/brands\s+1 to create, 0 to update, 0 unchanged/);
    const first = await runCli(['backend', 'apply', file], { env: sb.env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`Applied ${file} to workspace`);
    expect(first.stderr).toContain(': 3 created, 0 updated.');
    expect(first.stderr).toMatch(/brands\s+1 created, 0 updated, 0 unchanged/);
    const second = await runCli(['backend', 'apply', file], { env: sb.env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(': 0 created, 0 updated.');
    expect(second.stderr).toMatch(/campaigns\s+0 created, 0 updated, 1 unchanged/);

    const exported = await runCli(['backend', 'export'], { env: sb.env });
    expect(exported.code, exported.stderr).toBe(0);
    const back = parseYaml(exported.stdout);
    expect(back.brands.find((x: any) => x.ref === 'acme')).toEqual({
      ref: 'acme',
      name: 'Acme Trail Co.',
      website: 'https://acme.example',
    });
    const json = await runCli(['backend', 'export', '--json'], { env: sb.env });
    expect(JSON.parse(json.stdout)).toEqual(back);
    // the export applied as it is changes nothing
    const again = await runCli(['backend', 'apply', '-', '--json'], {
      env: sb.env,
      stdin: json.stdout,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 0 });
  });

  it('reads stdin, prunes, and names the file, record and field of a bad one', async () => {
    const sb = sandbox();
    // an empty workspace: --prune would remove the demo's records too (the demo seed names them)
    expect((await runCli(['backend', 'reset', '--yes'], { env: sb.env })).code).toBe(0);
    const doc = parseYaml(yaml);
    const applied = await runCli(['backend', 'apply', '-', '--json'], {
      env: sb.env,
      stdin: JSON.stringify(doc),
    });
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ created: 3 });

    doc.campaigns = [];
    const pruned = await runCli(['backend', 'apply', '-', '--prune'], {
      env: sb.env,
      stdin: JSON.stringify(doc),
    });
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.stderr).toContain('0 created, 0 updated, 1 deleted.');

    const dir = tempDir(sb, 'bad');
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, yaml.replace('budget: 40', 'budget: -4'));
    const refused = await runCli(['backend', 'apply', file], { env: sb.env });
    expect(refused.code).toBe(3); // refused by the server, as every 400 of the API
    expect(refused.stderr).toContain(
      `${file}: campaigns[0] (@spring).settings.budget: must be greater than 0`,
    );
    writeFileSync(file, 'brands:\n  - ref: a\n    name: [unclosed\n');
    const broken = await runCli(['backend', 'apply', file], { env: sb.env });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`${file}:\\d+:\\d+ is not YAML`));
    // as docs/fixtures.md says: 2 for the file itself, 3 for what the server refuses
    const docs = readFileSync(new URL('../docs/fixtures.md', import.meta.url), 'utf8');
    expect(docs).toMatch(/\| 2 \| the file itself, before anything is sent: .*is not YAML/);
    expect(docs).toMatch(/\| 3 \| the server refuses the document \(a 400/);
    writeFileSync(file, 'just text\n');
    const notObject = await runCli(['backend', 'apply', file], { env: sb.env });
    expect(notObject.code, notObject.stderr).toBe(2);
    expect(notObject.stderr).toContain(`${file} is not a fixtures document`);
  });
});

/** A YAML alias bomb ("billion laughs"): nine levels of nine aliases each, 9^9 strings expanded. */
const laughs = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]']
  .concat(
    'bcdefghi'
      .split('')
      .map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
  )
  .join('\n');

describe.runIf(wired)('a hostile fixtures file is a usage error (exit 2), never a crash', () => {
  const files = () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'hostile');
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    return {
      sb,
      cases: [
        [
          write('laughs.yaml', laughs),
          /laughs\.yaml expands its YAML aliases \(\*anchor\) more than 1000 times/,
        ],
        [
          // one anchor of 20,000 strings, used 999 times: under the alias count, 800 MB expanded
          write(
            'wide.yaml',
            `a: &a [${Array.from({ length: 20_000 }, (_, i) => `s${'x'.repeat(38)}${i}`).join(', ')}]\nb: [${Array(999).fill('*a').join(', ')}]\n`,
          ),
          /wide\.yaml takes more than 16 MB as JSON once its YAML aliases/,
        ],
        [
          write('deep.json', `{"brands": ${'['.repeat(5000)}${']'.repeat(5000)}}`),
          /deep\.json nests objects and lists more than 64 levels deep/,
        ],
        [
          write('deep.yaml', `brands: ${'['.repeat(5000)}${']'.repeat(5000)}\n`),
          /deep\.yaml:1:\d+ nests objects and lists more than 64 levels deep/,
        ],
        [
          // an alias nests its anchor's depth inside its own
          write(
            'aliased.yaml',
            `a: &a ${'['.repeat(40)}${']'.repeat(40)}\nbrands: ${'['.repeat(30)}*a${']'.repeat(30)}\n`,
          ),
          /aliased\.yaml nests objects and lists more than 64 levels deep/,
        ],
      ] as [string, RegExp][],
    };
  };

  const refused = (r: { code: number; stderr: string }, message: RegExp) => {
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^adcli: /);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/unexpected error|\n\s+at /);
  };

  it('adcli backend apply FILE', async () => {
    const { sb, cases } = files();
    for (const [file, message] of cases)
      refused(await runCli(['backend', 'apply', file], { env: sb.env }), message);
  });

  it('adcli serve --fixtures FILE, before anything starts', async () => {
    const { sb, cases } = files();
    for (const [file, message] of cases)
      refused(
        await runCli(['serve', '--memory', '--fixtures', file, '--exec', 'true'], { env: sb.env }),
        message,
      );
  });
});

/** Whether `adcli serve` takes --fixtures (src/commands/serve/serve.ts, server/app/server.ts). */
const serveWired = (await runCli(['serve', '--help'])).stdout.includes('--fixtures');

describe.runIf(serveWired)('adcli serve --fixtures (a process, the built bundle)', () => {
  afterEach(killAll);
  afterAll(cleanupAll);
  const q = (x: string) => `'${x.replace(/'/g, `'\\''`)}'`;

  it('applies the file at start, for the --exec command (a CI job) to find', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'ci');
    const file = join(dir, 'ci.yaml');
    writeFileSync(file, yaml.replace(/channelIds: \[UC[^\]]*\]/, 'channelIds: []'));
    const schema = join(dir, 'schema.mjs');
    writeFileSync(
      schema,
      "const url = process.env.ADCLI_BASE_URL.replace(/\\/api\\/v1$/, '/_adcli/v1/fixtures.schema.json');\n" +
        'const r = await fetch(url);\n' +
        'console.log(r.status, (await r.json()).title);\n',
    );
    const node = q(process.execPath);
    const r = await runAdcli(
      [
        'serve',
        '--memory',
        '--fixtures',
        file,
        '--exec',
        `${node} ${q(BIN)} backend export --json && ${node} ${q(schema)}`,
      ],
      { env: sb.env, timeoutMs: 60_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`applied ${file} to workspace default: 3 created, 0 updated`);
    const [exported, served] = r.stdout.trim().split('\n');
    expect(JSON.parse(exported!).campaigns[0]).toMatchObject({
      ref: 'spring',
      settings: { name: 'Acme spring launch', brandId: '@acme' },
    });
    expect(served).toBe('200 adcli fixtures');

    writeFileSync(file, yaml.replace('budget: 40', 'budget: 0'));
    const refused = await runAdcli(['serve', '--memory', '--fixtures', file, '--exec', 'true'], {
      env: sb.env,
      timeoutMs: 60_000,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `--fixtures ${file}: campaigns[0] (@spring).settings.budget: must be greater than 0`,
    );
  });
});

it('is wired: backend apply/export and serve --fixtures registered, the schema served', async () => {
  expect({ cli: wired, schema: served, serve: serveWired }).toEqual({
    cli: true,
    schema: true,
    serve: true,
  });
});
