// @store both
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regenerated } from '../server/domain/targeting.ts';
import { targeting, targetingChange, targetingOperations } from '../server/operations/targeting.ts';
import { generate as runGenerator } from '../server/targeting/generate.ts';
import type { TargetingItem } from '../server/targeting/types.ts';
import { campaign as campaignSchema } from '../server/schemas/records.ts';
import { demoContent, type DemoContent, type DemoTheme } from '../server/seed/demo-content.ts';
import { runSeed } from '../server/seed/index.ts';
import { expectError, ok } from './helpers/assert.ts';
import { MISSING_ID, testBackend, type Client, type TestBackend } from './helpers/backend.ts';

/**
 * Targeting of the in-process app (contract: Get targeting, Generate targeting, States and
 * transitions, the 409 rule; durable jobs, states and edit targeting).
 * Time is a ManualClock: a job runs only once the clock passes its delay and runner.runDue() is called.
 */

const DELAY = 5000;

type Targeting = z.output<typeof targeting>;
const generateResponse = targetingOperations.find((o) => o.name === 'generate_targeting')!
  .response as z.ZodType<
  Targeting & { started: string[]; skipped: { id: string; reason: string }[] }
>;

let content: DemoContent;
let b: TestBackend;
let api: Client;

beforeAll(() => {
  content = demoContent();
});

/** A backend with the shared demo catalog loaded and background jobs that take DELAY ms. */
async function backend(): Promise<TestBackend> {
  const tb = await testBackend({ jobDelayMs: DELAY });
  await runSeed(tb.services, 'demo');
  return tb;
}

beforeEach(async () => {
  b = await backend();
  api = b.api;
});

/** The demo content of one theme, as an import body (channels, videos, every comment thread). */
function themeImport(theme: DemoTheme) {
  const channelIds = new Set(content.themes[theme]);
  const videos = content.videos.filter((v) => channelIds.has(v.snippet!.channelId!));
  const videoIds = new Set(videos.map((v) => v.id));
  return {
    channels: content.channels.filter((c) => channelIds.has(c.id)),
    videos,
    comments: content.commentThreads.filter((t) => videoIds.has(t.snippet.videoId!)),
  };
}

/** A ready workspace data store filled by import with one theme of the demo content. */
async function importedStore(theme: DemoTheme, client: Client = api): Promise<string> {
  const created = await client.post('/data-stores', { name: `${theme} creators` });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('ready');
  const r = await client.post(`/data-stores/${created.body.id}/import`, themeImport(theme));
  expect(r.status).toBe(200);
  expect(r.body.dataStore.videoCount).toBeGreaterThan(0);
  return created.body.id;
}

async function emptyStore(client: Client = api): Promise<string> {
  const r = await client.post('/data-stores', { name: 'Nothing in here yet' });
  expect(r.status).toBe(201);
  return r.body.id;
}

async function createCampaign(body: Record<string, unknown>, client: Client = api) {
  const r = await client.post('/campaigns', {
    name: 'Spring launch',
    objective: 'Sell more coffee gear to home brewers',
    ...body,
  });
  expect(r.status).toBe(201);
  return campaignSchema.parse(r.body);
}

/** A saved audience attached to the campaign; answers the new slot's id. */
async function attach(
  campaignId: string,
  audience: Record<string, unknown>,
  client: Client = api,
): Promise<string> {
  const a = await client.post('/audiences', audience);
  expect(a.status).toBe(201);
  const r = await client.post(`/campaigns/${campaignId}/audiences`, { audienceId: a.body.id });
  expect(r.status).toBe(201);
  return r.body.audiences.at(-1).id;
}

async function getTargeting(campaignId: string, client: Client = api): Promise<Targeting> {
  const r = await client.get(`/campaigns/${campaignId}/targeting`);
  expect(r.status).toBe(200);
  return targeting.parse(r.body);
}

async function generate(campaignId: string, body: unknown = {}, client: Client = api) {
  const r = await client.post(`/campaigns/${campaignId}/targeting/generate`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return generateResponse.parse(r.body);
}

async function campaignStatus(campaignId: string): Promise<string> {
  const r = await api.get(`/campaigns/${campaignId}`);
  expect(r.status).toBe(200);
  return r.body.status;
}

function slotOf(t: Targeting, slotId: string) {
  const s = t.audiences.find((a) => a.id === slotId);
  expect(s, `slot ${slotId}`).toBeDefined();
  return s!;
}

/** Lets the job delay pass and runs what is due. */
async function runJobs(ms = DELAY): Promise<number> {
  b.clock.advance(ms);
  return b.runner.runDue();
}

async function pendingJobs(
  kind = 'generate_targeting',
): Promise<{ subject: string; state: string; attempts: number; run_at: string }[]> {
  return b.store.all(
    "SELECT subject, state, attempts, run_at FROM jobs WHERE kind = ? AND state IN ('queued', 'running') ORDER BY run_at",
    kind,
  );
}

/** A campaign with three slots: primary (coffee store), a saved audience with a store (coffee), one without stores. */
async function threeSlotCampaign(body: Record<string, unknown> = {}) {
  const store = await importedStore('coffee');
  const c = await createCampaign({ dataStoreIds: [store], ...body });
  const fed = await attach(c.id, {
    name: 'Home baristas',
    keywords: ['espresso at home'],
    dataStoreIds: [store],
  });
  const bare = await attach(c.id, { name: 'Gift buyers' });
  return { store, campaignId: c.id, primary: c.audiences[0]!.id, fed, bare };
}

describe('get targeting', () => {
  it('lists one not_generated entry per slot, with empty items, before any generation', async () => {
    const { campaignId, primary, fed, bare } = await threeSlotCampaign({ campaignType: 'SEARCH' });
    const r = await api.get(`/campaigns/${campaignId}/targeting`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['audiences', 'campaignId', 'campaignType']);
    const t = targeting.parse(r.body);
    expect(t.campaignId).toBe(campaignId);
    expect(t.campaignType).toBe('SEARCH');
    expect(t.audiences.map((a) => a.id)).toEqual([primary, fed, bare]);
    const c = campaignSchema.parse((await api.get(`/campaigns/${campaignId}`)).body);
    expect(t.audiences.map((a) => [a.name, a.audienceId])).toEqual(
      c.audiences.map((a) => [a.name, a.audienceId]),
    );
    for (const a of t.audiences) {
      expect(Object.keys(a).sort()).toEqual([
        'audienceId',
        'error',
        'id',
        'items',
        'name',
        'status',
        'updatedAt',
      ]);
      expect(a).toMatchObject({ status: 'not_generated', items: [], updatedAt: '', error: '' });
    }
    expect(t.audiences[0]!.audienceId).toBeNull();
    expect(t.audiences[1]!.audienceId).toMatch(/^[a-f0-9]{24}$/);
  });

  it("answers campaignType '' when the campaign has none", async () => {
    const c = await createCampaign({});
    expect(c.campaignType).toBeNull();
    const t = await getTargeting(c.id);
    expect(t.campaignType).toBe('');
    expect(t.audiences).toHaveLength(1);
  });

  it('is 404 for a campaign of another workspace and 403 without campaigns:read', async () => {
    const c = await createCampaign({});
    expectError(
      await (await b.client({ workspace: 'other' })).get(`/campaigns/${c.id}/targeting`),
      404,
      'not_found',
    );
    expectError(
      await (await b.client({ scopes: ['datasets:read'] })).get(`/campaigns/${c.id}/targeting`),
      403,
      'forbidden',
      'campaigns:read',
    );
    expectError(await api.get(`/campaigns/${MISSING_ID}/targeting`), 404, 'not_found');
  });
});

describe('generate targeting', () => {
  it('starts the slots with data stores, skips the others, and is generating until the job has run', async () => {
    const { campaignId, primary, fed, bare } = await threeSlotCampaign();
    expect(await campaignStatus(campaignId)).toBe('draft');
    const startedAt = b.clock.now().toISOString();

    const g = await generate(campaignId);
    expect(g.started).toEqual([primary, fed]);
    expect(g.skipped).toEqual([{ id: bare, reason: expect.stringMatching(/data stores/) }]);
    expect(slotOf(g, primary).status).toBe('generating');
    expect(slotOf(g, fed).status).toBe('generating');
    expect(slotOf(g, bare).status).toBe('not_generated');
    expect(await campaignStatus(campaignId)).toBe('loading');

    // The delay has not passed: nothing runs and `generating` stays visible.
    expect(await b.runner.runDue()).toBe(0);
    b.clock.advance(DELAY - 1);
    expect(await b.runner.runDue()).toBe(0);
    let t = await getTargeting(campaignId);
    expect(t.audiences.map((a) => a.status)).toEqual(['generating', 'generating', 'not_generated']);
    expect(slotOf(t, primary).items).toEqual([]);
    expect(await campaignStatus(campaignId)).toBe('loading');

    b.clock.advance(1);
    expect(await b.runner.runDue()).toBe(2);
    t = await getTargeting(campaignId);
    const doneAt = b.clock.now().toISOString();
    for (const id of [primary, fed]) {
      const s = slotOf(t, id);
      expect(s.status).toBe('ready');
      expect(s.error).toBe('');
      expect(s.items.length).toBeGreaterThan(0);
      expect(s.updatedAt).toBe(doneAt);
      expect(s.updatedAt > startedAt).toBe(true);
    }
    expect(slotOf(t, bare)).toMatchObject({ status: 'not_generated', items: [], updatedAt: '' });
    expect(await campaignStatus(campaignId)).toBe('ready');
    expect(await pendingJobs()).toEqual([]);
  });

  it('skips ready slots when no audienceIds are given, and regenerates a slot that is named', async () => {
    const { campaignId, primary, fed, bare } = await threeSlotCampaign();
    await generate(campaignId);
    await runJobs();
    const before = await getTargeting(campaignId);

    b.clock.advance(60_000);
    const again = await generate(campaignId);
    expect(again.started).toEqual([]);
    expect(again.skipped).toEqual([
      { id: primary, reason: expect.stringMatching(/^already generated/) },
      { id: fed, reason: expect.stringMatching(/^already generated/) },
      { id: bare, reason: expect.stringMatching(/data stores/) },
    ]);
    expect(await pendingJobs()).toEqual([]);
    expect(await getTargeting(campaignId)).toEqual(before);
    expect(await campaignStatus(campaignId)).toBe('ready');

    // Naming a ready slot regenerates it; the other stays as it is.
    const named = await generate(campaignId, { audienceIds: [fed] });
    expect(named.started).toEqual([fed]);
    expect(named.skipped).toEqual([]);
    expect(slotOf(named, fed).status).toBe('generating');
    expect(slotOf(named, primary).status).toBe('ready');
    expect(await campaignStatus(campaignId)).toBe('loading');
    // one generation (other kinds of jobs, e.g. the ad-platform sync, may be due beside it)
    expect((await pendingJobs()).map((j) => j.subject)).toEqual([fed]);
    await runJobs();
    expect(await pendingJobs()).toEqual([]);
    const after = await getTargeting(campaignId);
    expect(slotOf(after, fed).status).toBe('ready');
    expect(slotOf(after, fed).updatedAt).toBe(b.clock.now().toISOString());
    // Same content, same slot: byte-identical items.
    expect(JSON.stringify(slotOf(after, fed).items)).toBe(
      JSON.stringify(slotOf(before, fed).items),
    );
    expect(slotOf(after, primary)).toEqual(slotOf(before, primary));
    expect(await campaignStatus(campaignId)).toBe('ready');
  });

  it('skips generating slots when none are named, and naming a generating slot is 409', async () => {
    const { campaignId, primary, fed, bare } = await threeSlotCampaign();
    await generate(campaignId);
    const during = await generate(campaignId);
    expect(during.started).toEqual([]);
    expect(during.skipped).toEqual([
      { id: primary, reason: expect.stringMatching(/generating/) },
      { id: fed, reason: expect.stringMatching(/generating/) },
      { id: bare, reason: expect.stringMatching(/data stores/) },
    ]);
    expectError(
      await api.post(`/campaigns/${campaignId}/targeting/generate`, { audienceIds: [primary] }),
      409,
      'conflict',
      primary,
      'generating',
    );
    // A 409 for one named slot starts none of the others.
    expectError(
      await api.post(`/campaigns/${campaignId}/targeting/generate`, { audienceIds: [bare, fed] }),
      409,
      'conflict',
      fed,
    );
    expect((await pendingJobs()).map((j) => j.subject).sort()).toEqual([primary, fed].sort());
    expect(await runJobs()).toBe(2);
    expect((await getTargeting(campaignId)).audiences.map((a) => a.status)).toEqual([
      'ready',
      'ready',
      'not_generated',
    ]);
  });

  it('skips a named slot without data stores, with a reason', async () => {
    const { campaignId, bare } = await threeSlotCampaign();
    const g = await generate(campaignId, { audienceIds: [bare] });
    expect(g.started).toEqual([]);
    expect(g.skipped).toEqual([{ id: bare, reason: expect.stringMatching(/data stores/) }]);
    expect(await campaignStatus(campaignId)).toBe('draft');
  });

  it('answers 400 naming audienceIds[i] for a slot the campaign does not have, and starts nothing', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    const other = await threeSlotCampaign();
    for (const unknown of [MISSING_ID, other.primary, 'not-a-slot']) {
      expectError(
        await api.post(`/campaigns/${campaignId}/targeting/generate`, {
          audienceIds: [primary, unknown],
        }),
        400,
        'invalid_request',
        'audienceIds[1]',
        unknown,
      );
    }
    expect(await pendingJobs()).toEqual([]);
    expect(slotOf(await getTargeting(campaignId), primary).status).toBe('not_generated');
    expect(await campaignStatus(campaignId)).toBe('draft');
  });

  it('checks the bounds of audienceIds: at most 25 items of 1 to 200 characters', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    const path = `/campaigns/${campaignId}/targeting/generate`;
    expectError(
      await api.post(path, { audienceIds: Array(26).fill(primary) }),
      400,
      'invalid_request',
      'audienceIds must have at most 25 items',
    );
    expectError(
      await api.post(path, { audienceIds: [''] }),
      400,
      'invalid_request',
      'audienceIds[0] must not be empty',
    );
    const tooLong = await api.post(path, { audienceIds: [primary, 'a'.repeat(201)] });
    expectError(tooLong, 400, 'invalid_request', 'audienceIds[1] must be at most 200 characters');
    // 200 characters pass the bound; the id is then unknown, a 400 for another reason.
    const longest = await api.post(path, { audienceIds: ['a'.repeat(200)] });
    expectError(longest, 400, 'invalid_request', 'audienceIds[0]', 'no audience slot');
    expect(longest.body.error.message).not.toContain('at most');
    expectError(await api.post(path, { audienceIds: 'x' }), 400, 'invalid_request', 'audienceIds');
    expectError(
      await api.post(path, { audienceIds: [primary], extra: 1 }),
      400,
      'invalid_request',
      'unknown field "extra"',
    );
    expect(await pendingJobs()).toEqual([]);
    // 25 items are fine (repeats name the same slot once).
    const ok = await generate(campaignId, { audienceIds: Array(25).fill(primary) });
    expect(ok.started).toEqual([primary]);
    expect(await pendingJobs()).toHaveLength(1);
  });

  it('needs campaigns:write, and a campaign of the workspace', async () => {
    const { campaignId } = await threeSlotCampaign();
    expectError(
      await (
        await b.client({ scopes: ['campaigns:read'] })
      ).post(`/campaigns/${campaignId}/targeting/generate`, {}),
      403,
      'forbidden',
      'campaigns:write',
    );
    expectError(
      await (
        await b.client({ workspace: 'other' })
      ).post(`/campaigns/${campaignId}/targeting/generate`, {}),
      404,
      'not_found',
    );
    expect(await pendingJobs()).toEqual([]);
  });

  it('generates byte-identical items from the same content in two fresh backends', async () => {
    const itemsOf = async (tb: TestBackend) => {
      const store = await importedStore('trail', tb.api);
      const c = await createCampaign({ dataStoreIds: [store], campaignType: 'DEMAND_GEN' }, tb.api);
      await generate(c.id, {}, tb.api);
      tb.clock.advance(DELAY);
      expect(await tb.runner.runDue()).toBe(1);
      const t = await getTargeting(c.id, tb.api);
      expect(t.audiences[0]!.status).toBe('ready');
      return t.audiences[0]!.items;
    };
    const first = await itemsOf(b);
    const second = await itemsOf(await backend());
    expect(first.length).toBeGreaterThan(10);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('produces well-formed items: sections, match types, keyword bounds, no spam', async () => {
    const themes: DemoTheme[] = ['coffee', 'trail', 'hiking', 'travel'];
    const spam = content.commentThreads
      .map((t) => t.snippet.topLevelComment!.snippet!)
      .filter((s) =>
        /SubForSub|Gift-Drops|FastGains|PromoReach|WinnerAlerts|easycash/.test(
          s.authorDisplayName ?? '',
        ),
      )
      .map((s) => s.textOriginal!);
    expect(spam.length).toBeGreaterThan(0);
    // Words only spam uses: none of them may reach a keyword.
    const spamWords = [
      'gift cards',
      'giftcard',
      'telegram',
      'followers',
      'sub back',
      'my channel',
      'collab',
      'prize',
      'selected to win',
      'trading',
      'this simple method',
      'check my profile',
      'limited time',
    ];
    for (const w of spamWords) expect(spam.join(' ').toLowerCase()).toContain(w);

    for (const theme of themes) {
      const store = await importedStore(theme);
      const c = await createCampaign({ name: `${theme} campaign`, dataStoreIds: [store] });
      await generate(c.id);
      await runJobs();
      const items = (await getTargeting(c.id)).audiences[0]!.items;
      expect(items.length, theme).toBeGreaterThan(0);
      const sections = new Set(items.map((i) => i.section));
      expect(sections.has('keywords'), theme).toBe(true);
      for (const item of items) {
        expect(['keywords', 'segments', 'topics', 'websites']).toContain(item.section);
        expect(item.text.length).toBeGreaterThan(0);
        expect(item.label.length).toBeGreaterThan(0);
        if (item.section === 'keywords') {
          expect(['EXACT', 'PHRASE', 'BROAD']).toContain(item.matchType);
          expect(item.text.length, item.text).toBeLessThanOrEqual(80);
          expect(item.text.trim().split(/\s+/).length, item.text).toBeLessThanOrEqual(10);
          const lower = item.text.toLowerCase();
          for (const w of spamWords)
            expect(lower, `keyword "${item.text}" carries spam`).not.toContain(w);
          for (const s of spam) expect(s.toLowerCase()).not.toBe(lower);
        } else {
          expect(item.matchType, `${item.section} ${item.text}`).toBe('');
        }
      }
      // Every item once per section.
      const keys = items.map((i) => `${i.section}\n${i.text.toLowerCase()}`);
      expect(new Set(keys).size, theme).toBe(keys.length);
    }
  });
});

describe('edit targeting items', () => {
  const itemsPath = (campaignId: string, slotId: string) =>
    `/campaigns/${campaignId}/targeting/audiences/${slotId}/items`;

  it('replaces the items, fills label, matchType and source, and makes the slot ready', async () => {
    const { campaignId, primary, fed, bare } = await threeSlotCampaign();
    await generate(campaignId);
    await runJobs();
    b.clock.advance(1000);
    const r = await api.put(itemsPath(campaignId, primary), {
      items: [
        { section: 'keywords', text: 'burr grinder sale' },
        {
          section: 'keywords',
          text: 'pour over kettle',
          matchType: 'EXACT',
          label: 'Pour-over kettle',
          source: 'brief',
        },
        { section: 'topics', text: 'Food & Drink › Coffee' },
        { section: 'websites', text: 'coffee.example', matchType: '' },
        { section: 'segments', text: 'In-market › Coffee Makers' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = targeting.parse(r.body);
    expect(slotOf(t, primary)).toMatchObject({
      status: 'ready',
      error: '',
      updatedAt: b.clock.now().toISOString(),
    });
    expect(slotOf(t, primary).items).toEqual([
      {
        section: 'keywords',
        label: 'burr grinder sale',
        text: 'burr grinder sale',
        matchType: 'BROAD',
        source: 'manual',
      },
      {
        section: 'keywords',
        label: 'Pour-over kettle',
        text: 'pour over kettle',
        matchType: 'EXACT',
        source: 'brief',
      },
      {
        section: 'topics',
        label: 'Food & Drink › Coffee',
        text: 'Food & Drink › Coffee',
        matchType: '',
        source: 'manual',
      },
      {
        section: 'websites',
        label: 'coffee.example',
        text: 'coffee.example',
        matchType: '',
        source: 'manual',
      },
      {
        section: 'segments',
        label: 'In-market › Coffee Makers',
        text: 'In-market › Coffee Makers',
        matchType: '',
        source: 'manual',
      },
    ]);
    expect(await getTargeting(campaignId)).toEqual(t);
    expect(slotOf(t, fed).status).toBe('ready');

    // A slot without data stores can be filled by hand.
    const manual = await api.put(itemsPath(campaignId, bare), {
      items: [{ section: 'keywords', text: 'coffee gift', matchType: 'PHRASE' }],
    });
    expect(manual.status).toBe(200);
    expect(slotOf(manual.body, bare)).toMatchObject({
      status: 'ready',
      items: [{ text: 'coffee gift', matchType: 'PHRASE', source: 'manual' }],
    });
    expect(await campaignStatus(campaignId)).toBe('ready');
    // An empty list is allowed: the slot is not_generated again (not ready with nothing), and the campaign a draft.
    const cleared = await api.put(itemsPath(campaignId, fed), { items: [] });
    expect(cleared.status).toBe(200);
    expect(slotOf(cleared.body, fed)).toMatchObject({
      status: 'not_generated',
      items: [],
      error: '',
    });
    expect(await campaignStatus(campaignId)).toBe('draft');
  });

  it('makes a never-generated slot ready, and the campaign with it', async () => {
    const store = await importedStore('coffee');
    const c = await createCampaign({ dataStoreIds: [store] });
    const slot = c.audiences[0]!.id;
    const r = await api.put(itemsPath(c.id, slot), {
      items: [{ section: 'keywords', text: 'espresso machine' }],
    });
    expect(r.status).toBe(200);
    expect(slotOf(r.body, slot).status).toBe('ready');
    expect(await campaignStatus(c.id)).toBe('ready');
  });

  it('is 409 while the slot generates', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    await generate(campaignId);
    expectError(
      await api.put(itemsPath(campaignId, primary), {
        items: [{ section: 'keywords', text: 'grinder' }],
      }),
      409,
      'conflict',
      'generating',
    );
    await runJobs();
    const t = await getTargeting(campaignId);
    expect(slotOf(t, primary).items.some((i) => i.source === 'manual')).toBe(false);
    expect(
      (
        await api.put(itemsPath(campaignId, primary), {
          items: [{ section: 'keywords', text: 'grinder' }],
        })
      ).status,
    ).toBe(200);
  });

  it('validates items: keyword length and words, matchType per section, unknown fields', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    const put = (items: unknown[]) => api.put(itemsPath(campaignId, primary), { items });
    expectError(
      await put([{ section: 'keywords', text: 'k'.repeat(81) }]),
      400,
      'invalid_request',
      'items[0].text',
      '80 characters',
    );
    expectError(
      await put([{ section: 'keywords', text: 'w '.repeat(11).trim() }]),
      400,
      'invalid_request',
      'items[0].text',
      '10 words',
    );
    expectError(
      await put([
        { section: 'keywords', text: 'ok' },
        { section: 'topics', text: 'Coffee', matchType: 'EXACT' },
      ]),
      400,
      'invalid_request',
      'items[1].matchType',
      'keywords only',
    );
    expectError(
      await put([{ section: 'keywords', text: 'ok', bid: 2 }]),
      400,
      'invalid_request',
      'unknown field',
      'bid',
    );
    expectError(
      await put([{ section: 'keywords', text: 'ok', matchType: 'FUZZY' }]),
      400,
      'invalid_request',
      'items[0].matchType',
    );
    expectError(
      await put([{ section: 'audiences', text: 'ok' }]),
      400,
      'invalid_request',
      'items[0].section',
    );
    expectError(
      await put([{ section: 'keywords', text: '' }]),
      400,
      'invalid_request',
      'items[0].text must not be empty',
    );
    expectError(
      await api.put(itemsPath(campaignId, primary), { items: [], extra: true }),
      400,
      'invalid_request',
      'unknown field "extra"',
    );
    expectError(
      await api.put(itemsPath(campaignId, primary)),
      400,
      'invalid_request',
      'body is required',
    );
    expect(slotOf(await getTargeting(campaignId), primary).status).toBe('not_generated');
    // The bounds themselves are fine: 80 characters, 10 words.
    const edge = await put([
      { section: 'keywords', text: 'k'.repeat(80) },
      { section: 'keywords', text: 'w '.repeat(10).trim() },
    ]);
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
  });

  it('is 404 for another workspace or an unknown slot, and 403 without campaigns:write', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    const other = await threeSlotCampaign();
    const body = { items: [{ section: 'keywords', text: 'grinder' }] };
    expectError(
      await (await b.client({ workspace: 'other' })).put(itemsPath(campaignId, primary), body),
      404,
      'not_found',
    );
    expectError(
      await api.put(itemsPath(campaignId, other.primary), body),
      404,
      'not_found',
      other.primary,
    );
    expectError(await api.put(itemsPath(campaignId, MISSING_ID), body), 404, 'not_found');
    expectError(
      await (
        await b.client({ scopes: ['campaigns:read'] })
      ).put(itemsPath(campaignId, primary), body),
      403,
      'forbidden',
      'campaigns:write',
    );
    expect(slotOf(await getTargeting(campaignId), primary).status).toBe('not_generated');
    expect(slotOf(await getTargeting(other.campaignId), other.primary).status).toBe(
      'not_generated',
    );
  });
});

describe('hand edits that survive regeneration (issue 21)', () => {
  const itemsPath = (campaignId: string, slotId: string) =>
    `/campaigns/${campaignId}/targeting/audiences/${slotId}/items`;
  const exclusionsPath = (campaignId: string, slotId: string) =>
    `/campaigns/${campaignId}/targeting/audiences/${slotId}/exclusions`;
  const change = async (campaignId: string, slotId: string, body: unknown) =>
    targetingChange.parse(ok(await api.patch(itemsPath(campaignId, slotId), body)));
  const exclusions = async (campaignId: string, slotId: string) =>
    ok(await api.get(exclusionsPath(campaignId, slotId))).data;
  type Item = Targeting['audiences'][number]['items'][number];
  const keywords = (items: Item[]) => items.filter((i) => i.section === 'keywords');

  /** A coffee campaign whose primary slot has generated targeting. */
  async function generated() {
    const { campaignId, primary, fed } = await threeSlotCampaign();
    await generate(campaignId, { audienceIds: [primary] });
    await runJobs();
    const items = slotOf(await getTargeting(campaignId), primary).items;
    expect(keywords(items).length).toBeGreaterThan(5);
    return { campaignId, primary, fed, items };
  }

  async function regenerate(campaignId: string, slotId: string) {
    await generate(campaignId, { audienceIds: [slotId] });
    await runJobs();
    const slot = slotOf(await getTargeting(campaignId), slotId);
    expect(slot.status).toBe('ready');
    return slot;
  }

  it('three competitor keywords removed and one added, in one compact answer, stay so after regenerating', async () => {
    const { campaignId, primary, items } = await generated();
    // the keywords a person would not pay for (another brand's names, here the first three)
    const competitors = keywords(items).slice(0, 3);
    const r = await api.patch(itemsPath(campaignId, primary), {
      remove: competitors.map((k, n) => ({
        section: 'keywords',
        text: n === 0 ? k.text.toUpperCase() : k.text,
      })),
      add: [{ section: 'keywords', text: 'bright beans subscription', matchType: 'EXACT' }],
    });
    const answer = targetingChange.parse(ok(r));
    // what changed, not the targeting: small enough for a model to read
    expect(JSON.stringify(r.body).length).toBeLessThan(1500);
    expect(answer).toEqual({
      campaignId,
      slotId: primary,
      status: 'ready',
      itemCount: items.length - 2,
      itemCounts: {
        keywords: keywords(items).length - 2,
        segments: expect.any(Number),
        topics: expect.any(Number),
        websites: expect.any(Number),
      },
      added: [{ section: 'keywords', text: 'bright beans subscription', matchType: 'EXACT' }],
      removed: competitors.map((k) => ({ section: 'keywords', text: k.text })),
      restored: [],
      exclusions: competitors.map((k) => ({
        section: 'keywords',
        text: k.text,
        reason: 'removed by hand',
      })),
    });
    expect(await exclusions(campaignId, primary)).toEqual(answer.exclusions);
    // the targeting keeps the contract's shape: exclusions are not items
    const t = await getTargeting(campaignId);
    expect(Object.keys(slotOf(t, primary)).sort()).toEqual([
      'audienceId',
      'error',
      'id',
      'items',
      'name',
      'status',
      'updatedAt',
    ]);
    const manual = {
      section: 'keywords',
      label: 'bright beans subscription',
      text: 'bright beans subscription',
      matchType: 'EXACT',
      source: 'manual',
    };
    const kept = items.filter((i) => !competitors.includes(i));
    expect(slotOf(t, primary).items).toEqual([manual, ...kept]);

    // Regenerating: the same generation, the three left out, the manual keyword first in its section.
    b.clock.advance(60_000);
    const after = await regenerate(campaignId, primary);
    expect(after.items).toEqual([manual, ...kept]);
    expect(await exclusions(campaignId, primary)).toEqual(answer.exclusions);
  });

  it('add lifts an exclusion (the person overrides it) and gives an item there its match type; restore lets generating add one again', async () => {
    const { campaignId, primary, items } = await generated();
    const [a, bb, c] = keywords(items);
    await change(campaignId, primary, {
      remove: [a, bb, c].map((k) => ({ section: 'keywords', text: k!.text })),
    });
    // adding a removed keyword lifts its exclusion; adding one that is there changes its match type in place
    const other = keywords(items)[3]!;
    const added = await change(campaignId, primary, {
      add: [
        { section: 'keywords', text: a!.text, matchType: 'PHRASE' },
        {
          section: 'keywords',
          text: other.text.toUpperCase(),
          matchType: other.matchType === 'EXACT' ? 'BROAD' : 'EXACT',
        },
      ],
    });
    expect(added.exclusions.map((e) => e.text)).toEqual([bb!.text, c!.text]);
    const slot = slotOf(await getTargeting(campaignId), primary);
    expect(
      keywords(slot.items)
        .filter((k) => k.source === 'manual')
        .map((k) => k.text),
    ).toEqual([a!.text, other.text.toUpperCase()]);
    expect(
      keywords(slot.items).filter((k) => k.text.toLowerCase() === other.text.toLowerCase()),
    ).toHaveLength(1);

    // restore lifts an exclusion without adding: the next generation may add it back
    const restored = await change(campaignId, primary, {
      restore: [
        { section: 'keywords', text: bb!.text.toUpperCase() },
        { section: 'topics', text: 'not excluded' },
      ],
    });
    expect(restored).toMatchObject({
      restored: [{ section: 'keywords', text: bb!.text }],
      exclusions: [{ text: c!.text, reason: 'removed by hand' }],
      added: [],
      removed: [],
    });
    expect(
      keywords(slotOf(await getTargeting(campaignId), primary).items).some(
        (k) => k.text === bb!.text,
      ),
    ).toBe(false);
    const after = await regenerate(campaignId, primary);
    expect(after.items).toContainEqual(bb);
    expect(after.items.some((i) => i.text === c!.text)).toBe(false);
    // the manual ones stay, first in their section
    expect(after.items.slice(0, 2).map((i) => [i.text, i.source])).toEqual([
      [a!.text, 'manual'],
      [other.text.toUpperCase(), 'manual'],
    ]);
  });

  it('a removal of an item not there excludes it before any generation adds it', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    const r = await change(campaignId, primary, {
      remove: [{ section: 'keywords', text: 'Ember & Grind' }],
    });
    expect(r).toMatchObject({
      status: 'not_generated',
      itemCount: 0,
      removed: [],
      exclusions: [{ section: 'keywords', text: 'Ember & Grind', reason: 'removed by hand' }],
    });
    await generate(campaignId);
    await runJobs();
    const slot = slotOf(await getTargeting(campaignId), primary);
    expect(slot.status).toBe('ready');
    expect(slot.items.length).toBeGreaterThan(5);
    expect(slot.items.some((i) => i.text.toLowerCase() === 'ember & grind')).toBe(false);
  });

  it('PUT [] leaves the slot not_generated, and a later generate with no names fills it without the excluded items', async () => {
    const { campaignId, primary, items } = await generated();
    const gone = keywords(items).slice(0, 2);
    await change(campaignId, primary, {
      remove: gone.map((k) => ({ section: k.section, text: k.text })),
    });
    const cleared = ok(await api.put(itemsPath(campaignId, primary), { items: [] }));
    expect(slotOf(cleared, primary)).toMatchObject({
      status: 'not_generated',
      items: [],
      error: '',
    });
    // clearing starts over: nothing more is excluded than before
    expect((await exclusions(campaignId, primary)).map((e: { text: string }) => e.text)).toEqual(
      gone.map((k) => k.text),
    );
    expect(await campaignStatus(campaignId)).toBe('draft');

    const g = await generate(campaignId);
    expect(g.started).toContain(primary);
    await runJobs();
    const slot = slotOf(await getTargeting(campaignId), primary);
    expect(slot.status).toBe('ready');
    expect(slot.items).toEqual(items.filter((i) => !gone.includes(i)));
  });

  it('PUT is a diff: items left out are excluded, new ones manual, ones resent keep their source', async () => {
    const { campaignId, primary, items } = await generated();
    const [first, second, ...rest] = items;
    const r = ok(
      await api.put(itemsPath(campaignId, primary), {
        items: [
          ...rest.map(({ section, text, matchType, label }) => ({
            section,
            text,
            label,
            ...(matchType ? { matchType } : {}),
          })),
          { section: 'topics', text: '/Food & Drink/Coffee Gifts' },
        ],
      }),
    );
    const slot = slotOf(r, primary);
    expect(slot.items.slice(0, -1)).toEqual(rest);
    expect(slot.items.at(-1)).toMatchObject({
      text: '/Food & Drink/Coffee Gifts',
      source: 'manual',
    });
    expect(await exclusions(campaignId, primary)).toEqual(
      [first, second].map((i) => ({
        section: i!.section,
        text: i!.text,
        reason: 'removed by hand',
      })),
    );
    // regenerating: the two stay out, the new topic stays, first among the topics
    const after = await regenerate(campaignId, primary);
    expect(after.items.some((i) => i.text === first!.text || i.text === second!.text)).toBe(false);
    expect(after.items.filter((i) => i.section === 'topics')[0]).toMatchObject({
      text: '/Food & Drink/Coffee Gifts',
      source: 'manual',
    });
    expect(after.items.filter((i) => i.source !== 'manual')).toEqual(rest);
  });

  it('the emptied slot goes back to not_generated through change_targeting_items too', async () => {
    const { campaignId, fed } = await threeSlotCampaign();
    const one = await change(campaignId, fed, {
      add: [{ section: 'websites', text: 'coffee.example' }],
    });
    expect(one).toMatchObject({
      status: 'ready',
      itemCount: 1,
      itemCounts: { keywords: 0, segments: 0, topics: 0, websites: 1 },
    });
    const none = await change(campaignId, fed, {
      remove: [{ section: 'websites', text: 'COFFEE.example' }],
    });
    expect(none).toMatchObject({
      status: 'not_generated',
      itemCount: 0,
      removed: [{ section: 'websites', text: 'coffee.example' }],
    });
    // a generate without names picks it up again, not "already generated"
    const g = await generate(campaignId);
    expect(g.started).toContain(fed);
  });

  it('checks its body, and is 409 while the slot generates, 404 elsewhere, 403 without campaigns:write', async () => {
    const { campaignId, primary } = await threeSlotCampaign();
    const patch = (body: unknown) => api.patch(itemsPath(campaignId, primary), body);
    expectError(
      await patch({}),
      400,
      'invalid_request',
      'at least one item to add, remove or restore',
    );
    expectError(await patch({ add: [], remove: [] }), 400, 'invalid_request', 'at least one');
    expectError(
      await patch({ remove: [{ section: 'audiences', text: 'x' }] }),
      400,
      'invalid_request',
      'remove[0].section',
    );
    expectError(
      await patch({ remove: [{ section: 'keywords', text: '' }] }),
      400,
      'invalid_request',
      'remove[0].text',
    );
    expectError(
      await patch({ add: [{ section: 'keywords', text: 'w '.repeat(11).trim() }] }),
      400,
      'invalid_request',
      'add[0].text',
      '10 words',
    );
    expectError(
      await patch({ add: [{ section: 'topics', text: 'x', matchType: 'EXACT' }] }),
      400,
      'invalid_request',
      'add[0].matchType',
    );
    expectError(
      await patch({ restore: [{ section: 'keywords', text: 'x', reason: 'y' }] }),
      400,
      'invalid_request',
      'unknown field',
      'reason',
    );
    expectError(
      await patch({
        remove: Array.from({ length: 501 }, (_, n) => ({ section: 'keywords', text: `k${n}` })),
      }),
      400,
      'invalid_request',
      'remove',
    );
    expectError(
      await (
        await b.client({ workspace: 'other' })
      ).patch(itemsPath(campaignId, primary), { restore: [{ section: 'keywords', text: 'x' }] }),
      404,
      'not_found',
    );
    expectError(
      await api.patch(itemsPath(campaignId, MISSING_ID), {
        restore: [{ section: 'keywords', text: 'x' }],
      }),
      404,
      'not_found',
    );
    expectError(await api.get(exclusionsPath(campaignId, MISSING_ID)), 404, 'not_found');
    expectError(
      await (
        await b.client({ scopes: ['campaigns:read'] })
      ).patch(itemsPath(campaignId, primary), { restore: [{ section: 'keywords', text: 'x' }] }),
      403,
      'forbidden',
      'campaigns:write',
    );
    expect(
      ok(
        await (
          await b.client({ scopes: ['campaigns:read'] })
        ).get(exclusionsPath(campaignId, primary)),
      ),
    ).toEqual({ data: [] });

    await generate(campaignId);
    expectError(
      await patch({ remove: [{ section: 'keywords', text: 'x' }] }),
      409,
      'conflict',
      'generating',
    );
    await runJobs();
    expect(await exclusions(campaignId, primary)).toEqual([]);
  });

  it('a slot holds at most 500 items and 1000 exclusions (409, nothing changed)', async () => {
    const { campaignId, fed } = await threeSlotCampaign();
    const many = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({ section: 'keywords', text: `keyword ${from + i}` }));
    ok(await api.put(itemsPath(campaignId, fed), { items: many(500) }));
    expectError(
      await api.patch(itemsPath(campaignId, fed), { add: many(1, 500) }),
      409,
      'conflict',
      'would hold 501 items, at most 500',
    );
    await change(campaignId, fed, { remove: many(500, 1000) });
    await change(campaignId, fed, { remove: many(500, 2000) });
    expectError(
      await api.patch(itemsPath(campaignId, fed), { remove: many(1, 3000) }),
      409,
      'conflict',
      'at most 1000',
    );
    expect(await exclusions(campaignId, fed)).toHaveLength(1000);
    expect(slotOf(await getTargeting(campaignId), fed).items).toHaveLength(500);
  });
});

describe("the workspace's brands in generation (issue 22)", () => {
  it("the generator gets the campaign's own brand and every other one; what it leaves out becomes exclusions with its reason", async () => {
    const own = ok(
      await api.post('/brands', {
        name: 'Bright Beans',
        website: 'https://brightbeans.example',
        description: 'Coffee beans by subscription.',
      }),
      201,
    );
    const rival = ok(
      await api.post('/brands', {
        name: 'Ember & Grind Coffee Co.',
        website: 'https://emberandgrind.example',
        description: 'Grinders and kettles.',
      }),
      201,
    );
    const third = ok(await api.post('/brands', { name: 'Northwind Outdoor' }), 201);
    const store = await importedStore('coffee');
    const c = await createCampaign({ dataStoreIds: [store], brandId: own.id });
    const slot = c.audiences[0]!.id;
    // a brand of another workspace is none of this campaign's business
    await (await b.client({ workspace: 'other' })).post('/brands', { name: 'Elsewhere Roasters' });

    const input = await b.services.targeting.generationInput(slot);
    if (input === null || input === 'collecting') throw new Error(`no input: ${input}`);
    expect(input.brands).toEqual({
      own: {
        name: 'Bright Beans',
        website: 'https://brightbeans.example',
        description: 'Coffee beans by subscription.',
      },
      others: [
        {
          name: rival.name,
          website: 'https://emberandgrind.example',
          description: 'Grinders and kettles.',
        },
        { name: third.name, website: '', description: '' },
      ],
    });
    // a campaign without a brand: every brand of the workspace is another's
    const bare = await createCampaign({ dataStoreIds: [store] });
    const bareInput = await b.services.targeting.generationInput(bare.audiences[0]!.id);
    expect(bareInput !== null && bareInput !== 'collecting' && bareInput.brands).toEqual({
      own: null,
      others: [{ name: 'Bright Beans' }, { name: rival.name }, { name: third.name }].map((x) =>
        expect.objectContaining(x),
      ),
    });

    // The job hands that input to the generator: what it leaves out is what the slot's exclusions
    // say, with its reasons.
    const expected = runGenerator(input);
    await generate(c.id);
    await runJobs();
    const t = slotOf(await getTargeting(c.id), slot);
    expect(t.items).toEqual(
      expected.items.filter(
        (i) =>
          !expected.excluded.some(
            (e) => e.section === i.section && e.text.toLowerCase() === i.text.toLowerCase(),
          ),
      ),
    );
    const left = ok(
      await api.get(`/campaigns/${c.id}/targeting/audiences/${slot}/exclusions`),
    ).data;
    expect(left).toEqual(
      expected.excluded.map(({ section, text, reason }) => ({ section, text, reason })),
    );
    for (const e of left) expect(e.reason).not.toBe('');
    // the coffee store names the rival brand: left out, said why, and never an item
    expect(left).toContainEqual({
      section: 'keywords',
      text: 'Ember & Grind',
      reason: expect.stringContaining(rival.name),
    });
    expect(t.items.filter((i) => /ember & grind/i.test(i.text))).toEqual([]);

    // A person who wants it anyway adds it: regenerating keeps it, and no longer leaves it out.
    ok(
      await api.patch(`/campaigns/${c.id}/targeting/audiences/${slot}/items`, {
        add: [{ section: 'keywords', text: 'ember & grind', matchType: 'EXACT' }],
      }),
    );
    await generate(c.id, { audienceIds: [slot] });
    await runJobs();
    const after = slotOf(await getTargeting(c.id), slot);
    expect(after.items.filter((i) => /^ember & grind$/i.test(i.text))).toEqual([
      {
        section: 'keywords',
        label: 'ember & grind',
        text: 'ember & grind',
        matchType: 'EXACT',
        source: 'manual',
      },
    ]);
    const leftAfter = ok(
      await api.get(`/campaigns/${c.id}/targeting/audiences/${slot}/exclusions`),
    ).data;
    expect(leftAfter).toEqual(left.filter((e: { text: string }) => e.text !== 'Ember & Grind'));
  });

  it("regenerated(): manual items first and kept, hand exclusions kept, the generator's replaced, a manual item overrides one", () => {
    const kw = (text: string, source = 'tags', matchType = 'BROAD'): TargetingItem => ({
      section: 'keywords',
      label: text,
      text,
      matchType: matchType as 'BROAD',
      source,
    });
    const topic = (text: string, source = 'taxonomy'): TargetingItem => ({
      section: 'topics',
      label: text,
      text,
      matchType: '',
      source,
    });
    const current = [
      kw('old generated'),
      kw('Northwind Talus', 'manual', 'EXACT'),
      topic('/Mine', 'manual'),
    ];
    const exclusions = [
      { section: 'keywords' as const, text: 'espresso', reason: 'removed by hand' },
      {
        section: 'keywords' as const,
        text: 'Gone Brand',
        reason: 'another brand of the workspace (Gone Brand)',
      },
    ];
    const result = {
      items: [
        kw('Espresso'),
        kw('pour over'),
        kw('northwind talus'),
        kw('Ember & Grind', 'tags', 'EXACT'),
        topic('/Food'),
        topic('/mine'),
      ],
      excluded: [
        {
          section: 'keywords' as const,
          text: 'Ember & Grind',
          reason: 'another brand of the workspace (Ember & Grind Coffee Co.)',
        },
        {
          section: 'keywords' as const,
          text: 'Northwind Talus',
          reason: 'another brand of the workspace (Northwind Outdoor)',
        },
      ],
    };
    expect(regenerated(current, exclusions, result)).toEqual({
      items: [
        kw('Northwind Talus', 'manual', 'EXACT'),
        kw('pour over'),
        topic('/Mine', 'manual'),
        topic('/Food'),
      ],
      exclusions: [exclusions[0], result.excluded[0]],
    });
  });
});

describe('generation outcomes and waiting', () => {
  it('ends in error when the data stores hold nothing, and the campaign with it', async () => {
    const store = await emptyStore();
    const c = await createCampaign({ dataStoreIds: [store] });
    const slot = c.audiences[0]!.id;
    expect((await generate(c.id)).started).toEqual([slot]);
    expect(await runJobs()).toBe(1);
    const s = slotOf(await getTargeting(c.id), slot);
    expect(s.status).toBe('error');
    expect(s.error).toMatch(/no channels or videos/);
    expect(s.items).toEqual([]);
    expect(s.updatedAt).toBe(b.clock.now().toISOString());
    expect(await campaignStatus(c.id)).toBe('error');

    // Filled and named again, it recovers.
    const r = await api.post(`/data-stores/${store}/import`, themeImport('coffee'));
    expect(r.status).toBe(200);
    expect((await generate(c.id)).started).toEqual([slot]);
    expect(slotOf(await getTargeting(c.id), slot)).toMatchObject({
      status: 'generating',
      error: '',
    });
    await runJobs();
    expect(slotOf(await getTargeting(c.id), slot)).toMatchObject({ status: 'ready', error: '' });
    expect(await campaignStatus(c.id)).toBe('ready');
  });

  it('waits while a data store is still collecting, then completes', async () => {
    // the store is made through a backend whose collection takes three times as long
    const slow = await testBackend({
      store: b.store,
      clock: b.clock,
      jobDelayMs: DELAY,
      collectDelayMs: 3 * DELAY,
    });
    const ds = await slow.api.post('/data-stores', {
      name: 'Trail runners',
      channelIds: content.themes.trail,
    });
    expect(ds.status).toBe(201);
    expect(ds.body.status).toBe('collecting');
    const c = await createCampaign({ dataStoreIds: [ds.body.id] });
    const slot = c.audiences[0]!.id;
    expect(c.status).toBe('loading');
    expect((await generate(c.id)).started).toEqual([slot]);

    // The generation job comes first and finds the store collecting: it is retried, the slot stays generating.
    expect(await runJobs(DELAY)).toBe(1);
    expect(slotOf(await getTargeting(c.id), slot)).toMatchObject({
      status: 'generating',
      items: [],
    });
    let [job] = await pendingJobs();
    expect(job).toMatchObject({ subject: slot, state: 'queued', attempts: 1 });
    expect(job!.run_at > b.clock.now().toISOString()).toBe(true);
    expect(await campaignStatus(c.id)).toBe('loading');

    expect(await runJobs(DELAY)).toBe(1);
    [job] = await pendingJobs();
    expect(job).toMatchObject({ state: 'queued', attempts: 2 });
    expect((await api.get(`/data-stores/${ds.body.id}`)).body.status).toBe('collecting');

    // The store is collected; the next look at the slot generates it.
    b.clock.advance(DELAY);
    await b.runner.runDue();
    expect((await api.get(`/data-stores/${ds.body.id}`)).body.status).toBe('ready');
    await runJobs(1000);
    const s = slotOf(await getTargeting(c.id), slot);
    expect(s.status).toBe('ready');
    expect(s.items.length).toBeGreaterThan(0);
    expect(await pendingJobs()).toEqual([]);
    expect(await campaignStatus(c.id)).toBe('ready');
  });

  it('refuses to edit or remove a slot while it generates (409)', async () => {
    const { campaignId, fed, store } = await threeSlotCampaign();
    const other = await emptyStore();
    await generate(campaignId);
    expectError(
      await api.patch(`/campaigns/${campaignId}/audiences/${fed}`, { name: 'Renamed' }),
      409,
      'conflict',
      'generating',
    );
    expectError(
      await api.patch(`/campaigns/${campaignId}/audiences/${fed}`, { dataStoreIds: [other] }),
      409,
      'conflict',
      'generating',
    );
    expectError(
      await api.delete(`/campaigns/${campaignId}/audiences/${fed}`),
      409,
      'conflict',
      'generating',
    );
    let c = campaignSchema.parse((await api.get(`/campaigns/${campaignId}`)).body);
    expect(c.audiences.find((a) => a.id === fed)).toMatchObject({
      name: 'Home baristas',
      dataStoreIds: [store],
    });

    await runJobs();
    expect(
      (await api.patch(`/campaigns/${campaignId}/audiences/${fed}`, { name: 'Renamed' })).status,
    ).toBe(200);
    expect((await api.delete(`/campaigns/${campaignId}/audiences/${fed}`)).status).toBe(200);
    c = campaignSchema.parse((await api.get(`/campaigns/${campaignId}`)).body);
    expect(c.audiences.map((a) => a.id)).not.toContain(fed);
    expect((await getTargeting(campaignId)).audiences.map((a) => a.id)).not.toContain(fed);
    expect(c.status).toBe('ready');
  });

  it('finishes quietly when the campaign was deleted while it generated', async () => {
    const { campaignId } = await threeSlotCampaign();
    await generate(campaignId);
    expect((await api.delete(`/campaigns/${campaignId}`)).status).toBe(200);
    expect(await runJobs()).toBe(2);
    expect(await pendingJobs()).toEqual([]);
    const failed = await b.store.all("SELECT * FROM jobs WHERE state = 'failed'");
    expect(failed).toEqual([]);
  });
});

describe('stores of any size and language (issue 11)', () => {
  const CHANNEL = 'UCmorningShotCoffee0001a';

  /** One video of ordinary length, imported on its own (its channel comes with it as a second document). */
  function oneVideo(id: string, title: string, description: string, tags: string[]) {
    return {
      videos: [
        {
          kind: 'youtube#video',
          id,
          snippet: {
            channelId: CHANNEL,
            channelTitle: 'Morning Shot',
            title,
            description,
            tags,
            publishedAt: '2025-04-01T08:00:00Z',
          },
        },
      ],
      comments: [
        {
          kind: 'youtube#commentThread',
          id: `Ugx${id}01`,
          snippet: {
            videoId: id,
            topLevelComment: {
              kind: 'youtube#comment',
              id: `Ugx${id}01`,
              snippet: {
                videoId: id,
                textOriginal: 'A bottomless portafilter showed me all my channeling.',
                authorDisplayName: '@beanhead',
              },
            },
          },
        },
      ],
    };
  }

  async function oneVideoStore(body: ReturnType<typeof oneVideo>): Promise<string> {
    const created = await api.post('/data-stores', { name: 'One video' });
    expect(created.status).toBe(201);
    const r = await api.post(`/data-stores/${created.body.id}/import`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.dataStore.videoCount).toBe(1);
    return created.body.id;
  }

  async function generated(store: string, campaign: Record<string, unknown>) {
    const c = await createCampaign({ dataStoreIds: [store], objective: '', ...campaign });
    await generate(c.id);
    await runJobs();
    const slot = (await getTargeting(c.id)).audiences[0]!;
    expect(slot.status).toBe('ready');
    return slot;
  }

  it('a one-video store goes through import → generate → ready, with keywords', async () => {
    const store = await oneVideoStore(
      oneVideo(
        'shot0000001',
        'Dialing in espresso at home: grind size, dose and yield',
        'Dialing in espresso starts with a fixed dose of 18 grams and a target yield of 36 grams in about 28 seconds. If the shot runs fast, grind finer; if it chokes the machine, grind coarser. I use a flat burr grinder, a bottomless portafilter and a scale under the cup. Puck prep matters too: distribute the grounds with a WDT tool and tamp level.',
        ['espresso', 'dialing in espresso', 'home espresso', 'espresso grind size'],
      ),
    );
    const slot = await generated(store, { campaignType: 'SEARCH' });
    expect(slot.error).toBe('');
    const keywords = slot.items
      .filter((i) => i.section === 'keywords')
      .map((i) => i.text.toLowerCase());
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    expect(keywords).toContain('dialing in espresso');
    expect(keywords).toContain('bottomless portafilter');
    expect(slot.items.filter((i) => i.section === 'topics')[0]?.text).toBe(
      '/Food & Drink/Beverages/Coffee & Tea/Home Espresso',
    );
  });

  it("generates in the campaign's language, and says so in the slot's error when the store has no text in it", async () => {
    const store = await oneVideoStore(
      oneVideo(
        'cafe0000001',
        'Cómo preparar café en V60: receta para principiantes',
        'La receta que uso todos los días con la V60: 15 gramos de café, 250 gramos de agua a 93 grados y un bloom de 45 segundos. Te explico la molienda, el vertido en espiral y cómo corregir un café amargo con un molinillo manual.',
        ['v60', 'café de filtro', 'receta de café', 'molinillo manual'],
      ),
    );
    const spanish = await generated(store, { language: 'es' });
    expect(spanish.error).toBe('');
    const keywords = spanish.items
      .filter((i) => i.section === 'keywords')
      .map((i) => i.text.toLowerCase());
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    for (const functionWord of ['de', 'la', 'con', 'en', 'el', 'un'])
      expect(keywords).not.toContain(functionWord);
    expect(
      spanish.items.some(
        (i) => i.section === 'topics' && i.text.startsWith('/Food & Drink/Beverages/Coffee & Tea'),
      ),
    ).toBe(true);

    const german = await generated(store, { language: 'de' });
    expect(german.items.filter((i) => i.section === 'keywords')).toEqual([]);
    expect(german.error).toContain('no text in de');
    expect(german.error).toContain('es');
    // topics are no words of a language: the store's still count
    expect(german.items.some((i) => i.section === 'topics')).toBe(true);
  });
});
