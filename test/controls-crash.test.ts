/**
 * Crash safety of adcli serve's controls: an advance of the clock steps through its due jobs one
 * transaction at a time (in a job worker thread), so a SIGKILL in the middle of one leaves the
 * workspace consistent at the last step taken, every acknowledged write survives, and a retry of the
 * advance with its Idempotency-Key on the next start finishes it: towards the same instant, each
 * job once.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupAll, http, killAll, sandbox, startServer, tempDir } from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

const CONTROL = (baseUrl: string) => baseUrl.replace(/\/api\/v1$/, '/_adcli/v1');
const STORES = 300;
const HOUR = 3_600_000;

describe('adcli serve survives SIGKILL during an advance', () => {
  it('leaves the workspace at a step, keeps acknowledged writes, and a retry with the same key finishes the advance once', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'advance-crash');
    const args = ['--data', dir, '--seed', 'demo', '--rate-limit', '0', '--quiet'];
    const first = await startServer(args, { env: sb.env });
    const { baseUrl, apiKey } = first.info;
    const ctl = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      http(CONTROL(baseUrl), apiKey, method, path, body, headers);
    const key = { 'idempotency-key': 'advance-after-crash' };

    expect((await ctl('POST', '/clock/freeze')).status).toBe(200);
    const frozenAt = Date.parse((await ctl('GET', '/clock')).body.now);
    const channel = (await http(baseUrl, apiKey, 'GET', '/exploration/channels?query=hiking')).body
      .data[0].channelId;
    // Many collections fall due together: the advance that runs them takes a while.
    const ids: string[] = [];
    for (let i = 0; i < STORES; i++) {
      const r = await http(
        baseUrl,
        apiKey,
        'POST',
        '/data-stores',
        { name: `crash ${i}`, channelIds: [channel] },
        { 'idempotency-key': `ds-${i}` },
      );
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }

    // Start the advance and kill the server once it has taken some steps but not all; meanwhile the
    // server answers other requests (the steps run in a job worker).
    let answered = false;
    const advance = ctl('POST', '/clock/advance', { by: '1h' }, key).then(
      () => (answered = true),
      () => {},
    );
    let midway = false;
    for (let i = 0; i < 2000 && !answered; i++) {
      const clock = (await ctl('GET', '/clock')).body;
      const ran = clock.advancing
        ? Object.values(clock.advancing.ran as Record<string, number>).reduce((a, n) => a + n, 0)
        : 0;
      if (ran > 0 && ran < STORES - 10) {
        midway = true;
        break;
      }
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await advance;
    expect(midway, 'the advance was killed half-way (else the run proves less)').toBe(true);

    const second = await startServer(args, { env: sb.env });
    const c2 = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      http(CONTROL(second.info.baseUrl), second.info.apiKey, method, path, body, headers);
    const statuses = async () =>
      Promise.all(
        ids.map(
          async (id) => (await second.api('GET', `/data-stores/${id}`)).body.status as string,
        ),
      );
    // every acknowledged create survived; each store is done or still waits, none half-collected
    const before = await statuses();
    expect(before).toHaveLength(STORES);
    expect(new Set(before)).toEqual(new Set(['ready', 'collecting']));
    const stoodAt = Date.parse((await c2('GET', '/clock')).body.now);
    expect(stoodAt).toBeGreaterThanOrEqual(frozenAt);
    expect(stoodAt).toBeLessThan(frozenAt + HOUR);

    // the retry (the same request and key) resumes at once: towards the instant first asked for
    const again = await c2('POST', '/clock/advance', { by: '1h' }, key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(Date.parse(again.body.clock.now)).toBe(frozenAt + HOUR);
    expect((await statuses()).every((s) => s === 'ready')).toBe(true);
    const replay = await c2('POST', '/clock/advance', { by: '1h' }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    second.child.kill('SIGINT');
    await second.exited;

    // each collection ran once: one finished job per store
    const db = new DatabaseSync(join(dir, 'adcli.db'), { readOnly: true });
    const done = db
      .prepare(
        "SELECT subject, COUNT(*) AS n FROM jobs WHERE kind = 'collect_data_store' AND state = 'done' GROUP BY subject",
      )
      .all() as { n: number }[];
    db.close();
    expect(done).toHaveLength(STORES);
    expect(done.every((r) => r.n === 1)).toBe(true);
  }, 180_000);
});
