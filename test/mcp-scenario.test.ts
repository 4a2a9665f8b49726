/**
 * An assistant's session (issue 15): the four requests of the issue as a script of tool calls that
 * knows only what `initialize` and `tools/list` say. Every call names a listed tool with arguments
 * its inputSchema accepts (test/helpers/mcp.ts modelSession), against a real `adcli serve` with the
 * demo seed, through the SDK client; the script ends in the state the requests asked for.
 * Build first: `npm run build`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpClient, modelSession, type Json } from './helpers/mcp.ts';
import { cleanupAll, killAll, sandbox, startServer, tempDir, type Server } from './helpers/process.ts';

let s: Server;
let client: Client;
let session: Awaited<ReturnType<typeof modelSession>>;

beforeAll(async () => {
  const sb = sandbox();
  s = await startServer(['--data', tempDir(sb, 'scenario'), '--seed', 'demo', '--job-delay', '50', '--quiet'], { env: sb.env });
  client = await mcpClient({ url: new URL('/mcp', s.info.baseUrl).href }, s.info.apiKey);
  session = await modelSession(client);
});
afterAll(async () => {
  await client?.close().catch(() => {});
  await killAll();
  await cleanupAll();
});

const sum = (rows: Json[], k: string) => Math.round(rows.reduce((n, r) => n + (r[k] as number), 0) * 100) / 100;

describe('an assistant works through four requests with only what tools/list says', () => {
  it('reads the rules once: ids, delivery state, currency, idempotency', () => {
    expect(session.instructions).toMatch(/adsStatus is delivery: ENABLED \(running\)/);
    expect(session.instructions).toMatch(/currency of the campaign's ad-platform account/);
    expect(session.instructions).toMatch(/idempotencyKey/);
    expect(session.instructions).toMatch(/slotIds/);
  });

  it('"Which campaigns are running and how are they doing?"', async () => {
    const running = (await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[];
    expect(running.length).toBeGreaterThan(0);
    for (const c of running) expect(c).toMatchObject({ adsStatus: 'ENABLED', customerId: expect.any(String) });
    // how they are doing: the last 7 days of each running campaign's account
    for (const customerId of new Set(running.map((c) => c.customerId as string))) {
      const report = await session.ok('get_performance', { customerId, dateRange: 'LAST_7_DAYS' });
      const mine = (report.campaigns as Json[]).filter((r) => running.some((c) => c.id === r.campaignId));
      expect(mine.length).toBeGreaterThan(0);
      for (const r of mine) {
        expect(r.status).toBe('ENABLED');
        expect(r.impressions).toBeGreaterThan(0);
      }
    }
  });

  it('"Set up a campaign for Germany and Austria at 40 euros a day"', async () => {
    const eur = ((await session.ok('list_ads_accounts')).data as Json[]).find((a) => a.currencyCode === 'EUR');
    expect(eur, 'an account in euros').toBeDefined();
    const brand = ((await session.ok('list_brands', { name: 'Ember' })).data as Json[])[0]!;
    const store = ((await session.ok('list_data_stores', { name: 'coffee' })).data as Json[])[0]!;
    // a first try in prose is refused with the codes to use
    const prose = await session.error('create_campaign', { name: 'Ember & Grind DACH', locations: ['Germany', 'Austria'], budget: 40, budgetType: 'daily' }, 'invalid_request');
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
    expect(created).toMatchObject({ locations: ['DE', 'AT'], language: 'de', budget: 40, budgetType: 'daily', customerId: eur!.customerId, adsStatus: 'unpublished' });
    // a retry after a lost answer (same key, same arguments) changes nothing
    expect((await session.ok('create_campaign', { ...argsOf(created, eur!.customerId, brand.id, store.id), idempotencyKey: 'scenario-dach-1' })).id).toBe(created.id);
  });

  it('"Drop competitor keywords and publish without spending" (the home-baristas campaign)', async () => {
    const campaign = ((await session.ok('list_campaigns', { name: 'Home Baristas' })).data as Json[])[0]!;
    // its targeting, generated where it is not yet (waiting for it), then the slot with keywords
    await session.ok('generate_targeting', { campaignId: campaign.id, wait: true });
    const compact = await session.ok('get_targeting', { campaignId: campaign.id, sections: ['keywords'] });
    const slot = (compact.slots as Json[]).find((x) => x.keywords?.length)!;
    expect(slot, JSON.stringify(compact)).toBeDefined();
    // edit_targeting replaces every item of the slot: read them all, with detail full
    const full = await session.ok('get_targeting', { campaignId: campaign.id, slotIds: [slot.slotId], detail: 'full' });
    const items = full.slots[0].items as Json[];
    // competitors: exact-match names that are not our brand's
    const ours = (await session.ok('get_campaign', { campaignId: campaign.id })).brandName as string;
    const isCompetitor = (i: Json) => i.section === 'keywords' && i.matchType === 'EXACT' && !i.text.startsWith(ours.split(' ')[0]!);
    const dropped = items.filter(isCompetitor);
    expect(dropped.length, JSON.stringify(items.filter((i) => i.section === 'keywords'))).toBeGreaterThan(0);
    const kept = items.filter((i) => !isCompetitor(i));
    const edited = await session.ok('edit_targeting', { campaignId: campaign.id, slotId: slot.slotId, items: kept, idempotencyKey: 'scenario-edit-1' });
    const after = edited.slots[0];
    for (const d of dropped) expect(after.keywords.map((k: Json) => k.text)).not.toContain(d.text);
    expect(after.keywords).toHaveLength(kept.filter((i) => i.section === 'keywords').length);
    expect(after.topics ?? []).toEqual(kept.filter((i) => i.section === 'topics').map((i) => i.text));

    // publishing creates it PAUSED: nothing spends until a person enables it
    const published = await session.ok('create_ads_campaign', { campaignId: campaign.id, idempotencyKey: 'scenario-publish-1' });
    expect(published).toMatchObject({ id: campaign.id, adsStatus: 'PAUSED' });
    const paused = (await session.ok('list_campaigns', { adsStatus: 'PAUSED' })).data as Json[];
    expect(paused.map((c) => c.id)).toContain(campaign.id);
    const stillRunning = (await session.ok('list_campaigns', { adsStatus: 'ENABLED' })).data as Json[];
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

  it('used only tools that tools/list holds', () => {
    for (const name of session.used) expect(session.tools.has(name), name).toBe(true);
    expect([...session.used].sort()).toEqual(
      ['create_ads_campaign', 'create_campaign', 'edit_targeting', 'generate_targeting', 'get_campaign', 'get_performance', 'get_targeting', 'list_ads_accounts', 'list_brands', 'list_campaigns', 'list_data_stores'].sort(),
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
