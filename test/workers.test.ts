/**
 * Background jobs in worker threads (issue 8, part 1): generation over a large data store runs in a
 * worker while the HTTP thread answers reads; a worker that dies mid-job has its job handed back and
 * finished once; Ctrl-C lets a running job end, a second one hands it back; --workers is bounded.
 *
 * "During the job" is shown by ordering, never by timing: the test reads the jobs table itself (its
 * own SQLite connection on the server's file), and a read counts only when the same job, same
 * attempt, was `running` before the request was sent and still after its answer arrived. With jobs
 * on the HTTP thread that cannot happen: a job holds the event loop from its claim to its finish.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setUpGeneration, type ApiCall } from '../bench/corpus.ts';
import { createBackend } from '../server/app/backend.ts';
import { WorkerPool } from '../server/app/workers/worker-pool.ts';
import { systemClock } from '../server/lib/clock.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { clientFor } from './helpers/backend.ts';
import {
  cleanupAll,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';
import { until as poll } from './helpers/wait.ts';

/** Polls every 5 ms: a job's running state can be short. */
const until = <T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 60_000,
) => poll(what, check, ms, 5);

afterEach(killAll);
afterAll(cleanupAll);

interface JobState {
  id: string;
  subject: string;
  state: string;
  attempts: number;
  lease_owner: string | null;
}

/** The test's own look at the jobs table of a server's data file. */
function jobsOf(file: string) {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 10000');
  const all = () =>
    db
      .prepare(
        "SELECT id, subject, state, attempts, lease_owner FROM jobs WHERE kind = 'generate_targeting' ORDER BY id",
      )
      .all() as unknown as JobState[];
  return {
    all,
    running: () => all().filter((j) => j.state === 'running'),
    close: () => db.close(),
  };
}

const apiOf =
  (server: Server): ApiCall =>
  (method, path, body) =>
    server.api(method, path, body);

const SERVE = ['--job-delay', '0', '--rate-limit', '0', '--quiet'];

describe('adcli serve runs jobs in worker threads', () => {
  it('answers reads while a worker generates, and every slot is generated once', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'gen-reads');
    const server = await startServer(['--data', dir, ...SERVE], { env: sb.env });
    const slots = 4;
    const setup = await setUpGeneration(apiOf(server), {
      videos: 1000,
      commentsPerVideo: 10,
      slots,
    });
    const jobs = jobsOf(join(dir, 'adcli.db'));
    try {
      const started = await server.api(
        'POST',
        `/campaigns/${setup.campaignId}/targeting/generate`,
        {},
      );
      expect(started.status, started.text).toBe(200);
      expect(started.body.started).toHaveLength(slots);

      let readsDuringAJob = 0;
      let readsWhileGenerating = 0;
      for (;;) {
        const before = jobs.running()[0];
        const read = await server.api('GET', '/workspace');
        expect(read.status, read.text).toBe(200);
        const after = jobs.running();
        if (
          before &&
          after.some(
            (j) =>
              j.id === before.id &&
              j.attempts === before.attempts &&
              j.lease_owner === before.lease_owner,
          )
        )
          readsDuringAJob++;
        const targeting = await server.api('GET', `/campaigns/${setup.campaignId}/targeting`);
        const statuses: string[] = targeting.body.audiences.map(
          (a: { status: string }) => a.status,
        );
        if (statuses.includes('generating')) readsWhileGenerating++;
        else break;
      }
      expect(readsDuringAJob).toBeGreaterThan(0);
      expect(readsWhileGenerating).toBeGreaterThan(0);

      const targeting = await server.api('GET', `/campaigns/${setup.campaignId}/targeting`);
      for (const slot of targeting.body.audiences) {
        expect(slot).toMatchObject({ status: 'ready', error: '' });
        expect(slot.items.length).toBeGreaterThan(0);
      }
      expect(jobs.all().map((j) => [j.state, j.attempts])).toEqual(
        Array.from({ length: slots }, () => ['done', 1]),
      );
    } finally {
      jobs.close();
    }
  });

  it('a worker killed mid-job: its job is handed back, run again by a new worker, and finished once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'adcli-workers-'));
    const store = new SqliteStore(join(dir, 'adcli.db'));
    // queued jobs wake the pool as in adcli serve
    let pool: WorkerPool | undefined;
    const backend = createBackend({
      store,
      clock: systemClock,
      rateLimit: 0,
      onEnqueue: () => pool?.nudge(),
    });
    const { services } = backend;
    const key = await store.write(
      async () =>
        (
          await services.keys.create((await services.workspaces.ensure('acme')).id, {
            scopes: [...SCOPES],
          })
        ).key,
    );
    const client = clientFor(backend.app, key);
    const warnings: string[] = [];
    pool = new WorkerPool({
      store: { kind: 'sqlite', path: store.path },
      workers: 1,
      release: (owner) => services.jobs.release(owner),
      warn: (line) => warnings.push(line),
    });
    const jobs = jobsOf(store.path);
    try {
      const setup = await setUpGeneration((m, p, b) => client.request(m, p, b), {
        videos: 2000,
        commentsPerVideo: 10,
        slots: 1,
      });
      expect(
        (await client.post(`/campaigns/${setup.campaignId}/targeting/generate`, {})).status,
      ).toBe(200);

      const first = pool.threads()[0]!;
      const claimed = await until('the worker to claim the job', () =>
        jobs.running().find((j) => j.lease_owner === first.owner),
      );
      expect(claimed).toMatchObject({ subject: setup.slotIds[0], attempts: 1 });
      await first.worker.terminate();

      const done = await until('the job to finish', () =>
        jobs.all().find((j) => j.state === 'done'),
      );
      expect(jobs.all()).toEqual([
        { ...done, subject: setup.slotIds[0], state: 'done', attempts: 2, lease_owner: null },
      ]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/job worker 1 stopped unexpectedly.*1 job was handed back/);
      const second = pool.threads()[0]!;
      expect(second.threadId).not.toBe(first.threadId);

      const slot = (await client.get(`/campaigns/${setup.campaignId}/targeting`)).body.audiences[0];
      expect(slot).toMatchObject({ status: 'ready', error: '' });
      expect(slot.items.length).toBeGreaterThan(0);
    } finally {
      await pool.stop({ graceMs: 0 });
      jobs.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Each test waits for generations over 2,000 videos and for a stop's grace of up to 30 s, one after
 * the other: more than the default 30 s on a busy machine (16-25 s in CI runs).
 */
describe('adcli serve stops its workers', { timeout: 120_000 }, () => {
  /** A server on a data dir with `slots` generations over 2,000 videos queued, one of them running. */
  async function generating(slots: number) {
    const sb = sandbox();
    const dir = tempDir(sb, 'stop');
    // a grace long enough for a generation over 2,000 videos on a busy machine
    const server = await startServer(
      ['--data', dir, ...SERVE, '--workers', '2', '--stop-grace', '30s'],
      { env: sb.env },
    );
    const setup = await setUpGeneration(apiOf(server), {
      videos: 2000,
      commentsPerVideo: 10,
      slots,
    });
    const jobs = jobsOf(join(dir, 'adcli.db'));
    expect(
      (await server.api('POST', `/campaigns/${setup.campaignId}/targeting/generate`, {})).status,
    ).toBe(200);
    const running = await until('a job to start', () => jobs.running()[0]);
    return { sb, dir, server, setup, jobs, running };
  }

  it('Ctrl-C lets the running jobs end, claims nothing more, and says so in one line', async () => {
    const { server, jobs, running } = await generating(6);
    try {
      const exit = await server.stop('SIGINT', 30_000);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.stderr()).toMatch(
        /^adcli serve: stopping; \d running jobs? gets? up to \d+(\.\d)? s to finish \(Ctrl-C again hands (it|them) back now\)\n$/,
      );
      const after = jobs.all();
      expect(after.find((j) => j.id === running.id)).toMatchObject({ state: 'done', attempts: 1 });
      expect(after.filter((j) => j.state === 'running')).toEqual([]);
      // The jobs not started when the server stopped are still queued, untouched.
      expect(after.filter((j) => j.state === 'queued').length).toBeGreaterThan(0);
      expect(after.filter((j) => j.state === 'queued').every((j) => j.attempts === 0)).toBe(true);
    } finally {
      jobs.close();
    }
  });

  it('a second Ctrl-C hands the running jobs back at once; the next start finishes them, once each', async () => {
    const { sb, dir, server, setup, jobs, running } = await generating(3);
    try {
      server.child.kill('SIGINT');
      await until('the first Ctrl-C to be taken', () => /stopping/.test(server.stderr()));
      const exit = await server.stop('SIGINT', 30_000);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.stderr()).toMatch(/handed back; (it runs|they run) at the next start\n$/);
      expect(jobs.all().find((j) => j.id === running.id)).toMatchObject({
        state: 'queued',
        attempts: 1,
        lease_owner: null,
      });
      expect(jobs.running()).toEqual([]);

      const again = await startServer(['--data', dir, ...SERVE], { env: sb.env });
      await until('every slot to be ready', async () => {
        const t = await again.api('GET', `/campaigns/${setup.campaignId}/targeting`);
        return t.body.audiences.every((a: { status: string }) => a.status === 'ready');
      });
      const all = jobs.all();
      expect(all).toHaveLength(3);
      expect(all.every((j) => j.state === 'done')).toBe(true);
      expect(all.find((j) => j.id === running.id)!.attempts).toBe(2);
      await again.stop('SIGTERM');
    } finally {
      jobs.close();
    }
  });
});

describe('adcli serve --workers and --memory', () => {
  it.each(['0', '17', 'two'])('--workers %s → exit 2 naming the bounds', async (n) => {
    const r = await runAdcli(['serve', '--memory', '--port', '0', '--workers', n]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(/--workers.*whole number from 1 to 16/);
  });

  it('--memory keeps its store in a private temporary folder and deletes it when the server stops', async () => {
    const sb = sandbox();
    const tmp = tempDir(sb, 'tmp');
    const server = await startServer(['--memory', '--quiet', '--workers', '3'], {
      env: { ...sb.env, TMPDIR: tmp },
    });
    expect((await server.api('GET', '/workspace')).status).toBe(200);
    // (Node keeps its compile cache in the temp folder too.)
    const stores = () => readdirSync(tmp).filter((name) => name.startsWith('adcli-serve-'));
    expect(stores()).toHaveLength(1);
    expect(statSync(join(tmp, stores()[0]!)).mode & 0o777).toBe(0o700);
    expect((await server.stop('SIGTERM')).code).toBe(0);
    expect(stores()).toEqual([]);
  });

  it('--memory: a new server deletes the temporary folder of one that was killed', async () => {
    const sb = sandbox();
    const tmp = tempDir(sb, 'tmp');
    const env = { ...sb.env, TMPDIR: tmp };
    const stores = () => readdirSync(tmp).filter((name) => name.startsWith('adcli-serve-'));
    const killed = await startServer(['--memory', '--quiet'], { env });
    const [left] = stores();
    expect((await killed.stop('SIGKILL')).signal).toBe('SIGKILL');
    expect(stores()).toEqual([left]);

    const next = await startServer(['--memory', '--quiet'], { env });
    expect(stores()).toHaveLength(1);
    expect(stores()).not.toContain(left);
    expect((await next.stop('SIGTERM')).code).toBe(0);
    expect(stores()).toEqual([]);
  });
});
