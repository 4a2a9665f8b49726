/**
 * Several processes on one data dir: two `adcli serve` taking parallel writes while a third keeps
 * creating keys with `adcli serve keys create`. SQLite's locking must queue them, never fail a
 * request, never lose or double a write, and keep idempotency exact across the two servers.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  http,
  killAll,
  listAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type HttpReply,
  type Sandbox,
  type Server,
} from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

const WRITES_PER_SERVER = 200;
const IN_FLIGHT = 8;
const MAX_WRITES_PER_SERVER = 3000;
const MIN_KEYS = 4;
const MAX_KEY_CREATES = 12;

async function twoServers(sb: Sandbox, dir: string): Promise<[Server, Server]> {
  const args = ['--data', dir, '--rate-limit', '0', '--quiet'];
  const a = await startServer(args, { env: sb.env });
  const b = await startServer(args, { env: sb.env });
  return [a, b];
}

function expectHealthy(r: HttpReply, what: string) {
  expect(r.status, `${what}: ${r.text}`).toBeLessThan(500);
  expect(r.text).not.toMatch(/database is locked|SQLITE_BUSY/i);
}

describe('two servers and a key creator on one data dir', () => {
  it('take parallel writes with no 5xx, no "database is locked", no lost or doubled campaign', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'shared');
    const [a, b] = await twoServers(sb, dir);
    // The second server found the first one's store: same key and workspace.
    expect(b.info.apiKey).toBe(a.info.apiKey);
    expect(b.info.workspace).toBe(a.info.workspace);
    expect(b.port).not.toBe(a.port);

    let writing = true;
    const createdKeys: string[] = [];
    const keyFailures: string[] = [];
    let keysWhileWriting = 0;
    const keyCreator = (async () => {
      // Bounded: one key a round while the servers write, at least MIN_KEYS rounds.
      for (let i = 0; i < MAX_KEY_CREATES && (writing || i < MIN_KEYS); i++) {
        const r = await runAdcli(
          [
            'serve',
            'keys',
            'create',
            '--workspace',
            i % 2 ? 'default' : 'side',
            '--scopes',
            'campaigns:read',
            '--json',
            '--data',
            dir,
          ],
          {
            env: sb.env,
          },
        );
        if (r.code !== 0) keyFailures.push(`exit ${r.code}: ${r.stderr}`);
        else createdKeys.push(JSON.parse(r.stdout).key);
        if (writing) keysWhileWriting++;
      }
    })();

    // IN_FLIGHT writers per server: at least WRITES_PER_SERVER creates each, and on until the key
    // creator has committed MIN_KEYS keys in the middle of them (bounded by MAX_WRITES_PER_SERVER).
    const writesTo = async (s: Server, tag: string) => {
      const replies: HttpReply[] = [];
      let n = 0;
      const more = () =>
        n < WRITES_PER_SERVER ||
        (keysWhileWriting < MIN_KEYS && keyFailures.length === 0 && n < MAX_WRITES_PER_SERVER);
      const writer = async () => {
        while (more()) {
          const i = n++;
          const body = { name: `${tag}-${i}`, objective: `parallel write ${i} through ${tag}` };
          // Every fourth write also carries an idempotency key, so those records are written concurrently too.
          const headers: Record<string, string> =
            i % 4 === 0 ? { 'idempotency-key': `${tag}-${i}` } : {};
          const r = await s.api('POST', '/campaigns', body, headers);
          expectHealthy(r, `POST ${tag}-${i}`);
          replies.push(r);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
      return replies;
    };
    const [ra, rb] = await Promise.all([writesTo(a, 'a'), writesTo(b, 'b')]).finally(
      () => (writing = false),
    );
    await keyCreator;

    expect(keyFailures).toEqual([]);
    expect(createdKeys.length).toBeGreaterThanOrEqual(MIN_KEYS);
    expect(keysWhileWriting).toBeGreaterThanOrEqual(MIN_KEYS);
    expect(ra.length).toBeGreaterThanOrEqual(WRITES_PER_SERVER);
    expect(rb.length).toBeGreaterThanOrEqual(WRITES_PER_SERVER);
    const all = [...ra, ...rb];
    expect(all.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    const acknowledged = all.filter((r) => r.status === 201);

    // Both servers see every acknowledged create, once.
    for (const s of [a, b]) {
      const campaigns = await listAll(s.info.baseUrl, s.info.apiKey, '/campaigns');
      expect(campaigns.length).toBe(acknowledged.length);
      expect(new Set(campaigns.map((c) => c.id)).size).toBe(acknowledged.length);
      expect(new Set(campaigns.map((c) => c.name)).size).toBe(acknowledged.length);
      expect((await s.api('GET', '/workspace')).body.counts.campaigns).toBe(acknowledged.length);
    }

    // Every key created by the other process works on both servers at once.
    for (const key of createdKeys) {
      for (const s of [a, b]) {
        const r = await http(s.info.baseUrl, key, 'GET', '/workspace');
        expect(r.status, r.text).toBe(200);
      }
    }
    const listed = JSON.parse(
      (await runAdcli(['serve', 'keys', 'list', '--json', '--data', dir], { env: sb.env })).stdout,
    );
    expect(listed.length).toBe(createdKeys.length + 1);
  });

  it('servers started at the same moment on an empty data dir agree on the key and workspace', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'race');
    const args = ['--data', dir, '--rate-limit', '0', '--quiet'];
    const servers = await Promise.all([0, 1, 2].map(() => startServer(args, { env: sb.env })));
    expect(new Set(servers.map((s) => s.info.apiKey)).size).toBe(1);
    expect(servers.map((s) => s.info.workspace)).toEqual(['default', 'default', 'default']);
    for (const s of servers) expect((await s.api('GET', '/workspace')).status).toBe(200);
    const listed = JSON.parse(
      (await runAdcli(['serve', 'keys', 'list', '--json', '--data', dir], { env: sb.env })).stdout,
    );
    expect(listed.map((k: { workspace: string }) => k.workspace)).toEqual(['default']);
  });

  it('eight identical POSTs with one Idempotency-Key across both servers create one campaign', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'idem');
    const [a, b] = await twoServers(sb, dir);
    const body = {
      name: 'Exactly once',
      objective: 'one campaign, however many retries',
      locations: ['US'],
    };
    // Warm both connections so the eight requests really overlap.
    await Promise.all([a.api('GET', '/workspace'), b.api('GET', '/workspace')]);

    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? b : a).api('POST', '/campaigns', body, { 'idempotency-key': 'the-one-key' }),
      ),
    );
    for (const r of replies) expectHealthy(r, 'POST');
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);

    const campaigns = await listAll(a.info.baseUrl, a.info.apiKey, '/campaigns');
    expect(campaigns.map((c) => c.id)).toEqual([replies[0]!.body.id]);
    expect((await listAll(b.info.baseUrl, b.info.apiKey, '/campaigns')).length).toBe(1);

    // The same key with another body is a conflict on either server.
    const other = await b.api(
      'POST',
      '/campaigns',
      { ...body, name: 'Something else' },
      { 'idempotency-key': 'the-one-key' },
    );
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_conflict');
  });
});
