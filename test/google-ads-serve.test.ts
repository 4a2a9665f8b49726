/**
 * `adcli serve --ads-platform google-ads` as an operator runs it (real processes, the SQLite store;
 * the Postgres pass runs the same service in test/google-ads-api.test.ts): credentials from the
 * ADCLI_GOOGLE_ADS_* variables only, each missing one named; a campaign published to the stand-in
 * (test/helpers/google-ads-stand-in.ts) from a job worker's sync as from the HTTP thread; the
 * credentials in no line the server writes and not in --exec's environment.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';
import {
  CREDS,
  startGoogleAdsStandIn,
  type GoogleAdsStandIn,
} from './helpers/google-ads-stand-in.ts';
import { standInWorld } from './helpers/google-ads-world.ts';
import { until } from './helpers/wait.ts';

const ENV = {
  ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN: CREDS.developerToken,
  ADCLI_GOOGLE_ADS_CLIENT_ID: CREDS.clientId,
  ADCLI_GOOGLE_ADS_CLIENT_SECRET: CREDS.clientSecret,
  ADCLI_GOOGLE_ADS_REFRESH_TOKEN: CREDS.refreshToken,
};

let standIn: GoogleAdsStandIn;
let server: Server | undefined;
beforeEach(async () => {
  standIn = await startGoogleAdsStandIn(standInWorld());
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await standIn.close();
  await killAll();
});
afterAll(cleanupAll);

const flags = () => [
  '--ads-platform',
  'google-ads',
  '--google-ads-base-url',
  standIn.baseUrl,
  '--google-oauth-token-url',
  standIn.tokenUrl,
];

describe('adcli serve --ads-platform google-ads', () => {
  it('refuses to start without its credentials, naming each variable', async () => {
    const sb = sandbox();
    const r = await runAdcli(['serve', '--memory', ...flags()], {
      env: { ...sb.env, ADCLI_GOOGLE_ADS_CLIENT_ID: CREDS.clientId },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN is not set/);
    expect(r.stderr).toMatch(/ADCLI_GOOGLE_ADS_CLIENT_SECRET is not set/);
    expect(r.stderr).toMatch(/ADCLI_GOOGLE_ADS_REFRESH_TOKEN is not set/);
    expect(r.stderr).not.toMatch(/ADCLI_GOOGLE_ADS_CLIENT_ID is not set/);
    expect(r.stderr).not.toContain(CREDS.clientId);
  });

  it('refuses --seed demo, whose demo campaigns would be published and one turned on', async () => {
    const sb = sandbox();
    const r = await runAdcli(['serve', '--memory', '--seed', 'demo', ...flags()], {
      env: { ...sb.env, ...ENV },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seed demo .* cannot be used with --ads-platform google-ads/);
    expect(standIn.seen).toEqual([]);
  });

  it('publishes PAUSED and syncs from its job workers, never writing a credential', async () => {
    const sb = sandbox();
    server = await startServer(
      ['--memory', '--workers', '1', '--sync-interval', '1', '--log-requests', ...flags()],
      { env: { ...sb.env, ...ENV } },
    );
    const accounts = await server.api('GET', '/ads-platform/accounts');
    expect(accounts.status, accounts.text).toBe(200);
    expect(accounts.body.data.map((a: { customerId: string }) => a.customerId)).toEqual([
      '123-456-7890',
    ]);
    const created = await server.api('POST', '/campaigns', {
      name: 'Espresso at home',
      campaignType: 'SEARCH',
      budget: 20,
      budgetType: 'daily',
      biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const published = await server.api('POST', `/campaigns/${id}/ads-platform`, {
      customerId: '123-456-7890',
    });
    expect(published.status, published.text).toBe(200);
    const adsId = published.body.adsPlatform.campaignId as string;
    expect(standIn.world.campaigns.get(adsId)).toMatchObject({ status: 'PAUSED' });
    expect([...standIn.world.budgets.values()][0]).toMatchObject({ amountMicros: '20000000' });

    // a job worker's sync reads the status a person set in Google Ads
    standIn.world.campaigns.get(adsId).status = 'ENABLED';
    await until('the sync sees ENABLED', async () => {
      const r = await server!.api('GET', `/campaigns/${id}`);
      return r.body.adsPlatform.status === 'ENABLED';
    });

    await server.stop();
    const written = `${server.stdout()}\n${server.stderr()}`;
    expect(written).toMatch(/POST \/api\/v1\/campaigns\/\w+\/ads-platform 200/);
    for (const secret of Object.values(CREDS)) expect(written).not.toContain(secret);
    server = undefined;
  });

  it('serve ads link, list and set-status act on the store and in Google Ads, as the operator', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'data');
    const env = { ...sb.env, ...ENV };
    const op = (...args: string[]) =>
      runAdcli(['serve', 'ads', ...args, '--data', dir, ...flags()], { env });
    server = await startServer(['--data', dir, '--workers', '1', ...flags()], { env });
    const linked = await runAdcli(
      [
        'serve',
        'ads',
        'link',
        '--workspace',
        'default',
        '--customer-id',
        '1234567890',
        '--data',
        dir,
      ],
      { env: sb.env },
    );
    expect(linked.code, linked.stderr).toBe(0);
    expect(linked.stderr).toMatch(/Workspace default may now use Google Ads account 123-456-7890/);
    const created = await server.api('POST', '/campaigns', {
      name: 'Espresso at home',
      campaignType: 'SEARCH',
      budget: 20,
      budgetType: 'daily',
      locations: ['DE', 'US-CA'],
      biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    });
    const id = created.body.id as string;
    const published = await server.api('POST', `/campaigns/${id}/ads-platform`, {
      customerId: '123-456-7890',
    });
    expect(published.status, published.text).toBe(200);
    const adsId = published.body.adsPlatform.campaignId as string;
    await server.stop();
    server = undefined;

    const links = await runAdcli(['serve', 'ads', 'links', '--data', dir, '--json'], {
      env: sb.env,
    });
    expect(JSON.parse(links.stdout)).toEqual([
      { workspace: 'default', customerId: '123-456-7890', linkedAt: expect.any(String) },
    ]);
    const listed = await op('list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        campaignId: id,
        googleAdsCampaignId: adsId,
        status: 'PAUSED',
        problems: [expect.stringMatching(/^locations "US-CA": Google Ads names regions/)],
      }),
    ]);
    const text = await op('list');
    expect(text.stderr).toMatch(
      new RegExp(`${adsId}: not taken by the ad platform: locations "US-CA"`),
    );
    const enabled = await op('set-status', id, 'ENABLED');
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(standIn.world.campaigns.get(adsId).status).toBe('ENABLED');
    for (const r of [linked, links, listed, text, enabled])
      for (const secret of Object.values(CREDS)) expect(r.stdout + r.stderr).not.toContain(secret);
  });

  it("keeps the credentials out of --exec's environment", async () => {
    const sb = sandbox();
    const r = await runAdcli(['serve', '--memory', ...flags(), '--exec', 'env'], {
      env: { ...sb.env, ...ENV },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ADCLI_BASE_URL=/);
    expect(r.stdout).not.toMatch(/ADCLI_GOOGLE_ADS_/);
    for (const secret of Object.values(CREDS)) expect(r.stdout + r.stderr).not.toContain(secret);
  });
});
