// @store sqlite
/**
 * adcli serve's configuration and start-up, as an operator meets them (real processes): every flag
 * also an ADCLI_… variable, the flag winning; an unknown ADCLI_… variable named with the nearest known
 * one; --require-database; --pool-size only with a database; the all-scopes key shown only on a
 * terminal; a store restored without its key file said in one line; --log-format json making every
 * line JSON, --log-level, and the text log's time and level.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SERVE_SETTINGS } from '../src/lib/serve-settings.ts';
import { runCli } from './helpers/cli.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import {
  ROOT,
  cleanupAll,
  hasScript,
  http,
  killAll,
  runAdcli,
  runInTerminal,
  sandbox,
  spawnAdcli,
  startServer,
  tempDir,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterEach(killAll);
afterAll(cleanupAll);

const KEY = /adcli_[A-Za-z0-9]{40}/;

describe('serve flags as ADCLI_… variables', () => {
  it('one table names a variable for every flag of adcli serve, and the help shows it', async () => {
    const help = (await runCli(['serve', '--help'], { columns: 400 })).stdout;
    // the command's own flags: the section before the global ones
    const own = help.slice(help.indexOf('\nFLAGS\n'), help.indexOf('\nINHERITED FLAGS\n'));
    expect(own.length).toBeGreaterThan(0);
    const flags = [...own.matchAll(/^\s+(?:-\w, )?--([a-z-]+)/gm)]
      .map((m) => m[1]!)
      .filter((f) => f !== 'help');
    expect(flags.length).toBeGreaterThan(20);
    expect([...flags].sort()).toEqual(SERVE_SETTINGS.map((s) => s.flag).sort());
    for (const s of SERVE_SETTINGS) expect(help).toContain(`[env ${s.env}]`);
    const env = (await runCli(['help', 'environment'], { columns: 400 })).stdout;
    for (const s of SERVE_SETTINGS) expect(env).toContain(s.env);
    // and docs/operator.md's table has a row for each, flag and variable side by side
    const doc = readFileSync(join(ROOT, 'docs', 'operator.md'), 'utf8');
    for (const s of SERVE_SETTINGS)
      expect(doc, s.flag).toMatch(
        new RegExp(`^\\| \`--${s.flag}\\b[^|]*\` \\| \`${s.env}\` \\|`, 'm'),
      );
  });

  it('reads them where no flag is given, and a flag wins', async () => {
    const sb = sandbox();
    const s = await startServer(['--memory'], {
      env: { ...sb.env, ADCLI_SEED: 'demo', ADCLI_RATE_LIMIT: '1', ADCLI_QUIET: 'true' },
    });
    expect(s.info.workspace).toBe('demo');
    expect((await s.api('GET', '/workspace')).status).toBe(200);
    expect((await s.api('GET', '/workspace')).status).toBe(429);
    await s.stop();
    expect(s.stderr()).not.toMatch(/GET \/api/);

    const flagged = await startServer(['--memory', '--rate-limit', '0', '--log-requests'], {
      env: { ...sb.env, ADCLI_RATE_LIMIT: '1', ADCLI_QUIET: '0' },
    });
    for (let i = 0; i < 3; i++) expect((await flagged.api('GET', '/workspace')).status).toBe(200);
    await flagged.waitForStderr(
      (t) => (t.match(/GET \/api\/v1\/workspace 200/g) ?? []).length === 3,
    );
  });

  it("--exec's command gets none of serve's own variables, the command itself from ADCLI_EXEC", async () => {
    const sb = sandbox();
    const r = await runAdcli(['serve', '--memory'], {
      env: {
        ...sb.env,
        ADCLI_EXEC:
          'echo "seed=${ADCLI_SEED:-none} port=${ADCLI_PORT:-none} base=${ADCLI_BASE_URL}"',
        ADCLI_SEED: 'demo',
        ADCLI_PORT: '0',
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^seed=none port=none base=http:\/\/127\.0\.0\.1:\d+\/api\/v1\n$/);
    expect(r.stderr).toContain('(workspace demo)');
  });

  it('refuses a variable it cannot read, naming it (exit 2)', async () => {
    const sb = sandbox();
    for (const [name, value] of [
      ['ADCLI_PORT', 'eighty'],
      ['ADCLI_QUIET', 'maybe'],
      ['ADCLI_LOG_LEVEL', 'loud'],
    ] as const) {
      const r = await runAdcli(['serve', '--memory'], { env: { ...sb.env, [name]: value } });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(name);
      expect(r.stderr).toContain(value);
    }
  });

  it('names an unknown ADCLI_ variable in a warning, with the nearest known name', async () => {
    const sb = sandbox();
    const s = await startServer(['--memory', '--quiet'], {
      env: { ...sb.env, ADCLI_DATABSE_URL: 'postgres://nowhere/x', ADCLI_ZZZ: '1' },
    });
    await s.stop();
    expect(s.stderr()).toContain(
      'adcli serve: ADCLI_DATABSE_URL is set but adcli reads no such variable; did you mean ADCLI_DATABASE_URL?',
    );
    expect(s.stderr()).toMatch(/ADCLI_ZZZ is set but adcli reads no such variable \(adcli help/);
    expect(s.stderr()).not.toContain('nowhere');
  });

  it('--require-database (or ADCLI_REQUIRE_DATABASE) refuses to start without a database URL: exit 6', async () => {
    const sb = sandbox();
    const flag = await runAdcli(['serve', '--require-database'], {
      env: { ...sb.env, ADCLI_DATABSE_URL: 'postgres://nowhere/x' },
    });
    expect(flag.code, flag.stderr).toBe(6);
    expect(flag.stderr).toMatch(/--require-database: no database URL/);
    expect(flag.stderr).toContain('did you mean ADCLI_DATABASE_URL?');
    const env = await runAdcli(['serve'], { env: { ...sb.env, ADCLI_REQUIRE_DATABASE: '1' } });
    expect(env.code, env.stderr).toBe(6);
    expect(env.stderr).toMatch(/ADCLI_REQUIRE_DATABASE: no database URL/);
    // nothing was made in the data dir
    expect(() => readFileSync(join(sb.dataDir, 'adcli.db'))).toThrow();
    const pool = await runAdcli(['serve', '--memory', '--pool-size', '4'], { env: sb.env });
    expect(pool.code).toBe(2);
    expect(pool.stderr).toMatch(/--pool-size sizes the Postgres pool: it needs --database/);
  });
});

describe('the all-scopes key at start', () => {
  it('is not printed when stdout is not a terminal: the banner says where it is', async () => {
    const sb = sandbox();
    const p = spawnAdcli(['serve', '--port', '0'], { env: sb.env });
    const text = await p.waitForStdout((t) => t.includes('Ctrl-C'));
    const keyFile = join(sb.dataDir, 'local.key');
    expect(text).toContain(`API key    in ${keyFile} (not shown: not a terminal)`);
    expect(text + p.stderr()).not.toMatch(KEY);
    await p.stop();

    const memory = spawnAdcli(['serve', '--memory', '--port', '0'], { env: sb.env });
    const said = await memory.waitForStdout((t) => t.includes('Ctrl-C'));
    expect(said).toContain('API key    not shown (not a terminal); --json or --exec hand it');
    expect(said).not.toMatch(KEY);
  });

  it.skipIf(!hasScript)('is shown to a person at a terminal', async () => {
    const sb = sandbox();
    const r = await runInTerminal(['serve', '--port', '0'], sb.env, {
      dialog: { prompt: 'Press Ctrl-C to stop.', answer: '\x03' },
    });
    const key = readFileSync(join(sb.dataDir, 'local.key'), 'utf8').trim();
    expect(r.output).toContain(`API key    ${key}  (kept in ${join(sb.dataDir, 'local.key')})`);
  });

  it('--json still gives it to scripts', async () => {
    const sb = sandbox();
    const s = await startServer([], { env: sb.env });
    expect(s.info.apiKey).toBe(readFileSync(join(sb.dataDir, 'local.key'), 'utf8').trim());
  });

  it('a store restored without its key file gets a new key, said in one line', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'data');
    const first = await startServer(['--data', dir, '--quiet'], { env: sb.env });
    await first.stop();
    rmSync(join(dir, 'local.key'));
    const again = await startServer(['--data', dir, '--quiet'], { env: sb.env });
    expect(again.info.apiKey).not.toBe(first.info.apiKey);
    // both keys work: the earlier one was not revoked
    expect((await http(again.info.baseUrl, first.info.apiKey, 'GET', '/workspace')).status).toBe(
      200,
    );
    const lines = again
      .stderr()
      .split('\n')
      .filter((l) => l.includes('was missing'));
    expect(lines).toEqual([
      `adcli serve: the store holds data but ${join(dir, 'local.key')} was missing (a store restored without its key file?): a new all-scopes key is kept there now; the store's earlier keys still work (adcli serve keys list; revoke those you do not want)`,
    ]);
    await again.stop();
    // the next start finds its key file: nothing to say
    const third = await startServer(['--data', dir, '--quiet'], { env: sb.env });
    await third.stop();
    expect(third.stderr()).not.toContain('was missing');
  });
});

describe("adcli serve's log", () => {
  it('stamps text lines with time and level; probes only at --log-level debug', async () => {
    const sb = sandbox();
    for (const level of ['info', 'debug']) {
      const s = await startServer(['--memory', '--log-level', level], { env: sb.env });
      const origin = new URL(s.info.baseUrl).origin;
      expect((await http(origin, null, 'GET', '/livez')).status).toBe(200);
      expect((await s.api('GET', '/workspace')).status).toBe(200);
      await s.waitForStderr((t) => /GET \/api\/v1\/workspace/.test(t));
      await s.stop();
      const lines = s.stderr().split('\n');
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO  GET \/api\/v1\/workspace 200 \d+\.\dms req_/,
        ),
      );
      const probe = lines.filter((l) => l.includes('GET /livez'));
      if (level === 'debug')
        expect(probe).toEqual([expect.stringMatching(/^\S+Z DEBUG GET \/livez 200 /)]);
      else expect(probe).toEqual([]);
    }
  });

  it('--log-format json: every line of stdout and stderr is one JSON object, the start and a refusal too', async () => {
    const sb = sandbox();
    const p = spawnAdcli(['serve', '--port', '0', '--host', '0.0.0.0', '--log-format', 'json'], {
      env: { ...sb.env, ADCLI_NOPE: '1' },
    });
    const out = await p.waitForStdout((t) => t.includes('\n'));
    const start = JSON.parse(out) as Record<string, unknown>;
    expect(start).toMatchObject({
      level: 'info',
      type: 'event',
      workspace: 'default',
      keyFile: join(sb.dataDir, 'local.key'),
    });
    expect(JSON.stringify(start)).not.toMatch(KEY);
    const baseUrl = start.baseUrl as string;
    const key = readFileSync(join(sb.dataDir, 'local.key'), 'utf8').trim();
    expect((await http(baseUrl, key, 'GET', '/workspace')).status).toBe(200);
    await p.waitForStderr((t) => t.includes('/api/v1/workspace'));
    expect((await p.stop('SIGINT')).code).toBe(0);
    const lines = (p.stdout() + p.stderr()).split('\n').filter((l) => l !== '');
    const parsed = lines.map((l) => JSON.parse(l) as { level: string; message?: string });
    expect(parsed.map((l) => l.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ADCLI_NOPE is set/),
        expect.stringMatching(/^listening on 0\.0\.0\.0/),
        'stopping',
      ]),
    );
    expect(parsed.find((l) => l.message?.startsWith('ADCLI_NOPE'))?.level).toBe('warn');
    expect(p.stderr() + p.stdout()).not.toContain(key);

    // a refusal to start, as one JSON line with its exit code
    const refused = await runAdcli(['serve', '--log-format', 'json', '--require-database'], {
      env: sb.env,
    });
    expect(refused.code).toBe(6);
    expect(refused.stdout).toBe('');
    expect(JSON.parse(refused.stderr)).toMatchObject({
      level: 'error',
      message: expect.stringMatching(/^--require-database: no database URL/),
      exitCode: 6,
    });
  });
});

const pgServer = await postgresOrSkip();

describe.skipIf(!pgServer)('on Postgres', () => {
  /**
   * Requests that wait for a table lock the test holds each keep a pool connection busy: the
   * database then counts, among adcli's connections to it, those waiting on a lock.
   */
  async function waitingRequests(poolArgs: string[], expected: number): Promise<number> {
    const sb = sandbox();
    const url = await pgServer!.createDatabase();
    const s = await startServer(
      ['--database', url, '--data', tempDir(sb, 'r'), '--quiet', '--workers', '1', ...poolArgs],
      { env: sb.env, timeoutMs: 60_000 },
    );
    const locker = new pg.Client({ connectionString: url });
    const observer = new pg.Client({ connectionString: url });
    await Promise.all([locker.connect(), observer.connect()]);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE campaigns IN ACCESS EXCLUSIVE MODE');
      const answers = Array.from({ length: 5 }, (_, i) => s.api('GET', `/campaigns?name=held${i}`));
      const count = async () =>
        (
          await observer.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND application_name = 'adcli'
                AND wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n;
      await until(
        `${expected} requests waiting on the lock`,
        async () => (await count()) >= expected,
        15_000,
        50,
      );
      // a fixed window on purpose: the requests beyond the pool would join the waiters within it;
      // they wait for a connection, not in the database
      await new Promise((r) => setTimeout(r, 300));
      const n = await count();
      await locker.query('COMMIT');
      for (const a of await Promise.all(answers)) expect(a.status).toBe(200);
      return n;
    } finally {
      await Promise.all([locker.end(), observer.end()]);
      await s.stop();
    }
  }

  it("says a database outage once per message and then counts it, the workers' troubles as warnings", async () => {
    const sb = sandbox();
    const url = await pgServer!.createDatabase();
    const s = await startServer(['--database', url, '--data', tempDir(sb, 'r'), '--workers', '1'], {
      env: sb.env,
      timeoutMs: 60_000,
    });
    await pgServer!.stop();
    try {
      // the workers fail again and again while the database is gone; the count comes after 10 s
      const counted = /^(\S+Z) (\w+) +(.*) \((\d+) more times? in the last 10 s\)$/m;
      const text = await s.waitForStderr((t) => counted.test(t), 40_000);
      const [, , level, message] = counted.exec(text)!;
      expect(level).toBe('WARN');
      const bodies = text
        .split('\n')
        .filter((l) => /^\S+Z /.test(l))
        .map((l) => l.replace(/^\S+Z \w+ +/, ''));
      // said once before its count, however many times it happened
      expect(Number(counted.exec(text)![4])).toBeGreaterThan(0);
      expect(bodies.filter((b) => b === message)).toHaveLength(1);
    } finally {
      await pgServer!.restart();
      await s.stop();
    }
  }, 90_000);

  it('caps the connections of the HTTP thread: 2 of 5 waiting requests reach the database', async () => {
    // without it, all five reach the database (the default pool holds 10)
    expect(await waitingRequests([], 5)).toBe(5);
    expect(await waitingRequests(['--pool-size', '2'], 2)).toBe(2);
  }, 90_000);
});
