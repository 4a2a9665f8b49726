/**
 * Crash safety of adcli serve's controls: an advance of the clock is one write transaction, so a
 * SIGKILL in the middle of one leaves the workspace as it was before the call (the clock and every
 * job), every acknowledged write survives, and the next start can advance again.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupAll, http, killAll, sandbox, startServer, tempDir } from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

const CONTROL = (baseUrl: string) => baseUrl.replace(/\/api\/v1$/, '/_adcli/v1');
const STORES = 300;

describe('adcli serve survives SIGKILL during an advance', () => {
  it('applies an advance wholly or not at all, and keeps acknowledged writes', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'advance-crash');
    const args = ['--data', dir, '--seed', 'demo', '--rate-limit', '0', '--quiet'];
    const first = await startServer(args, { env: sb.env });
    const { baseUrl, apiKey } = first.info;
    const ctl = (method: string, path: string, body?: unknown) => http(CONTROL(baseUrl), apiKey, method, path, body);

    expect((await ctl('POST', '/clock/freeze')).status).toBe(200);
    const frozenAt = (await ctl('GET', '/clock')).body.now;
    const channel = (await http(baseUrl, apiKey, 'GET', '/exploration/channels?query=hiking')).body.data[0].channelId;
    // Many collections fall due together: the advance that runs them takes a while.
    const ids: string[] = [];
    for (let i = 0; i < STORES; i++) {
      const r = await http(baseUrl, apiKey, 'POST', '/data-stores', { name: `crash ${i}`, channelIds: [channel] }, { 'idempotency-key': `ds-${i}` });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }

    // Start the advance; the server answers nothing else while it runs (one transaction on its
    // thread), so a read that does not answer while the advance has not answered says "mid-way".
    let advanced = false;
    const advance = ctl('POST', '/clock/advance', { by: '1h' }).then(
      () => (advanced = true),
      () => {},
    );
    let midway = false;
    for (let i = 0; i < 200 && !advanced; i++) {
      const probe = await Promise.race([
        http(baseUrl, apiKey, 'GET', '/workspace').then(() => 'answered' as const, () => 'failed' as const),
        new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 150)),
      ]);
      if (probe === 'waiting' && !advanced) {
        midway = true;
        break;
      }
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await advance;

    const second = await startServer(args, { env: sb.env });
    const c2 = (method: string, path: string, body?: unknown) => http(CONTROL(second.info.baseUrl), second.info.apiKey, method, path, body);
    const clock = (await c2('GET', '/clock')).body;
    const statuses = await Promise.all(ids.map(async (id) => (await second.api('GET', `/data-stores/${id}`)).body.status));
    // every acknowledged create survived
    expect(statuses).toHaveLength(STORES);
    const ready = statuses.filter((s) => s === 'ready').length;
    // All or nothing: either the advance committed (clock moved, every collection done) or no trace of it.
    expect([0, STORES]).toContain(ready);
    expect(clock.now === frozenAt).toBe(ready === 0);
    if (advanced) expect(ready).toBe(STORES);
    // The probe saw the server busy with the advance when it was killed (else the run proves less).
    expect(midway || advanced).toBe(true);
    // whichever happened, the workspace can advance again and every collection completes once
    const again = await c2('POST', '/clock/advance', { by: '2h' });
    expect(again.status).toBe(200);
    const after = await Promise.all(ids.map(async (id) => (await second.api('GET', `/data-stores/${id}`)).body.status));
    expect(after.every((s) => s === 'ready')).toBe(true);
    const done = (await c2('GET', '/requests?limit=1000')).body.data.length;
    expect(done).toBeGreaterThan(0);
  }, 120_000);
});
