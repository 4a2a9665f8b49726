/**
 * Durable jobs across a crash: `adcli serve --seed demo` starts generating the
 * targeting of a demo campaign, is SIGKILLed before the job's delay has passed, and restarts on the
 * same data dir. The job left in the store is picked up by the new process and runs exactly once.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  killAll,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterEach(killAll);
afterAll(cleanupAll);

const LAUNCH = 'Northwind Talus 3 Spring Trail Launch';

async function findCampaign(
  server: Server,
): Promise<{ id: string; status: string; audiences: { id: string }[] }> {
  const r = await server.api('GET', `/campaigns?name=${encodeURIComponent(LAUNCH)}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.data).toHaveLength(1);
  return r.body.data[0];
}

describe('a generation job survives SIGKILL of adcli serve', () => {
  it('finishes after the restart, once', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'gen-crash');
    const first = await startServer(
      ['--data', dir, '--job-delay', '1500', '--seed', 'demo', '--quiet', '--rate-limit', '0'],
      { env: sb.env },
    );

    const campaign = await findCampaign(first);
    expect(campaign.status).toBe('draft');
    const slotId = campaign.audiences[0]!.id;
    const started = await first.api('POST', `/campaigns/${campaign.id}/targeting/generate`, {});
    expect(started.status, started.text).toBe(200);
    expect(started.body.started).toEqual([slotId]);
    const during = await first.api('GET', `/campaigns/${campaign.id}/targeting`);
    expect(during.body.audiences[0]).toMatchObject({ id: slotId, status: 'generating', items: [] });
    expect((await findCampaign(first)).status).toBe('loading');

    const exit = await first.stop('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    const killedAt = new Date().toISOString();

    const second = await startServer(
      ['--data', dir, '--job-delay', '100', '--seed', 'demo', '--quiet', '--rate-limit', '0'],
      { env: sb.env },
    );
    expect(second.info.apiKey).toBe(first.info.apiKey);
    const slot = await until(
      'the restarted server to finish the generation',
      async () => {
        const r = await second.api('GET', `/campaigns/${campaign.id}/targeting`);
        expect(r.status, r.text).toBe(200);
        const s: { status: string; items: unknown[]; error: string } = r.body.audiences[0];
        return s.status !== 'generating' && s;
      },
      15_000,
    );
    expect(slot).toMatchObject({ status: 'ready', error: '' });
    expect(slot.items.length).toBeGreaterThan(0);
    expect((await findCampaign(second)).status).toBe('ready');
    await second.stop('SIGTERM');

    const db = new DatabaseSync(join(dir, 'adcli.db'), { readOnly: true });
    try {
      const jobs = db
        .prepare(
          "SELECT subject, state, attempts, error, finished_at FROM jobs WHERE kind = 'generate_targeting' AND subject = ?",
        )
        .all(slotId);
      expect(jobs).toEqual([
        { subject: slotId, state: 'done', attempts: 1, error: '', finished_at: expect.any(String) },
      ]);
      // It ran in the restarted process, not in the killed one.
      expect((jobs[0] as { finished_at: string }).finished_at > killedAt).toBe(true);
    } finally {
      db.close();
    }
  });
});
