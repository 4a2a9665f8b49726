/**
 * Crash safety of `adcli serve --data`: a stream of idempotent writes with several in flight, the
 * process SIGKILLed in the middle, a restart on the same data dir. Every acknowledged write must
 * survive, replaying it must answer the stored response without a second change, and a write whose
 * answer was lost happened at most once (and once more at most when replayed).
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  http,
  killAll,
  listAll,
  sandbox,
  startServer,
  tempDir,
  type HttpReply,
} from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

interface Write {
  n: number;
  method: 'POST' | 'PATCH';
  path: string;
  body: Record<string, unknown>;
  idem: string;
  /** the answer, when one came back before the kill */
  ack?: { status: number; text: string };
  /** the request failed (connection refused or reset by the kill) */
  lost?: boolean;
}

const IN_FLIGHT = 8;
const KILL_AFTER_ACKS = 120;
const MAX_WRITES = 2000;

describe('adcli serve survives SIGKILL', () => {
  it('keeps every acknowledged write exactly once and replays it from the stored response', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'crash');
    const args = ['--data', dir, '--rate-limit', '0', '--quiet'];
    const first = await startServer(args, { env: sb.env });
    const { baseUrl, apiKey } = first.info;

    const writes: Write[] = [];
    /** acknowledged creates that no PATCH has been sent for yet */
    const patchable: string[] = [];
    let acks = 0;
    let killed = false;

    const nextWrite = (): Write => {
      const n = writes.length;
      const target = n % 3 === 2 ? patchable.shift() : undefined;
      const w: Write = target
        ? {
            n,
            method: 'PATCH',
            path: `/campaigns/${target}`,
            body: { objective: `patched by p-${n}`, budget: n + 1, budgetType: 'daily' },
            idem: `p-${n}`,
          }
        : {
            n,
            method: 'POST',
            path: '/campaigns',
            body: {
              name: `crash c-${n}`,
              objective: `objective of c-${n} `.repeat(20),
              locations: ['US', 'CA'],
              successMetrics: [`metric ${n}`],
            },
            idem: `k-${n}`,
          };
      writes.push(w);
      return w;
    };

    const worker = async () => {
      while (!killed && writes.length < MAX_WRITES) {
        const w = nextWrite();
        let r: HttpReply;
        try {
          r = await http(baseUrl, apiKey, w.method, w.path, w.body, { 'idempotency-key': w.idem });
        } catch {
          w.lost = true;
          return; // the server is gone
        }
        w.ack = { status: r.status, text: r.text };
        expect(r.status, `${w.method} ${w.path}: ${r.text}`).toBeLessThan(300);
        acks++;
        if (w.method === 'POST') patchable.push(r.body.id);
        if (acks >= KILL_AFTER_ACKS && !killed) {
          // Kill while the other workers' requests are in flight.
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(killed).toBe(true);
    expect((await first.exited).signal).toBe('SIGKILL');

    const acked = writes.filter((w) => w.ack);
    const unacked = writes.filter((w) => !w.ack);
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.some((w) => w.method === 'PATCH')).toBe(true);

    const second = await startServer(args, { env: sb.env });
    expect(second.info.apiKey).toBe(apiKey);
    const base2 = second.info.baseUrl;

    const byName = (list: any[]) => {
      const m = new Map<string, any[]>();
      for (const c of list) m.set(c.name, [...(m.get(c.name) ?? []), c]);
      return m;
    };
    const posts = writes.filter((w) => w.method === 'POST');
    const names = new Set(posts.map((w) => w.body.name as string));

    // After the restart: acknowledged creates exist once with their id, the others at most once.
    let campaigns = await listAll(base2, apiKey, '/campaigns');
    let found = byName(campaigns);
    for (const c of campaigns)
      expect(names.has(c.name), `unexpected campaign ${c.name}`).toBe(true);
    for (const w of posts) {
      const got = found.get(w.body.name as string) ?? [];
      if (w.ack) {
        expect(got.map((c) => c.id)).toEqual([JSON.parse(w.ack.text).id]);
      } else {
        expect(got.length).toBeLessThanOrEqual(1);
      }
    }
    expect(campaigns.length).toBe(found.size);
    const byId = new Map(campaigns.map((c) => [c.id, c]));
    for (const w of acked.filter((x) => x.method === 'PATCH')) {
      const id = w.path.split('/')[2]!;
      expect(byId.get(id)?.objective).toBe(w.body.objective);
      expect(byId.get(id)?.budget).toBe(w.body.budget);
    }

    // Replaying an acknowledged write answers the stored response and changes nothing.
    const replays = await Promise.all(
      acked.map((w) =>
        http(base2, apiKey, w.method, w.path, w.body, { 'idempotency-key': w.idem }),
      ),
    );
    acked.forEach((w, i) => {
      const r = replays[i]!;
      expect(r.status, `${w.idem}: ${r.text}`).toBe(w.ack!.status);
      expect(r.text).toBe(w.ack!.text);
      expect(r.headers.get('idempotent-replayed')).toBe('true');
    });
    expect((await listAll(base2, apiKey, '/campaigns')).length).toBe(campaigns.length);

    // Replaying the unanswered ones creates each at most once; twice changes nothing more.
    for (let round = 0; round < 2; round++) {
      const rs = await Promise.all(
        unacked.map((w) =>
          http(base2, apiKey, w.method, w.path, w.body, { 'idempotency-key': w.idem }),
        ),
      );
      rs.forEach((r, i) => {
        expect(r.status, `${unacked[i]!.idem}: ${r.text}`).toBeLessThan(300);
        if (round === 1) expect(r.headers.get('idempotent-replayed')).toBe('true');
      });
    }
    campaigns = await listAll(base2, apiKey, '/campaigns');
    found = byName(campaigns);
    expect(campaigns.length).toBe(posts.length);
    for (const name of names) expect(found.get(name)?.length, name).toBe(1);
    const counts = await second.api('GET', '/workspace');
    expect(counts.body.counts.campaigns).toBe(posts.length);
    expect((await second.stop('SIGTERM')).code).toBe(0);

    // The file itself is sound after the kill and the restart.
    const db = new DatabaseSync(join(dir, 'adcli.db'), { readOnly: true });
    try {
      expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      expect(db.prepare('SELECT COUNT(*) AS n FROM campaigns').get()).toEqual({ n: posts.length });
    } finally {
      db.close();
    }
  });
});
