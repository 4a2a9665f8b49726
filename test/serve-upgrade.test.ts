/**
 * Versions that cannot mix silently (issue 31): `adcli serve migrate` brings a store to this adcli's
 * schema alone, saying each step, on SQLite and Postgres; a store of a newer schema is refused in
 * one line naming both versions; and on Postgres a running replica whose database a newer adcli has
 * migrated steps out by itself: not ready, one log line, every request but the probes refused.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../server/store/sqlite/migrations.ts';
import { pgMigrations } from '../server/store/postgres/migrations.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import {
  cleanupAll,
  http,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
} from './helpers/process.ts';
import { pgQuery } from './helpers/replicas.ts';

afterEach(killAll);
afterAll(cleanupAll);

const pg = await postgresOrSkip();

/** The lines `serve migrate` says on stderr as it migrates a new store to `n`. */
const steps = (n: number) => [
  `adcli serve migrate: a new store; migrating to ${n}`,
  ...Array.from({ length: n }, (_, i) => `adcli serve migrate: applied migration ${i + 1} of ${n}`),
];

/** stderr without each step's time, which is the machine's */
const withoutTimes = (stderr: string) =>
  stderr
    .trimEnd()
    .split('\n')
    .map((l) => l.replace(/ \(\d+ ms\)$/, ''));

describe('adcli serve migrate on SQLite', () => {
  it('migrates a new store step by step, then finds nothing to do', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'migrate');
    const first = await runAdcli(['serve', 'migrate', '--data', dir], { env: sb.env });
    expect(first.code).toBe(0);
    expect(withoutTimes(first.stderr)).toEqual(steps(migrations.length));
    expect(first.stdout).toBe(
      `${join(dir, 'adcli.db')} migrated from schema 0 to ${migrations.length} (${migrations.length} migrations)\n`,
    );

    const again = await runAdcli(['serve', 'migrate', '--data', dir, '--json'], { env: sb.env });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(
      `adcli serve migrate: schema ${migrations.length}, this adcli's: nothing to migrate\n`,
    );
    expect(JSON.parse(again.stdout)).toEqual({
      store: join(dir, 'adcli.db'),
      from: migrations.length,
      to: migrations.length,
      applied: 0,
    });
  });

  it('refuses a store of a newer schema in one line naming both, and so does serve', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'newer');
    expect((await runAdcli(['serve', 'migrate', '--data', dir], { env: sb.env })).code).toBe(0);
    const db = new DatabaseSync(join(dir, 'adcli.db'));
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
      migrations.length + 1,
      new Date().toISOString(),
    );
    db.close();
    const line = `was written by a newer adcli (schema ${migrations.length + 1}, this adcli's ${migrations.length}); upgrade adcli`;
    for (const args of [
      ['serve', 'migrate', '--data', dir],
      ['serve', '--data', dir, '--port', '0'],
    ]) {
      const r = await runAdcli(args, { env: sb.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(line);
      expect(r.stderr).not.toMatch(/unexpected error/);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});

describe.skipIf(!pg)('versions on Postgres', () => {
  it('serve migrate migrates a new database step by step; replicas then start on it', async () => {
    const url = await pg!.createDatabase();
    const sb = sandbox();
    // a password in the URL (trusted on 127.0.0.1, so not needed) is never said
    const withPassword = url.replace('postgres://postgres@', 'postgres://postgres:Zq9-hidden@');
    const r = await runAdcli(['serve', 'migrate', '--database', withPassword], { env: sb.env });
    expect(r.code).toBe(0);
    expect(withoutTimes(r.stderr)).toEqual(steps(pgMigrations.length));
    expect(r.stdout).toBe(
      `${url} migrated from schema 0 to ${pgMigrations.length} (${pgMigrations.length} migrations)\n`,
    );
    expect(r.stdout + r.stderr).not.toContain('Zq9-hidden');
    const s = await startServer(['--database', url, '--data', tempDir(sb, 'one'), '--quiet'], {
      env: sb.env,
    });
    expect((await s.api('GET', '/campaigns')).status).toBe(200);
  });

  it('a replica whose database a newer adcli migrated steps out: not ready, one line, requests refused', async () => {
    const url = await pg!.createDatabase();
    const sb = sandbox();
    const s = await startServer(['--database', url, '--data', tempDir(sb, 'old'), '--quiet'], {
      env: sb.env,
    });
    const origin = new URL(s.info.baseUrl).origin;
    expect((await http(origin, null, 'GET', '/readyz')).status).toBe(200);
    const newer = pgMigrations.length + 1;
    await pgQuery(url, 'INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
      newer,
      new Date().toISOString(),
    ]);

    // found by the replica itself, with no probe asking
    const line = `the database has schema ${newer}, newer than this adcli's ${pgMigrations.length}`;
    await s.waitForStderr((t) => t.includes(line), 30_000);
    const ready = await http(origin, null, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error.message).toContain(line);
    const write = await s.api('POST', '/brands', { name: 'On the wrong schema' });
    expect(write.status).toBe(503);
    expect(write.body.error.code).toBe('unavailable');
    expect((await http(origin, null, 'GET', '/livez')).status).toBe(200);
    expect(await pgQuery(url, 'SELECT id FROM brands')).toEqual([]);
    expect(
      s
        .stderr()
        .split('\n')
        .filter((l) => l.includes(line)),
    ).toHaveLength(1);

    // an older adcli never migrates it back
    const migrate = await runAdcli(['serve', 'migrate', '--database', url], { env: sb.env });
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toMatch(
      new RegExp(`has schema ${newer}, newer than this adcli's ${pgMigrations.length}`),
    );
    expect(await s.stop('SIGTERM', 20_000)).toEqual({ code: 0, signal: null });
  }, 60_000);
});
