// @store both
/**
 * Figures that cannot mislead and deletes that say what remains (issue 21, points 4 and 5), through
 * the API, the CLI (in-process, against the app on a port) and MCP:
 * - the API keeps the contract's 0 for a ratio without a denominator and its OpenAPI description
 *   says what that 0 means; the CLI shows `–`, MCP's compact report leaves the field out;
 * - report rows say which campaigns did not run in the range, and mark campaigns deleted in the
 *   service (their ad-platform campaign lives on);
 * - get_performance takes campaignId: that campaign's row and its own days (`performance show
 *   --campaign`); charts and CSV say whether the days are the account's or a campaign's;
 * - currency codes next to budgets and costs (CLI, MCP compact views);
 * - deleting a published campaign says what stays in the ad platform and how to remove it.
 */
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printReport } from '../src/commands/performance/print-report.ts';
import { IOStreams } from '../src/lib/iostreams.ts';
import type { PerformanceReport } from '../src/generated/responses.ts';
import { ok, expectError } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { runCli } from './helpers/cli.ts';
import { callTool, mcpClient, resultText, structured, type Json } from './helpers/mcp.ts';
import { cleanupAll, sandbox } from './helpers/process.ts';
import { closeServers, serveApp } from './helpers/raw-http.ts';

const DAY = 24 * 3_600_000;
const USD = '222-333-4444';
const EUR = '555-666-7777';

let b: TestBackend;
let api: Client;
let mcp: McpClient;
/** adcli's environment against the app on a port, as against any deployment of adcli serve */
let env: NodeJS.ProcessEnv;
/** the same API behind a host that is not adcli serve (no /_adcli/v1) */
let foreignEnv: NodeJS.ProcessEnv;
/** ran: ENABLED for 8 days; idle: published, never turned on; euro: published in the EUR account; draft: never published */
const c: Record<'ran' | 'idle' | 'euro' | 'draft', { id: string; name: string }> = {} as never;

async function create(name: string, extra: Json = {}): Promise<{ id: string; name: string }> {
  const r = ok(
    await api.post('/campaigns', {
      name,
      campaignType: 'SEARCH',
      budget: 50,
      budgetType: 'daily',
      ...extra,
    }),
    201,
  );
  return { id: r.id, name };
}
const publish = async (id: string) => ok(await api.post(`/campaigns/${id}/ads-platform`, {}));
const setStatus = (id: string, status: 'ENABLED' | 'PAUSED' | 'REMOVED') =>
  b.store.write(async () => b.services.ads.setStatus(id, status));
const report = async (query: string): Promise<PerformanceReport> =>
  ok(await api.get(`/ads-platform/performance?${query}`));

beforeAll(async () => {
  b = await testBackend();
  await b.services.workspaces.ensure('two', {
    accounts: [
      { customerId: USD, name: 'Two US', currencyCode: 'USD', timeZone: 'America/New_York' },
      { customerId: EUR, name: 'Two EU', currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
    ],
  });
  api = await b.client({ workspace: 'two' });
  c.ran = await create('Ran a week');
  c.idle = await create('Never turned on');
  c.euro = await create('Euro campaign', { customerId: EUR, budget: 40 });
  c.draft = await create('Only a draft');
  for (const x of [c.ran, c.idle, c.euro]) await publish(x.id);
  await setStatus(c.ran.id, 'ENABLED');
  b.clock.advance(8 * DAY);
  await b.runner.runDue();

  const port = await serveApp(b.app);
  env = {
    ...sandbox().env,
    ADCLI_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
    ADCLI_API_KEY: api.key,
  };
  const foreign = new Hono();
  foreign.all('/api/v1/*', (ctx) => b.app.request(ctx.req.raw));
  const foreignPort = await serveApp(foreign);
  foreignEnv = { ...env, ADCLI_BASE_URL: `http://127.0.0.1:${foreignPort}/api/v1` };
  mcp = await mcpClient({ app: b.app }, api.key);
});
afterAll(async () => {
  await mcp?.close();
  await closeServers();
  await cleanupAll();
});

describe('the API keeps the contract and says what it means', () => {
  it('keeps 0 for a ratio without a denominator; the OpenAPI document says what that 0 means', async () => {
    const r = await report(`customerId=${USD}&dateRange=LAST_7_DAYS`);
    const idle = r.campaigns.find((x) => x.campaignId === c.idle.id)!;
    expect(idle).toMatchObject({
      impressions: 0,
      clicks: 0,
      conversions: 0,
      ctr: 0,
      cpc: 0,
      costPerConversion: 0,
      roas: 0,
      deletedInService: false,
    });
    const ran = r.campaigns.find((x) => x.campaignId === c.ran.id)!;
    expect(ran.impressions).toBeGreaterThan(0);
    expect(ran.conversions).toBeGreaterThan(0);

    const doc = (await b.app.request('/api/v1/openapi.json')).json() as Promise<Json>;
    const row = (await doc).components.schemas.PerformanceReport.properties.campaigns.items
      .properties;
    expect(row.costPerConversion.description).toMatch(
      /0 when conversions is 0: then there is no cost per conversion, not a free conversion/,
    );
    expect(row.cpc.description).toMatch(/0 when clicks is 0/);
    expect(row.roas.description).toMatch(/0 when cost is 0/);
    expect(row.ctr.description).toMatch(/0 when impressions is 0/);
    expect(row.impressions.description).toMatch(/did not serve/);
    expect(row.deletedInService.description).toMatch(/deleted in this service.*lives on/);
    const op = (await doc).paths['/ads-platform/performance'].get;
    expect(op.parameters.find((p: Json) => p.name === 'campaignId').description).toMatch(
      /its own days instead of the account's/,
    );
  });

  it('campaignId: that campaign alone, its days its own; the account report sums every campaign', async () => {
    const account = await report(`customerId=${USD}&dateRange=LAST_7_DAYS`);
    const one = await report(`customerId=${USD}&dateRange=LAST_7_DAYS&campaignId=${c.idle.id}`);
    expect(one.campaigns.map((x) => x.campaignId)).toEqual([c.idle.id]);
    expect(one.daily).toHaveLength(7);
    expect(one.daily.every((d) => d.impressions === 0 && d.cost === 0)).toBe(true);
    // the account's days hold the campaign that ran
    expect(account.daily.reduce((n, d) => n + d.impressions, 0)).toBe(
      account.campaigns.reduce((n, x) => n + x.impressions, 0),
    );
    const ran = await report(`customerId=${USD}&dateRange=LAST_7_DAYS&campaignId=${c.ran.id}`);
    expect(ran.daily).toEqual(account.daily);

    expectError(
      await api.get(`/ads-platform/performance?customerId=${USD}&campaignId=${c.euro.id}`),
      404,
      'not_found',
      `is in ad-platform account ${EUR}, not ${USD}`,
    );
    expectError(
      await api.get(`/ads-platform/performance?customerId=${USD}&campaignId=${c.draft.id}`),
      404,
      'not_found',
      'not in the ad platform yet',
    );
    expectError(
      await api.get(`/ads-platform/performance?customerId=${USD}&campaignId=${'f'.repeat(24)}`),
      404,
      'not_found',
      `no campaign ${'f'.repeat(24)}`,
    );
    expectError(
      await api.get(`/ads-platform/performance?customerId=${USD}&campaignId=nope`),
      400,
      'invalid_request',
      'campaignId',
    );
    const limited = await b.client({ workspace: 'two', campaignIds: [c.ran.id] });
    expectError(
      await limited.get(`/ads-platform/performance?customerId=${USD}&campaignId=${c.idle.id}`),
      403,
      'forbidden',
      /limited to/,
    );
  });
});

describe('the CLI: – for no ratio, did not run, currencies, whose days', () => {
  it('performance show on a terminal: currency next to amounts, – and "did not run" for the idle campaign, charts of the account', async () => {
    const r = await runCli(
      ['performance', 'show', '--customer-id', USD, '--date-range', 'LAST_7_DAYS'],
      { env, tty: true, columns: 160 },
    );
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/Cost\s+[\d,.]+ USD\n/);
    expect(out).toMatch(/Cost \/ conversion\s+[\d,.]+ USD\n/);
    expect(out).toMatch(/COST USD +CONV\. +CPC USD +COST\/CONV\. USD/);
    const idle = out.split('\n').find((l) => l.startsWith(c.idle.name))!;
    expect(idle).toContain('PAUSED · did not run');
    expect(idle).not.toMatch(/\b0\.00\b/);
    expect(idle).toMatch(/–\s+–\s*$/);
    expect(out).toContain(`Clicks per day, account ${USD} (all its campaigns)`);
    expect(out).toContain(`Cost per day (USD), account ${USD} (all its campaigns)`);
  });

  it("--campaign: the campaign's own days, from its own account; charts and CSV say so", async () => {
    const tty = await runCli(
      ['performance', 'show', '--campaign', c.euro.id, '--date-range', 'LAST_7_DAYS'],
      { env, tty: true, columns: 120 },
    );
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toContain(
      `Performance of campaign "${c.euro.name}" (${c.euro.id}), in account ${EUR} (Two EU)`,
    );
    expect(tty.stdout).toContain(`Clicks per day, campaign "${c.euro.name}" (${c.euro.id})`);
    expect(tty.stdout).toContain(`Cost per day (EUR), campaign "${c.euro.name}"`);
    expect(tty.stdout).toMatch(/Cost \/ conversion\s+–\n/);
    expect(tty.stdout).toMatch(/CTR\s+–\n/);
    expect(tty.stdout).toContain('This campaign did not run in this date range');

    const piped = await runCli(
      ['performance', 'show', '--campaign', c.ran.id, '--date-range', 'LAST_7_DAYS'],
      { env },
    );
    expect(piped.code, piped.stderr).toBe(0);
    const rows = piped.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.filter((x) => x[0] === 'campaign').map((x) => x[1])).toEqual([c.ran.id]);
    const own = await report(`customerId=${USD}&dateRange=LAST_7_DAYS&campaignId=${c.ran.id}`);
    expect(rows.filter((x) => x[0] === 'day').map((x) => [x[1], Number(x[3]), x[6]])).toEqual(
      own.daily.map((d) => [d.date, d.clicks, 'USD']),
    );

    const csv = await runCli(
      ['performance', 'show', '--campaign', c.ran.id, '--date-range', 'LAST_7_DAYS', '--csv'],
      { env },
    );
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      'kind,date,campaignId,name,status,impressions,clicks,cost,conversions,ctr,cpc,costPerConversion,roas,currency,notes',
    );
    const days = lines.filter((l) => l.startsWith('campaign day,'));
    expect(days).toHaveLength(7);
    for (const d of days)
      expect(d).toMatch(
        new RegExp(`^campaign day,\\d{4}-\\d\\d-\\d\\d,${c.ran.id},${c.ran.name},,[\\d.,]+,USD,$`),
      );
    const account = await runCli(
      ['performance', 'show', '--customer-id', USD, '--date-range', 'LAST_7_DAYS', '--csv'],
      { env },
    );
    const accountLines = account.stdout.trim().split('\r\n');
    expect(accountLines.filter((l) => l.startsWith('account day,'))).toHaveLength(7);
    // a ratio without a denominator is an empty cell, and the idle campaign says it did not run
    expect(accountLines.find((l) => l.includes(c.idle.id))).toMatch(
      /,0,0,0,0,,,,,USD,did not run$/,
    );
  });

  it('--campaign of a campaign not in the ad platform is refused, naming the way there', async () => {
    const r = await runCli(['performance', 'show', '--campaign', c.draft.id], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`campaign ${c.draft.id} is not in the ad platform yet`);
    expect((await runCli(['performance', 'show', '--campaign', 'nope'], { env })).code).toBe(2);
  });

  it('a cost per conversion without conversions is –, not 0.00, while a ROAS of spend without return is 0: the printer on its own', () => {
    const t = IOStreams.test({ stdoutTTY: true, columns: 140, env: { NO_COLOR: '1' } });
    const row = {
      campaignId: 'a'.repeat(24),
      name: 'Clicks only',
      googleAdsCampaignId: '1',
      campaignType: 'SEARCH',
      status: 'ENABLED',
      deletedInService: false,
    };
    printReport(
      t.io,
      {
        customerId: USD,
        dateRange: { preset: 'YESTERDAY', startDate: '2026-03-01', endDate: '2026-03-01' },
        campaigns: [
          {
            ...row,
            impressions: 400,
            clicks: 12,
            cost: 9.6,
            conversions: 0,
            ctr: 0.03,
            cpc: 0.8,
            costPerConversion: 0,
            roas: 0,
          },
        ],
        daily: [{ date: '2026-03-01', impressions: 400, clicks: 12, cost: 9.6, conversions: 0 }],
      },
      { customerId: USD, name: 'Two US', currencyCode: 'USD', timeZone: 'America/New_York' },
    );
    const out = t.stdout();
    expect(out).toMatch(/Avg\. CPC\s+0\.80 USD\n/);
    expect(out).toMatch(/Cost \/ conversion\s+–\n/);
    // spent with no conversion value: a real return of 0, not a missing one
    expect(out).toMatch(/ROAS\s+0\n/);
    expect(out.split('\n').find((l) => l.startsWith('Clicks only'))).toMatch(/0\.80\s+–\s+0$/);
  });

  it("campaigns list and get: each budget with its account's currency", async () => {
    const list = await runCli(['campaigns', 'list'], { env });
    const rows = list.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.find((x) => x[0] === c.euro.id)![4]).toBe('40.00 EUR daily');
    expect(rows.find((x) => x[0] === c.ran.id)![4]).toBe('50.00 USD daily');
    const get = await runCli(['campaigns', 'get', c.euro.id], { env, tty: true, columns: 100 });
    expect(get.stdout).toMatch(/Budget\s+40.00 EUR daily\n/);
    // a key without ads:read cannot look the accounts up: the budget without a currency
    const noAds = await b.client({ workspace: 'two', scopes: ['campaigns:read'] });
    const bare = await runCli(['campaigns', 'get', c.euro.id], {
      env: { ...env, ADCLI_API_KEY: noAds.key },
    });
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.stdout).toContain('Budget\t40.00 daily\n');
  });
});

describe('MCP: compact figures a model cannot misread', () => {
  it('get_performance leaves out ratios without a denominator and says which campaign did not run', async () => {
    const r = structured(
      await callTool(mcp, 'get_performance', { customerId: USD, dateRange: 'LAST_7_DAYS' }),
    ) as Json;
    expect(r).toMatchObject({ customerId: USD, currencyCode: 'USD', dailyOf: 'account' });
    const idle = (r.campaigns as Json[]).find((x) => x.campaignId === c.idle.id)!;
    expect(idle).toEqual({
      campaignId: c.idle.id,
      name: c.idle.name,
      campaignType: 'SEARCH',
      status: 'PAUSED',
      delivery: 'did not run',
    });
    const ran = (r.campaigns as Json[]).find((x) => x.campaignId === c.ran.id)!;
    expect(ran.costPerConversion).toBeGreaterThan(0);
    expect(ran).not.toHaveProperty('delivery');
    // the lowest cost per conversion is one that ran
    const best = (r.campaigns as Json[])
      .filter((x) => 'costPerConversion' in x)
      .sort((x, y) => x.costPerConversion - y.costPerConversion)[0]!;
    expect(best.campaignId).toBe(c.ran.id);
    // detail full is the API's report, the contract's 0 included
    const full = structured(
      await callTool(mcp, 'get_performance', {
        customerId: USD,
        dateRange: 'LAST_7_DAYS',
        detail: 'full',
      }),
    ) as Json;
    expect(full.campaigns.find((x: Json) => x.campaignId === c.idle.id).costPerConversion).toBe(0);
  });

  it("get_performance with campaignId: the campaign's own days", async () => {
    const r = structured(
      await callTool(mcp, 'get_performance', {
        customerId: EUR,
        dateRange: 'LAST_7_DAYS',
        campaignId: c.euro.id,
      }),
    ) as Json;
    expect(r).toMatchObject({ currencyCode: 'EUR', dailyOf: 'campaign' });
    expect((r.campaigns as Json[]).map((x) => x.campaignId)).toEqual([c.euro.id]);
    expect(r.daily).toEqual(
      (await report(`customerId=${EUR}&dateRange=LAST_7_DAYS&campaignId=${c.euro.id}`)).daily,
    );
  });

  it('campaign views carry the currency of their account', async () => {
    const list = (structured(await callTool(mcp, 'list_campaigns', {})) as Json).data as Json[];
    expect(list.find((x) => x.id === c.euro.id)).toMatchObject({
      budget: 40,
      currencyCode: 'EUR',
      budgetType: 'daily',
      customerId: EUR,
    });
    expect(list.find((x) => x.id === c.ran.id)).toMatchObject({ budget: 50, currencyCode: 'USD' });
    expect(
      structured(await callTool(mcp, 'get_campaign', { campaignId: c.euro.id })),
    ).toMatchObject({ currencyCode: 'EUR' });
    // detail full is the API's record, which has no currency field
    expect(
      structured(await callTool(mcp, 'get_campaign', { campaignId: c.euro.id, detail: 'full' })),
    ).not.toHaveProperty('currencyCode');
  });

  it('a tool call that looks its currencies up still counts once against the rate limit', async () => {
    const limited = await testBackend({ rateLimit: 10 });
    const res = await limited.app.request('/mcp', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${limited.api.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_campaigns', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toBe('9');
  });
});

describe('deleting a published campaign says what stays in the ad platform', () => {
  it('CLI: names adcli backend ads set-status … REMOVED; the report keeps the campaign, marked deleted', async () => {
    const gone = await create('Deleted while running');
    await publish(gone.id);
    await setStatus(gone.id, 'ENABLED');
    b.clock.advance(2 * DAY);
    await b.runner.runDue();
    const r = await runCli(['campaigns', 'delete', gone.id, '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Deleted campaign ${gone.id}.`);
    expect(r.stderr).toMatch(
      /Its ad-platform campaign \d+ \(account 222-333-4444\) is not deleted: it stays there ENABLED and keeps spending\./,
    );
    expect(r.stderr).toContain(
      `Remove it there with: adcli backend ads set-status ${gone.id} REMOVED`,
    );
    expect((await api.get(`/campaigns/${gone.id}`)).status).toBe(404);

    const rows = (await report(`customerId=${USD}&dateRange=LAST_7_DAYS`)).campaigns;
    expect(rows.find((x) => x.campaignId === gone.id)).toMatchObject({
      deletedInService: true,
      status: 'ENABLED',
    });
    expect(rows.filter((x) => x.campaignId !== gone.id).every((x) => !x.deletedInService)).toBe(
      true,
    );
    const tty = await runCli(
      ['performance', 'show', '--customer-id', USD, '--date-range', 'LAST_7_DAYS'],
      { env, tty: true, columns: 160 },
    );
    expect(tty.stdout.split('\n').find((l) => l.startsWith(gone.name))).toContain(
      'ENABLED · deleted',
    );
    expect(tty.stdout).toContain(`adcli backend ads set-status ${gone.id} REMOVED`);
    // its own days are still there, by the deleted id
    const own = await runCli(
      ['performance', 'show', '--campaign', gone.id, '--customer-id', USD, '--json'],
      { env },
    );
    expect(JSON.parse(own.stdout).campaigns).toMatchObject([
      { campaignId: gone.id, deletedInService: true },
    ]);
    const mcpReport = structured(
      await callTool(mcp, 'get_performance', { customerId: USD, dateRange: 'LAST_7_DAYS' }),
    ) as Json;
    expect((mcpReport.campaigns as Json[]).find((x) => x.campaignId === gone.id)).toMatchObject({
      deletedInService: true,
    });
  });

  it('CLI: a paused one stays paused; an unpublished one says nothing more; elsewhere than adcli serve, the platform itself', async () => {
    const paused = await create('Paused, deleted');
    await publish(paused.id);
    const r = await runCli(['campaigns', 'delete', paused.id, '--yes'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /is not deleted: it stays there PAUSED, spending nothing unless it is turned on\.\nRemove it there with: adcli backend ads set-status [a-f0-9]{24} REMOVED\n/,
    );

    const plain = await create('Never published');
    const p = await runCli(['campaigns', 'delete', plain.id, '--yes', '--json'], { env });
    expect(JSON.parse(p.stdout)).toEqual({ id: plain.id, deleted: true });
    expect(p.stderr).toBe('');

    const noBackend = await b.client({
      workspace: 'two',
      scopes: ['campaigns:read', 'campaigns:write'],
    });
    const scoped = await create('Deleted by a key without the backend scope');
    await publish(scoped.id);
    const k = await runCli(['campaigns', 'delete', scoped.id, '--yes'], {
      env: { ...env, ADCLI_API_KEY: noBackend.key },
    });
    expect(k.code, k.stderr).toBe(0);
    expect(k.stderr).toContain(
      `With a key that has the backend scope, remove it there: adcli backend ads set-status ${scoped.id} REMOVED\n`,
    );

    const foreign = await create('On another host');
    await publish(foreign.id);
    const f = await runCli(['campaigns', 'delete', foreign.id, '--yes'], { env: foreignEnv });
    expect(f.code, f.stderr).toBe(0);
    expect(f.stderr).toContain(
      'This deployment is not adcli serve: remove it in the ad platform itself.',
    );
    expect(f.stderr).not.toContain('adcli backend');
  });

  it('MCP: delete_campaign answers what stays in the ad platform, and that a person removes it there', async () => {
    const live = await create('Live, deleted by a model');
    await publish(live.id);
    await setStatus(live.id, 'ENABLED');
    await b.runner.runDue();
    const r = await callTool(mcp, 'delete_campaign', { campaignId: live.id });
    expect(r.isError, resultText(r)).toBeFalsy();
    expect(structured(r)).toMatchObject({
      id: live.id,
      deleted: true,
      adPlatform: {
        customerId: USD,
        googleAdsCampaignId: expect.any(String),
        note: expect.stringMatching(
          /keeps spending until a person removes it \(REMOVED\) in the ad platform; no tool can/,
        ),
      },
    });
    const plain = await create('Unpublished, deleted by a model');
    expect(structured(await callTool(mcp, 'delete_campaign', { campaignId: plain.id }))).toEqual({
      id: plain.id,
      deleted: true,
    });
  });
});
