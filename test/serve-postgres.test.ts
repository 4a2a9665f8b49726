/**
 * `adcli serve --database postgres://…` (and ADCLI_DATABASE_URL) as real processes on a real
 * Postgres (test/helpers/postgres.ts): the API on a fresh database, replicas that share it (one
 * workspace and one first key when three start at once, a record written through one read through
 * another, jobs run by the workers on Postgres), `serve keys` and `serve ads` on the database, the
 * one-line refusals of a database that cannot be used (exit codes of the README's table, never the
 * password), and a clean stop.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, PASSWORD_USER, freePort, postgresOrSkip } from './helpers/postgres.ts';
import {
  cleanupAll,
  http,
  killAll,
  listAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type Sandbox,
  type Server,
} from './helpers/process.ts';
import { pgQuery } from './helpers/replicas.ts';
import { until } from './helpers/wait.ts';

afterEach(killAll);
afterAll(cleanupAll);

const pgServer = await postgresOrSkip();

/** A demo campaign with data stores and no targeting yet (server/seed/demo-content.ts). */
const LAUNCH = 'Northwind Talus 3 Spring Trail Launch';
/** A channel of the demo catalog. */
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT';
/** The password of the URLs the refusals are tested with: it must never be printed. */
const SECRET = 's3cret-pw';

/** A replica: `adcli serve --json --database URL --data <its own dir>`, as on a host of its own. */
function replica(sb: Sandbox, url: string, name: string, args: string[] = []): Promise<Server> {
  return startServer(
    [
      '--database',
      url,
      '--data',
      tempDir(sb, name),
      '--workers',
      '1',
      '--rate-limit',
      '0',
      ...args,
    ],
    { env: sb.env, timeoutMs: 60_000 },
  );
}

function expectOneLine(stderr: string, stdout: string): string {
  expect(stdout).toBe('');
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at |node:internal|\.js:\d+/);
  return lines[0]!;
}

describe.skipIf(!pgServer)('adcli serve --database (Postgres)', () => {
  const server = pgServer!;

  it('a fresh database: one workspace, the key printed and kept in --data, the API answering it; the banner names the database without its password', async () => {
    const db = (await server.createDatabase(PASSWORD_USER)).split('/').pop()!;
    const url = server.url(db, { user: PASSWORD_USER, password: PASSWORD });
    const sb = sandbox();
    const data = tempDir(sb, 'replica-a');
    const s = await startServer(['--database', url, '--data', data, '--workers', '1'], {
      env: sb.env,
      timeoutMs: 60_000,
    });
    expect(s.info.apiKey).toMatch(/^adcli_/);
    expect(s.info.workspace).toBe('default');
    expect((s.info as unknown as { database: string }).database).toBe(
      `postgres://${PASSWORD_USER}@127.0.0.1:${server.port}/${db}`,
    );
    // the key file, private, in the data dir; no SQLite file beside it
    expect(readFileSync(join(data, 'local.key'), 'utf8').trim()).toBe(s.info.apiKey);
    expect(statSync(join(data, 'local.key')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(data, 'adcli.db'))).toBe(false);

    expect((await s.api('GET', '/workspace')).body.slug).toBe('default');
    const created = await s.api('POST', '/campaigns', { name: 'On Postgres' });
    expect(created.status).toBe(201);
    const rows = await pgQuery<{ name: string }>(
      server.url(db),
      'SELECT name FROM campaigns WHERE id = $1',
      [created.body.id],
    );
    expect(rows).toEqual([{ name: 'On Postgres' }]);

    // a second start with the same data dir shows the same key; nothing new is made
    expect(await s.stop('SIGTERM', 20_000)).toEqual({ code: 0, signal: null });
    expect(s.stderr()).toContain('adcli serve: stopping');
    const again = await startServer(['--database', url, '--data', data, '--workers', '1'], {
      env: sb.env,
      timeoutMs: 60_000,
    });
    expect(again.info.apiKey).toBe(s.info.apiKey);
    expect(await pgQuery(server.url(db), 'SELECT COUNT(*)::int AS n FROM api_keys')).toEqual([
      { n: 1 },
    ]);
    await again.stop('SIGTERM', 20_000);
    // the pool was closed: no connection of adcli's is left on the database
    expect(
      await pgQuery(
        server.url(db),
        "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'adcli'",
        [db],
      ),
    ).toEqual([{ n: 0 }]);
    for (const text of [s.stdout(), s.stderr(), again.stdout(), again.stderr()])
      expect(text).not.toContain(PASSWORD);
  });

  it('replicas share the database: a campaign created through one is read through another, which made no key of its own and says how to get one', async () => {
    const url = await server.createDatabase();
    const sb = sandbox();
    const a = await replica(sb, url, 'a');
    // the second replica gets its database from ADCLI_DATABASE_URL
    const bData = tempDir(sb, 'b');
    const b = await startServer(['--data', bData, '--workers', '1', '--rate-limit', '0'], {
      env: { ...sb.env, ADCLI_DATABASE_URL: url },
      timeoutMs: 60_000,
    });
    expect(a.info.apiKey).toMatch(/^adcli_/);
    expect(b.info.apiKey).toBeNull();
    expect(b.info.workspace).toBe('default');
    expect(b.stderr()).toContain(
      'adcli serve: no API key here: the database was set up by another replica or an earlier start; make one with: adcli serve keys create --workspace default',
    );
    expect(existsSync(join(bData, 'local.key'))).toBe(false);

    const created = await http(a.info.baseUrl, a.info.apiKey, 'POST', '/campaigns', {
      name: 'Shared',
    });
    expect(created.status).toBe(201);
    const read = await http(b.info.baseUrl, a.info.apiKey, 'GET', `/campaigns/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Shared');
    // and back: a change through the second is seen by the first
    expect(
      (
        await http(b.info.baseUrl, a.info.apiKey, 'PATCH', `/campaigns/${created.body.id}`, {
          name: 'Shared, renamed',
        })
      ).status,
    ).toBe(200);
    expect(
      (await http(a.info.baseUrl, a.info.apiKey, 'GET', `/campaigns/${created.body.id}`)).body.name,
    ).toBe('Shared, renamed');
  });

  it('three replicas started at once on an empty database agree on one workspace and one first key', async () => {
    const url = await server.createDatabase();
    const sb = sandbox();
    const replicas = await Promise.all(['r1', 'r2', 'r3'].map((name) => replica(sb, url, name)));
    expect(replicas.map((r) => r.info.workspace)).toEqual(['default', 'default', 'default']);
    const withKey = replicas.filter((r) => r.info.apiKey !== null);
    expect(withKey).toHaveLength(1);
    expect(await pgQuery(url, 'SELECT slug FROM workspaces')).toEqual([{ slug: 'default' }]);
    expect(await pgQuery(url, 'SELECT COUNT(*)::int AS n FROM api_keys')).toEqual([{ n: 1 }]);
    // the one key works on every replica
    for (const r of replicas)
      expect(
        (await http(r.info.baseUrl, withKey[0]!.info.apiKey, 'GET', '/workspace')).status,
      ).toBe(200);
  });

  it('three replicas started at once with --seed demo load the demo once', async () => {
    const url = await server.createDatabase();
    const sb = sandbox();
    const replicas = await Promise.all(
      ['r1', 'r2', 'r3'].map((name) => replica(sb, url, name, ['--seed', 'demo'])),
    );
    expect(replicas.map((r) => r.info.workspace)).toEqual(['demo', 'demo', 'demo']);
    expect(replicas.filter((r) => r.info.apiKey !== null)).toHaveLength(1);
    expect(await pgQuery(url, 'SELECT slug FROM workspaces')).toEqual([{ slug: 'demo' }]);
    expect(
      await pgQuery(url, 'SELECT COUNT(*)::int AS n FROM campaigns WHERE name = $1', [LAUNCH]),
    ).toEqual([{ n: 1 }]);
  });

  it('serve keys and serve ads work on the database (--database or ADCLI_DATABASE_URL); a key made there works on every replica', async () => {
    const url = await server.createDatabase();
    const sb = sandbox();
    const a = await replica(sb, url, 'a', ['--seed', 'demo']);
    const b = await replica(sb, url, 'b');
    expect(b.info.apiKey).toBeNull();

    const made = await runAdcli(
      [
        'serve',
        'keys',
        'create',
        '--database',
        url,
        '--workspace',
        'demo',
        '--scopes',
        'campaigns:read',
        '--name',
        'ci',
        '--json',
      ],
      { env: sb.env },
    );
    expect(made.code, made.stderr).toBe(0);
    const key = JSON.parse(made.stdout).key as string;
    const list = await http(b.info.baseUrl, key, 'GET', '/campaigns');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { name: string }) => c.name)).toContain(LAUNCH);
    expect(
      (await http(a.info.baseUrl, key, 'POST', '/campaigns', { name: 'no write scope' })).status,
    ).toBe(403);

    const env = { ...sb.env, ADCLI_DATABASE_URL: url };
    const keys = await runAdcli(['serve', 'keys', 'list', '--json'], { env });
    expect(keys.code, keys.stderr).toBe(0);
    const ci = (JSON.parse(keys.stdout) as { id: string; name: string }[]).find(
      (k) => k.name === 'ci',
    )!;
    expect(ci).toBeDefined();
    // the flag wins over the environment: a database that does not exist is refused
    const other = await runAdcli(
      ['serve', 'keys', 'list', '--database', server.url('adcli_nowhere')],
      { env },
    );
    expect(other.code).toBe(1);
    expect(expectOneLine(other.stderr, other.stdout)).toContain('adcli_nowhere does not exist');

    const revoked = await runAdcli(['serve', 'keys', 'revoke', ci.id], { env });
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await http(b.info.baseUrl, key, 'GET', '/campaigns')).status).toBe(401);

    const ads = await runAdcli(['serve', 'ads', 'list', '--json', '--database', url], {
      env: sb.env,
    });
    expect(ads.code, ads.stderr).toBe(0);
    const platform = JSON.parse(ads.stdout) as {
      campaignId: string;
      googleAdsCampaignId: string;
      status: string;
    }[];
    expect(platform.length).toBeGreaterThan(0);
    const enabled = platform.find((p) => p.status === 'ENABLED')!;
    const paused = await runAdcli(
      ['serve', 'ads', 'set-status', enabled.campaignId, 'PAUSED', '--json'],
      { env },
    );
    expect(paused.code, paused.stderr).toBe(0);
    const after = JSON.parse(
      (await runAdcli(['serve', 'ads', 'list', '--json'], { env })).stdout,
    ) as typeof platform;
    expect(after.find((p) => p.campaignId === enabled.campaignId)!.status).toBe('PAUSED');
  });

  it('jobs queued through one replica run in the workers on Postgres: a data-store collection and a targeting generation complete', async () => {
    const url = await server.createDatabase();
    const sb = sandbox();
    const a = await replica(sb, url, 'a', ['--seed', 'demo', '--job-delay', '0']);
    const b = await replica(sb, url, 'b', ['--job-delay', '0']);
    const key = a.info.apiKey;

    const store = await http(b.info.baseUrl, key, 'POST', '/data-stores', {
      name: 'Ridgeline',
      channelIds: [CHANNEL],
    });
    expect(store.status).toBe(201);
    expect(store.body.status).toBe('collecting');
    const ready = await until('the collection', async () => {
      const r = await http(a.info.baseUrl, key, 'GET', `/data-stores/${store.body.id}`);
      return r.body.status === 'ready' ? r.body : null;
    });
    expect(ready.videoCount).toBeGreaterThan(0);

    const launch = (await listAll(a.info.baseUrl, key, '/campaigns')).find(
      (c: { name: string }) => c.name === LAUNCH,
    );
    const started = await http(
      a.info.baseUrl,
      key,
      'POST',
      `/campaigns/${launch.id}/targeting/generate`,
      {},
    );
    expect(started.status).toBe(200);
    expect(started.body.started.length).toBeGreaterThan(0);
    const targeting = await until('the generation', async () => {
      const t = await http(b.info.baseUrl, key, 'GET', `/campaigns/${launch.id}/targeting`);
      const slots = t.body.audiences.filter((s: { id: string }) =>
        started.body.started.includes(s.id),
      );
      return slots.every((s: { status: string }) => s.status === 'ready') ? slots : null;
    });
    expect(targeting.length).toBe(started.body.started.length);
    const jobs = await pgQuery<{ state: string; lease_owner: string | null }>(
      url,
      "SELECT state, lease_owner FROM jobs WHERE kind IN ('collect_data_store', 'generate_targeting')",
    );
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(j).toEqual({ state: 'done', lease_owner: null });
  });

  it("--exec's command gets the server's URL and key, not the database URL", async () => {
    const url = await server.createDatabase();
    const sb = sandbox();
    const script =
      'node -e "process.exit(process.env.ADCLI_DATABASE_URL ? 7 : process.env.ADCLI_API_KEY ? 0 : 9)"';
    const r = await runAdcli(
      ['serve', '--data', tempDir(sb, 'x'), '--workers', '1', '--exec', script],
      { env: { ...sb.env, ADCLI_DATABASE_URL: url }, timeoutMs: 60_000 },
    );
    expect(r.code, r.stderr).toBe(0);
  });

  describe('a database that cannot be used: one line without the password, the exit code of the table', () => {
    const refused = async (args: string[], env?: NodeJS.ProcessEnv) => {
      const sb = sandbox();
      const r = await runAdcli(['serve', '--data', tempDir(sb, 'd'), ...args], {
        env: { ...sb.env, ...env },
        timeoutMs: 60_000,
      });
      const line = expectOneLine(r.stderr, r.stdout);
      expect(r.stderr).not.toContain(SECRET);
      expect(r.stderr).not.toContain(PASSWORD);
      return { code: r.code, line };
    };

    it('a malformed URL: 2', async () => {
      const bad = await refused(['--database', `postgres://adcli:${SECRET}@db.example:port/adcli`]);
      expect(bad).toMatchObject({ code: 2 });
      expect(bad.line).toContain('malformed');
      const scheme = await refused(['--database', `mysql://adcli:${SECRET}@db.example/adcli`]);
      expect(scheme).toMatchObject({ code: 2 });
      expect(scheme.line).toContain('not a postgres:// URL');
    });

    it('a wrong password: 4', async () => {
      const db = (await server.createDatabase(PASSWORD_USER)).split('/').pop()!;
      const r = await refused([], {
        ADCLI_DATABASE_URL: server.url(db, { user: PASSWORD_USER, password: SECRET }),
      });
      expect(r.code).toBe(4);
      expect(r.line).toContain('refused the login');
      expect(r.line).toContain(`postgres://${PASSWORD_USER}@127.0.0.1:${server.port}/${db}`);
    });

    it('an unreachable host: 5', async () => {
      const port = await freePort();
      const r = await refused(['--database', `postgres://adcli:${SECRET}@127.0.0.1:${port}/adcli`]);
      expect(r.code).toBe(5);
      expect(r.line).toContain('cannot reach the database');
    });

    it('no such database, no right to create the tables, a newer schema: 1', async () => {
      const missing = await refused([
        '--database',
        server.url('adcli_absent', { user: PASSWORD_USER, password: PASSWORD }),
      ]);
      expect(missing.code).toBe(1);
      expect(missing.line).toContain('does not exist');

      // owned by the superuser: since Postgres 15 others may not create tables in its public schema
      const owned = (await server.createDatabase()).split('/').pop()!;
      await pgQuery(server.url(owned), 'REVOKE CREATE ON SCHEMA public FROM PUBLIC');
      const denied = await refused([
        '--database',
        server.url(owned, { user: PASSWORD_USER, password: PASSWORD }),
      ]);
      expect(denied.code).toBe(1);
      expect(denied.line).toContain("does not let this user create adcli's tables");

      const newer = await server.createDatabase();
      const made = await runAdcli(['serve', 'keys', 'list', '--database', newer], {
        env: sandbox().env,
      });
      expect(made.code, made.stderr).toBe(0);
      await pgQuery(
        newer,
        "INSERT INTO schema_migrations (version, applied_at) VALUES (9999, 'later')",
      );
      const schema = await refused(['--database', newer]);
      expect(schema.code).toBe(1);
      expect(schema.line).toMatch(/has schema 9999, newer than this adcli's \d+.*upgrade adcli/);
    });

    it('--memory or --snapshot with a database: 2', async () => {
      const memory = await refused([
        '--memory',
        '--database',
        `postgres://adcli:${SECRET}@127.0.0.1/adcli`,
      ]);
      expect(memory).toMatchObject({ code: 2 });
      expect(memory.line).toContain('--memory and --database exclude each other');
      const env = await refused(['--memory'], {
        ADCLI_DATABASE_URL: `postgres://adcli:${SECRET}@127.0.0.1/adcli`,
      });
      expect(env.line).toContain('--memory and ADCLI_DATABASE_URL exclude each other');
      const snapshot = await refused([
        '--snapshot',
        'some.snapshot',
        '--database',
        `postgres://adcli:${SECRET}@127.0.0.1/adcli`,
      ]);
      expect(snapshot).toMatchObject({ code: 2 });
    });
  });
});
