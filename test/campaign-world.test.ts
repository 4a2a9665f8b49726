// @store both
/**
 * A campaign world a marketer recognises: the ad-platform switch as a control of the backend (on the
 * API, the CLI in-process and one `adcli serve --memory --exec` run), one lifecycle for dates and
 * delivery, a demo that tells one consistent story, and keys that say what their limits are.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGNS } from '../server/seed/demo.ts';
import { runSeed } from '../server/seed/index.ts';
import { expectError, ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { runCli } from './helpers/cli.ts';
import { mcpClient } from './helpers/mcp.ts';
import { BIN, runAdcli } from './helpers/process.ts';
import { removeSandboxes, sandbox } from './helpers/sandbox.ts';

afterAll(removeSandboxes);

let b: TestBackend;
let demo: Client;
let demoCtl: Client;
const DAY = 86_400_000;
const dateIn = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeEach(async () => {
  b = await testBackend();
  await runSeed(b.services, 'demo');
  demo = await b.client({ workspace: 'demo' });
  demoCtl = await b.client({ workspace: 'demo', prefix: '/_adcli/v1' });
});

const campaignNamed = async (name: string) =>
  ok(await demo.get('/campaigns?limit=100')).data.find((c: { name: string }) => c.name === name);

describe('the ad-platform switch, a control of the backend', () => {
  it('lists the platform campaigns and turns one on, by its id or its ad-platform id', async () => {
    const launch = await campaignNamed(DEMO_CAMPAIGNS.launch);
    const published = ok(await demo.post(`/campaigns/${launch.id}/ads-platform`, {}));
    expect(published.adsPlatform.status).toBe('PAUSED');

    const listed = ok(await demoCtl.get('/ads/campaigns')).data;
    const row = listed.find((c: { campaignId: string }) => c.campaignId === launch.id);
    expect(row).toMatchObject({
      status: 'PAUSED',
      serving: { status: 'PAUSED' },
      currencyCode: 'USD',
      deletedInService: false,
    });

    expect(
      ok(await demoCtl.post(`/ads/campaigns/${launch.id}/status`, { status: 'ENABLED' })),
    ).toEqual({
      campaignId: launch.id,
      googleAdsCampaignId: published.adsPlatform.campaignId,
      status: 'ENABLED',
    });
    ok(
      await demoCtl.post(`/ads/campaigns/${published.adsPlatform.campaignId}/status`, {
        status: 'PAUSED',
      }),
    );
    ok(await demoCtl.post(`/ads/campaigns/${launch.id}/status`, { status: 'REMOVED' }));
    expectError(
      await demoCtl.post(`/ads/campaigns/${launch.id}/status`, { status: 'ENABLED' }),
      409,
      'conflict',
    );
  });

  it("never reaches another workspace's campaign, nor one outside a key's limits (404 telling nothing)", async () => {
    const running = await campaignNamed(DEMO_CAMPAIGNS.platform);
    const acmeCtl = await b.client({ prefix: '/_adcli/v1' });
    expectError(
      await acmeCtl.post(`/ads/campaigns/${running.id}/status`, { status: 'PAUSED' }),
      404,
      'not_found',
    );
    expect(ok(await acmeCtl.get('/ads/campaigns')).data).toEqual([]);

    const other = await campaignNamed(DEMO_CAMPAIGNS.launch);
    const limited = await b.client({
      workspace: 'demo',
      prefix: '/_adcli/v1',
      campaignIds: [other.id],
    });
    expectError(
      await limited.post(`/ads/campaigns/${running.id}/status`, { status: 'PAUSED' }),
      403,
      'forbidden',
      `limited to campaign ${other.id}`,
    );
    expect(ok(await limited.get('/ads/campaigns')).data).toEqual([]);
    expect((await campaignNamed(DEMO_CAMPAIGNS.platform)).adsPlatform.status).toBe('ENABLED');
  });

  it('works from the CLI on the local profile, and publish names the command', async () => {
    const env = sandbox().env;
    const list = await runCli(['campaigns', 'list', '--limit', '100', '--json', 'id,name'], {
      env,
    });
    const launch = JSON.parse(list.stdout).find(
      (c: { name: string }) => c.name === DEMO_CAMPAIGNS.launch,
    );
    const publish = await runCli(['campaigns', 'publish', launch.id], { env });
    expect(publish.code, publish.stderr).toBe(0);
    expect(publish.stderr).toContain(`adcli backend ads set-status ${launch.id} ENABLED`);
    const on = await runCli(['backend', 'ads', 'set-status', launch.id, 'enabled'], { env });
    expect(on.code, on.stderr).toBe(0);
    expect(on.stderr).toMatch(/is now ENABLED in the ad platform: it serves from now on/);
    const rows = await runCli(['backend', 'ads', 'list', '--json'], { env });
    expect(
      JSON.parse(rows.stdout).find((c: { campaignId: string }) => c.campaignId === launch.id),
    ).toMatchObject({ status: 'ENABLED', serving: { status: 'SERVING' } });
    const help = await runCli(['campaigns', 'publish', '--help'], { env });
    expect(help.stdout).toContain('adcli backend ads set-status CAMPAIGN ENABLED');
  });

  it('adcli serve ads refuses a data dir that holds no store, and makes none', async () => {
    const sb = sandbox();
    const dir = join(sb.root, 'nowhere');
    const r = await runCli(['serve', 'ads', 'list', '--data', dir], { env: sb.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /no adcli serve store at .*adcli backend ads set-status CAMPAIGN ENABLED/,
    );
    expect(existsSync(join(dir, 'adcli.db'))).toBe(false);
    const profile = await runCli(['serve', 'ads', 'list', '--profile', 'local'], { env: sb.env });
    expect(profile.code).toBe(2);
    expect(profile.stderr).toContain('not on --profile');
  });

  it("turns a campaign on inside adcli serve --memory --exec, where the data dir is not the server's", async () => {
    const sb = sandbox();
    const q = (x: string) => `'${x.replace(/'/g, `'\\''`)}'`;
    const script = [
      'set -e',
      `adcli() { ${q(process.execPath)} ${q(BIN)} "$@"; }`,
      `ID=$(adcli campaigns list --limit 100 --jq '.[] | select(.name == "${DEMO_CAMPAIGNS.launch}") | .id')`,
      'adcli campaigns publish "$ID" >/dev/null 2>&1',
      'adcli backend ads set-status "$ID" ENABLED >/dev/null 2>&1',
      'adcli backend ads list --jq ".[] | select(.campaignId == \\"$ID\\") | .status"',
    ].join('\n');
    const r = await runAdcli(
      ['serve', '--memory', '--seed', 'demo', '--job-delay', '0', '--exec', script],
      { env: sb.env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('ENABLED');
  });
});

describe('one lifecycle for dates', () => {
  it('refuses an end date already past on create and update (400 naming both dates); today is fine', async () => {
    const today = dateIn(b.clock.now().getTime() - 10 * 3_600_000); // Los Angeles is behind UTC
    expectError(
      await demo.post('/campaigns', {
        name: 'Late',
        endDate: '2020-01-01',
        budgetType: 'total',
        budget: 100,
      }),
      400,
      'invalid_request',
      'endDate: 2020-01-01 has passed',
      today,
    );
    const c = ok(
      await demo.post('/campaigns', {
        name: 'On time',
        endDate: today,
        budgetType: 'total',
        budget: 100,
      }),
      201,
    );
    expectError(
      await demo.patch(`/campaigns/${c.id}`, {
        endDate: dateIn(b.clock.now().getTime() - 3 * DAY),
      }),
      400,
      'invalid_request',
      'has passed',
    );
  });

  it('refuses to publish a campaign whose end date has passed (409 naming it), and an ENABLED one past it ends', async () => {
    const launch = await campaignNamed(DEMO_CAMPAIGNS.launch);
    ok(await demoCtl.post('/clock/advance', { by: '100d' })); // past its end date, 75 days out
    expectError(
      await demo.post(`/campaigns/${launch.id}/ads-platform`, {}),
      409,
      'conflict',
      `end date ${launch.endDate} has passed`,
    );

    const running = await campaignNamed(DEMO_CAMPAIGNS.platform);
    ok(
      await demo.patch(`/campaigns/${running.id}`, {
        endDate: dateIn(b.clock.now().getTime() + 100 * DAY + 2 * DAY),
      }),
    );
    ok(await demoCtl.post('/clock/advance', { by: '5d' }));
    const row = ok(await demoCtl.get('/ads/campaigns')).data.find(
      (c: { campaignId: string }) => c.campaignId === running.id,
    );
    expect(row.status).toBe('ENABLED');
    expect(row, JSON.stringify({ row, clock: ok(await demoCtl.get('/clock')) })).toMatchObject({
      serving: { status: 'ENDED' },
    });
    expect(row.serving.reason).toContain('has passed');
  });
});

describe('the demo tells one story', () => {
  it('its running campaign is ready and synced; each campaign sits in the account of its locations; no date lies in the past', async () => {
    const campaigns = ok(await demo.get('/campaigns?limit=100')).data;
    const running = campaigns.find((c: { name: string }) => c.name === DEMO_CAMPAIGNS.platform);
    expect(running).toMatchObject({ status: 'ready', adsPlatform: { status: 'ENABLED' } });
    const targeting = ok(await demo.get(`/campaigns/${running.id}/targeting`));
    expect(
      targeting.audiences.every(
        (s: { status: string; items: unknown[] }) => s.status === 'ready' && s.items.length > 0,
      ),
    ).toBe(true);
    const platform = ok(await demoCtl.get('/ads/campaigns')).data.find(
      (c: { campaignId: string }) => c.campaignId === running.id,
    );
    expect(platform.lastSyncAt).not.toBeNull();

    const accounts = ok(await demo.get('/ads-platform/accounts')).data;
    const currencyOf = (c: { adsPlatform: { customerId: string } }) =>
      accounts.find((a: { customerId: string }) => a.customerId === c.adsPlatform.customerId)
        .currencyCode;
    const alps = campaigns.find((c: { name: string }) => c.name === DEMO_CAMPAIGNS.alps);
    expect(currencyOf(alps)).toBe('EUR');
    for (const c of campaigns.filter((x: { locations: string[] }) =>
      x.locations.every((l) => ['US', 'CA'].includes(l)),
    ))
      expect(currencyOf(c)).toBe('USD');
    const today = dateIn(b.clock.now().getTime());
    for (const c of campaigns)
      if (c.endDate) expect(c.endDate > today, `${c.name} ends ${c.endDate}`).toBe(true);
  });
});

describe('keys that say what they are', () => {
  it("MCP instructions, GET /_adcli/v1/key and forbidden name an account-limited key's limits", async () => {
    const accounts = ok(await demo.get('/ads-platform/accounts')).data;
    const europe = accounts.find((a: { currencyCode: string }) => a.currencyCode === 'EUR');
    const limited = await b.client({
      workspace: 'demo',
      customerIds: [europe.customerId.replace(/-/g, '')],
    });
    const mcp = await mcpClient(b, limited.key);
    const instructions = mcp.getInstructions() ?? '';
    expect(instructions).toContain(`limited to ad-platform account ${europe.customerId} (EUR)`);
    expect(instructions).not.toMatch(/This key has every scope \(/.source + '[^)]*\)\\.');
    await mcp.close();

    const ctl = await b.client({
      workspace: 'demo',
      prefix: '/_adcli/v1',
      customerIds: [europe.customerId.replace(/-/g, '')],
    });
    expect(ok(await ctl.get('/key'))).toMatchObject({
      workspace: 'demo',
      customerIds: [europe.customerId],
      campaignIds: null,
      accounts: [{ customerId: europe.customerId, currencyCode: 'EUR' }],
    });

    const us = await campaignNamed(DEMO_CAMPAIGNS.platform);
    expectError(
      await limited.get(`/campaigns/${us.id}`),
      403,
      'forbidden',
      `limited to ad-platform account ${europe.customerId}`,
      'adcli auth status',
    );
  });

  it('adcli auth status shows the scopes and limits of the key (local profile)', async () => {
    const r = await runCli(['auth', 'status']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toMatch(
      /Limits\s+none: every account and campaign of the workspace/,
    );
  });
});
