import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupAll, killAll, runAdcli, sandbox, startServer } from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterEach(killAll);
afterAll(cleanupAll);

describe('adcli serve ads: the simulated ad platform beside a running server', () => {
  it('lists platform campaigns with their last sync, and a status set there reaches the service at the next sync', async () => {
    const sb = sandbox();
    const server = await startServer(
      [
        '--data',
        sb.dataDir,
        '--seed',
        'demo',
        '--sync-interval',
        '1',
        '--job-delay',
        '0',
        '--quiet',
      ],
      { env: sb.env },
    );
    const list = async () => {
      const r = await runAdcli(['serve', 'ads', 'list', '--json', '--data', sb.dataDir], {
        env: sb.env,
      });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        campaignId: string;
        googleAdsCampaignId: string;
        status: string;
        lastSyncAt: string | null;
      }[];
    };
    const synced = await until('the demo campaign to be synced', async () => {
      const rows = await list();
      return rows.length === 1 && rows[0]!.lastSyncAt !== null && rows;
    });
    const demo = synced[0]!;
    expect(demo.status).toBe('ENABLED');
    expect(demo.googleAdsCampaignId).toMatch(/^\d+$/);

    const set = await runAdcli(
      [
        'serve',
        'ads',
        'set-status',
        demo.googleAdsCampaignId,
        'PAUSED',
        '--json',
        '--data',
        sb.dataDir,
      ],
      { env: sb.env },
    );
    expect(set.code, set.stderr).toBe(0);
    const record = await until('the pause to reach the service', async () => {
      const r = await server.api('GET', `/campaigns/${demo.campaignId}`);
      return r.body.adsPlatform.status === 'PAUSED' && r;
    });
    expect(record.body.adsPlatform.campaignId).toBe(demo.googleAdsCampaignId);

    const bad = await runAdcli(
      ['serve', 'ads', 'set-status', demo.googleAdsCampaignId, 'ON', '--data', sb.dataDir],
      { env: sb.env },
    );
    expect(bad.code).toBe(2);
    const unknown = await runAdcli(
      ['serve', 'ads', 'set-status', '999', 'ENABLED', '--data', sb.dataDir],
      { env: sb.env },
    );
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/no campaign 999 exists in the ad platform/);
  });

  it('still lists the platform campaign after the service campaign is deleted, and set-status still finds it', async () => {
    const sb = sandbox();
    const server = await startServer(['--data', sb.dataDir, '--quiet', '--job-delay', '0'], {
      env: sb.env,
    });
    const created = await server.api('POST', '/campaigns', {
      name: 'Short-lived',
      campaignType: 'SEARCH',
      budget: 20,
      budgetType: 'daily',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const published = await server.api('POST', `/campaigns/${id}/ads-platform`, {});
    expect(published.status, published.text).toBe(200);
    const adsId = published.body.adsPlatform.campaignId as string;
    expect((await server.api('DELETE', `/campaigns/${id}`)).status).toBe(200);

    const r = await runAdcli(['serve', 'ads', 'list', '--json', '--data', sb.dataDir], {
      env: sb.env,
    });
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        campaignId: id,
        googleAdsCampaignId: adsId,
        name: 'Short-lived',
        workspace: server.info.workspace,
        status: 'PAUSED',
        deletedInService: true,
      }),
    ]);

    const set = await runAdcli(
      ['serve', 'ads', 'set-status', id, 'REMOVED', '--json', '--data', sb.dataDir],
      { env: sb.env },
    );
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({
      campaignId: id,
      googleAdsCampaignId: adsId,
      status: 'REMOVED',
    });
  });
});
