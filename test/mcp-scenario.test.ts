/**
 * An assistant's session (issue 15): the four requests of the issue as a script of tool calls that
 * knows only what `initialize` and `tools/list` say. Every call names a listed tool with arguments
 * its inputSchema accepts (test/helpers/mcp.ts modelSession), against a real `adcli serve` with the
 * demo seed, through the SDK client; the script ends in the state the requests asked for.
 * Build first: `npm run build`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpClient, modelSession, structured, type Json } from './helpers/mcp.ts';
import {
  cleanupAll,
  killAll,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';

let s: Server;
let client: Client;
let session: Awaited<ReturnType<typeof modelSession>>;

beforeAll(async () => {
  const sb = sandbox();
  s = await startServer(
    ['--data', tempDir(sb, 'scenario'), '--seed', 'demo', '--job-delay', '50', '--quiet'],
    { env: sb.env },
  );
  client = await mcpClient({ url: new URL('/mcp', s.info.baseUrl).href }, s.info.apiKey);
  session = await modelSession(client);
});
afterAll(async () => {
  await client?.close().catch(() => {});
  await killAll();
  await cleanupAll();
});

const sum = (rows: Json[], k: string) =>
  Math.round(rows.reduce((n, r) => n + (r[k] as number), 0) * 100) / 100;

describe('an assistant works through everyday requests with only what tools/list says', () => {
  it('reads the rules once: ids, delivery state, currency, idempotency', () => {
    expect(session.instructions).toMatch(/adsStatus is delivery: ENABLED \(running\)/);
    expect(session.instructions).toMatch(/currency of the campaign's ad-platform account/);
    expect(session.instructions).toMatch(/idempotencyKey/);
    expect(session.instructions).toMatch(/slotIds/);
  });

  it('"Which campaigns are running and how are they doing?"', async () => {
    const running = (await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[];
    expect(running.length).toBeGreaterThan(0);
    for (const c of running)
      expect(c).toMatchObject({ adsStatus: 'ENABLED', customerId: expect.any(String) });
    // how they are doing: the last 7 days of each running campaign's account
    for (const customerId of new Set(running.map((c) => c.customerId as string))) {
      const report = await session.ok('get_performance', { customerId, dateRange: 'LAST_7_DAYS' });
      const mine = (report.campaigns as Json[]).filter((r) =>
        running.some((c) => c.id === r.campaignId),
      );
      expect(mine.length).toBeGreaterThan(0);
      for (const r of mine) {
        expect(r.status).toBe('ENABLED');
        expect(r.impressions).toBeGreaterThan(0);
      }
    }
  });

  it('"Set up a campaign for Germany and Austria at 40 euros a day"', async () => {
    const eur = ((await session.ok('list_ads_accounts')).data as Json[]).find(
      (a) => a.currencyCode === 'EUR',
    );
    expect(eur, 'an account in euros').toBeDefined();
    const brand = ((await session.ok('list_brands', { name: 'Ember' })).data as Json[])[0]!;
    const store = ((await session.ok('list_data_stores', { name: 'coffee' })).data as Json[])[0]!;
    // a first try in prose is refused with the codes to use
    const prose = await session.error(
      'create_campaign',
      {
        name: 'Ember & Grind DACH',
        locations: ['Germany', 'Austria'],
        budget: 40,
        budgetType: 'daily',
      },
      'invalid_request',
    );
    expect(prose).toMatch(/locations\[0\].*\bDE\b/);
    const created = await session.ok('create_campaign', {
      name: 'Ember & Grind DACH',
      objective: 'Home baristas in Germany and Austria',
      brandId: brand.id,
      locations: ['DE', 'AT'],
      language: 'de',
      campaignType: 'VIDEO',
      budget: 40,
      budgetType: 'daily',
      customerId: eur!.customerId,
      dataStoreIds: [store.id],
      idempotencyKey: 'scenario-dach-1',
    });
    expect(created).toMatchObject({
      locations: ['DE', 'AT'],
      language: 'de',
      budget: 40,
      budgetType: 'daily',
      customerId: eur!.customerId,
      adsStatus: 'unpublished',
    });
    // a retry after a lost answer (same key, same arguments) changes nothing
    expect(
      (
        await session.ok('create_campaign', {
          ...argsOf(created, eur!.customerId, brand.id, store.id),
          idempotencyKey: 'scenario-dach-1',
        })
      ).id,
    ).toBe(created.id);
  });

  it('"Drop competitor keywords and publish without spending" (the home-baristas campaign)', async () => {
    const campaign = (
      (await session.ok('list_campaigns', { name: 'Home Baristas' })).data as Json[]
    )[0]!;
    // its targeting, generated where it is not yet (waiting for it), then the slot with keywords
    await session.ok('generate_targeting', { campaignId: campaign.id, wait: true });
    const compact = await session.ok('get_targeting', {
      campaignId: campaign.id,
      sections: ['keywords'],
    });
    const slot = (compact.slots as Json[]).find((x) => x.keywords?.length)!;
    expect(slot, JSON.stringify(compact)).toBeDefined();
    // edit_targeting replaces every item of the slot: read them all, with detail full
    const full = await session.ok('get_targeting', {
      campaignId: campaign.id,
      slotIds: [slot.slotId],
      detail: 'full',
    });
    const items = full.slots[0].items as Json[];
    // competitors: exact-match names that are not our brand's
    const ours = (await session.ok('get_campaign', { campaignId: campaign.id }))
      .brandName as string;
    const isCompetitor = (i: Json) =>
      i.section === 'keywords' &&
      i.matchType === 'EXACT' &&
      !i.text.startsWith(ours.split(' ')[0]!);
    const dropped = items.filter(isCompetitor);
    expect(
      dropped.length,
      JSON.stringify(items.filter((i) => i.section === 'keywords')),
    ).toBeGreaterThan(0);
    const kept = items.filter((i) => !isCompetitor(i));
    const edited = await session.ok('edit_targeting', {
      campaignId: campaign.id,
      slotId: slot.slotId,
      items: kept,
      idempotencyKey: 'scenario-edit-1',
    });
    const after = edited.slots[0];
    for (const d of dropped) expect(after.keywords.map((k: Json) => k.text)).not.toContain(d.text);
    expect(after.keywords).toHaveLength(kept.filter((i) => i.section === 'keywords').length);
    expect(after.topics ?? []).toEqual(
      kept.filter((i) => i.section === 'topics').map((i) => i.text),
    );

    // publishing creates it PAUSED: nothing spends until a person enables it
    const published = await session.ok('create_ads_campaign', {
      campaignId: campaign.id,
      idempotencyKey: 'scenario-publish-1',
    });
    expect(published).toMatchObject({ id: campaign.id, adsStatus: 'PAUSED' });
    const paused = (await session.ok('list_campaigns', { adsStatus: 'PAUSED' })).data as Json[];
    expect(paused.map((c) => c.id)).toContain(campaign.id);
    const stillRunning = (await session.ok('list_campaigns', { adsStatus: 'ENABLED' }))
      .data as Json[];
    expect(stillRunning.map((c) => c.id)).not.toContain(campaign.id);
  });

  it('"Compare last week with the week before"', async () => {
    const running = (await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[];
    const customerId = running[0]!.customerId as string;
    const week = await session.ok('get_performance', { customerId, dateRange: 'LAST_7_DAYS' });
    const twoWeeks = await session.ok('get_performance', { customerId, dateRange: 'LAST_14_DAYS' });
    const days = twoWeeks.daily as Json[];
    expect(days).toHaveLength(14);
    const [before, last] = [days.slice(0, 7), days.slice(7)];
    // last week as the 14-day report's last 7 days is the 7-day report; the week before is the rest
    expect(last.map((d) => d.date)).toEqual((week.daily as Json[]).map((d) => d.date));
    for (const k of ['impressions', 'clicks', 'cost']) {
      expect(sum(last, k)).toBe(sum(week.daily as Json[], k));
      expect(sum(before, k)).toBe(Math.round((sum(days, k) - sum(last, k)) * 100) / 100);
    }
    expect(sum(last, 'impressions') + sum(before, 'impressions')).toBeGreaterThan(0);
  });

  it('"Which running campaign has the best cost per conversion?" (a campaign that never ran cannot win)', async () => {
    // a campaign published beside the running one and never turned on: its costPerConversion would be the contract's 0
    const runningOne = (
      (await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[]
    )[0]!;
    const idleOne = await session.ok('create_campaign', {
      name: 'Scenario: published, never turned on',
      campaignType: 'SEARCH',
      budget: 5,
      budgetType: 'daily',
      customerId: runningOne.customerId,
      idempotencyKey: 'scenario-idle-1',
    });
    await session.ok('create_ads_campaign', {
      campaignId: idleOne.id,
      idempotencyKey: 'scenario-idle-publish-1',
    });
    const accounts = ((await session.ok('list_ads_accounts')).data as Json[]).map(
      (a) => a.customerId as string,
    );
    const rows: Json[] = [];
    for (const customerId of accounts) {
      const report = await session.ok('get_performance', { customerId, dateRange: 'LAST_7_DAYS' });
      expect(report.currencyCode, 'the costs come with their currency').toMatch(/^[A-Z]{3}$/);
      rows.push(
        ...(report.campaigns as Json[]).map((r) => ({ ...r, currencyCode: report.currencyCode })),
      );
    }
    // in its account's report it is said not to have run, with no ratio to compare
    const idle = rows.find((r) => r.campaignId === idleOne.id)!;
    expect(idle, JSON.stringify(rows)).toMatchObject({ delivery: 'did not run', status: 'PAUSED' });
    expect(idle).not.toHaveProperty('costPerConversion');
    for (const r of rows.filter((x) => x.delivery === 'did not run'))
      expect(Object.keys(r)).not.toContain('costPerConversion');
    // the answer, read straight off the compact rows of the running campaigns: the lowest costPerConversion
    const running = new Set(
      ((await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[]).map(
        (c) => c.id as string,
      ),
    );
    const ranked = rows
      .filter((r) => running.has(r.campaignId) && typeof r.costPerConversion === 'number')
      .sort((a, b) => a.costPerConversion - b.costPerConversion);
    const best = ranked[0]!;
    expect(best, JSON.stringify(rows)).toBeDefined();
    expect(best).toMatchObject({ status: 'ENABLED', currencyCode: expect.any(String) });
    expect(best.impressions).toBeGreaterThan(0);
    expect(best.conversions).toBeGreaterThan(0);
    expect(best.costPerConversion).toBeGreaterThan(0);
    // even a model that forgets the running filter cannot pick a campaign that never ran
    const anyBest = rows
      .filter((r) => typeof r.costPerConversion === 'number')
      .sort((a, b) => a.costPerConversion - b.costPerConversion)[0]!;
    expect(anyBest.delivery).toBeUndefined();
    expect(anyBest.costPerConversion).toBeGreaterThan(0);
  });

  it('"Take the competitor keywords out of the Switchback campaign, add campervan rental munich, and regenerate"', async () => {
    const campaign = (
      (await session.ok('list_campaigns', { name: 'Switchback' })).data as Json[]
    )[0]!;
    const ours = (await session.ok('get_campaign', { campaignId: campaign.id }))
      .brandName as string;
    const others = ((await session.ok('list_brands', { limit: 100 })).data as Json[])
      .map((b) => b.name as string)
      .filter((n) => n !== ours);
    await session.ok('generate_targeting', { campaignId: campaign.id, wait: true });
    const compact = await session.ok('get_targeting', {
      campaignId: campaign.id,
      sections: ['keywords'],
    });
    const slot = (compact.slots as Json[]).find((x) => x.keywords?.length)!;
    expect(slot, JSON.stringify(compact)).toBeDefined();
    // competitors: keywords naming another brand of the workspace, then those brands' names and
    // short names, so that generating never adds them (three in all)
    const words = new Set(
      others.flatMap((n) => n.toLowerCase().split(/\W+/)).filter((w) => w.length > 3),
    );
    const named = (slot.keywords as Json[])
      .filter((k) =>
        k.text
          .toLowerCase()
          .split(/\W+/)
          .some((w: string) => words.has(w)),
      )
      .map((k) => k.text as string);
    const remove = [...new Set([...named, ...others, ...others.map((n) => n.split(' ')[0]!)])]
      .slice(0, 3)
      .map((text) => ({ section: 'keywords', text }));
    expect(remove).toHaveLength(3);
    const r = await session.call('change_targeting_items', {
      campaignId: campaign.id,
      slotId: slot.slotId,
      remove,
      add: [{ section: 'keywords', text: 'campervan rental munich', matchType: 'EXACT' }],
      idempotencyKey: 'scenario-change-1',
    });
    expect(r.isError).toBeFalsy();
    // what changed, in a few hundred characters: no need to read or resend the slot
    expect((r.content as { text: string }[])[0]!.text.length).toBeLessThan(1500);
    const changed = structured(r) as Json;
    expect(changed).toMatchObject({
      slotId: slot.slotId,
      status: 'ready',
      added: [{ section: 'keywords', text: 'campervan rental munich', matchType: 'EXACT' }],
    });
    const byHand = (changed.exclusions as Json[]).find((g) => g.reason === 'removed by hand')!;
    expect(byHand.keywords).toEqual(expect.arrayContaining(remove.map((x) => x.text)));

    const regenerated = await session.ok('generate_targeting', {
      campaignId: campaign.id,
      slotIds: [slot.slotId],
      wait: true,
    });
    const after = (regenerated.slots as Json[]).find((x) => x.slotId === slot.slotId)!;
    expect(after.status).toBe('ready');
    expect(after.keywords[0]).toEqual({ text: 'campervan rental munich', matchType: 'EXACT' });
    const gone = new Set(remove.map((x) => x.text.toLowerCase()));
    for (const k of after.keywords as Json[])
      expect(gone.has(k.text.toLowerCase()), k.text).toBe(false);
    // what stays out, and why
    const left = (
      await session.ok('list_targeting_exclusions', {
        campaignId: campaign.id,
        slotId: slot.slotId,
      })
    ).data as Json[];
    expect(left.find((g) => g.reason === 'removed by hand')!.keywords).toEqual(
      expect.arrayContaining(remove.map((x) => x.text)),
    );
  });

  it('"Make a campaign from the Ridgeline Miles channel and our saved audience of backpackers"', async () => {
    const channel = (
      (await session.ok('search_exploration_channels', { query: 'ridgeline miles' })).data as Json[]
    )[0]!;
    expect(channel.title).toMatch(/Ridgeline Miles/);
    // a data store of that channel, answered once its videos and comments are collected
    const store = await session.ok('create_data_store', {
      name: 'Ridgeline Miles',
      channelIds: [channel.channelId],
      wait: true,
      idempotencyKey: 'scenario-store-1',
    });
    expect(store).toMatchObject({ status: 'ready' });
    const saved = (
      (await session.ok('list_audiences', { name: 'backpackers' })).data as Json[]
    )[0]!;
    const created = await session.ok('create_campaign', {
      name: 'Scenario: Ridgeline Miles and backpackers',
      dataStoreIds: [store.id],
      savedAudienceIds: [saved.id],
      idempotencyKey: 'scenario-channel-1',
    });
    // two slots: its own audience on the new store, and a copy of the saved audience
    const campaign = await session.ok('get_campaign', { campaignId: created.id, detail: 'full' });
    expect(campaign.audiences).toEqual([
      expect.objectContaining({ audienceId: null, dataStoreIds: [store.id] }),
      expect.objectContaining({ audienceId: saved.id }),
    ]);
  });

  it('"Which channels are like Ridgeline Miles?"', async () => {
    const channel = (
      (await session.ok('search_exploration_channels', { query: 'ridgeline miles' })).data as Json[]
    )[0]!;
    const similar = (
      await session.ok('list_similar_channels', { channelId: channel.channelId, limit: 5 })
    ).data as Json[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.map((c) => c.channelId)).not.toContain(channel.channelId);
    for (const c of similar)
      expect(c).toMatchObject({ title: expect.any(String), similarity: expect.any(Number) });
    // most similar first
    expect(similar.map((c) => c.similarity)).toEqual(
      [...similar.map((c) => c.similarity)].sort((a, b) => b - a),
    );
  });

  it('"Delete the test campaigns" (one was published: the answer says what stays in the ad platform)', async () => {
    const tests = (await session.ok('list_campaigns', { name: 'Scenario', limit: 100 }))
      .data as Json[];
    expect(tests.length).toBeGreaterThanOrEqual(2);
    for (const c of tests) {
      const r = await session.ok('delete_campaign', {
        campaignId: c.id,
        idempotencyKey: `scenario-delete-${c.id}`,
      });
      expect(r).toMatchObject({ id: c.id, deleted: true });
      if (c.adsStatus !== 'unpublished')
        expect(
          JSON.stringify(r.adPlatform ?? r),
          'a published one is still in the ad platform',
        ).toMatch(/ad platform/);
    }
    expect((await session.ok('list_campaigns', { name: 'Scenario', limit: 100 })).data).toEqual([]);
  });

  it('recovers from errors with the next step each error names', async () => {
    // a campaign id that names nothing: the error says which tool gives ids
    const missing = await session.error(
      'get_campaign',
      { campaignId: 'f'.repeat(24) },
      'not_found',
    );
    expect(missing).toMatch(/list_campaigns/);
    // an argument of another name: the nearest one is suggested
    const running = (
      (await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[]
    )[0]!;
    const r = await client.callTool({
      name: 'update_campaign',
      arguments: { campaignId: running.id, dailyBudget: 10 },
    });
    expect(r.isError).toBe(true);
    expect((r.content as { text: string }[])[0]!.text).toMatch(/budget/);
    // an end date already past: said with the dates, nothing changed
    const past = await session.error(
      'update_campaign',
      { campaignId: running.id, endDate: '2020-01-01' },
      'invalid_request',
    );
    expect(past).toMatch(/endDate: 2020-01-01 has passed/);
    expect(
      (await session.ok('get_campaign', { campaignId: running.id, detail: 'full' })).endDate,
    ).toBe(running.endDate ?? null);
  });

  it('used only tools that tools/list holds', () => {
    for (const name of session.used) expect(session.tools.has(name), name).toBe(true);
    expect([...session.used].sort()).toEqual(
      [
        'change_targeting_items',
        'create_ads_campaign',
        'create_campaign',
        'create_data_store',
        'delete_campaign',
        'edit_targeting',
        'generate_targeting',
        'get_campaign',
        'get_performance',
        'get_targeting',
        'list_ads_accounts',
        'list_audiences',
        'list_brands',
        'list_campaigns',
        'list_data_stores',
        'list_similar_channels',
        'list_targeting_exclusions',
        'search_exploration_channels',
        'update_campaign',
      ].sort(),
    );
  });
});

/** The arguments of the first create again, from what the tool answered (a retry with the same key and arguments). */
function argsOf(created: Json, customerId: string, brandId: string, storeId: string): Json {
  return {
    name: created.name,
    objective: created.objective,
    brandId,
    locations: created.locations,
    language: created.language,
    campaignType: created.campaignType,
    budget: created.budget,
    budgetType: created.budgetType,
    customerId,
    dataStoreIds: [storeId],
  };
}
