// @store sqlite
/**
 * Backup and restore as docs/operator.md tells them, on real `adcli serve` processes: a SQLite store
 * copied while the server runs and writes (sqlite3's `.backup`, and `VACUUM INTO` through
 * node:sqlite), with its `local.key`, restores to a server that answers that key with every record
 * committed before the copy; a Postgres database dumped with pg_dump while a replica writes and
 * restored with pg_restore into a new database serves the same records and keys.
 */
import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { postgresBinDir, postgresOrSkip } from './helpers/postgres.ts';
import {
  cleanupAll,
  http,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

const run = promisify(execFile);
const hasSqlite3 = (await run('sqlite3', ['-version']).then(
  () => true,
  () => false,
)) as boolean;

/** Campaigns made one after another until `stop` is set: writes going on while a copy is made. */
function keepWriting(s: Server): { stop: () => Promise<number> } {
  let going = true;
  let made = 0;
  const loop = (async () => {
    while (going) {
      const r = await s.api('POST', '/campaigns', { name: `During ${made}` });
      expect(r.status).toBe(201);
      made += 1;
    }
  })();
  return {
    stop: async () => {
      going = false;
      await loop;
      return made;
    },
  };
}

/** What the restored server must hold: the campaign made before the copy, by its id. */
async function expectRestored(s: Server, id: string, name: string) {
  const got = await s.api('GET', `/campaigns/${id}`);
  expect(got.status, got.text).toBe(200);
  expect(got.body.name).toBe(name);
  // and it takes writes
  expect((await s.api('POST', '/brands', { name: 'After the restore' })).status).toBe(201);
}

describe('SQLite: a copy made while the server runs restores to a working server', () => {
  const copies: [string, (db: string, to: string) => Promise<void>][] = [
    [
      'VACUUM INTO',
      async (db, to) => {
        const conn = new DatabaseSync(db);
        try {
          conn.exec('PRAGMA busy_timeout = 5000');
          conn.prepare('VACUUM INTO ?').run(to);
        } finally {
          conn.close();
        }
      },
    ],
  ];
  if (hasSqlite3)
    copies.push([
      'sqlite3 .backup',
      async (db, to) => {
        await run('sqlite3', [db, `.timeout 5000`, `.backup '${to}'`]);
      },
    ]);

  for (const [how, copy] of copies) {
    it(`${how}, with local.key beside it`, async () => {
      const sb = sandbox();
      const live = tempDir(sb, 'live');
      const server = await startServer(['--data', live, '--quiet', '--rate-limit', '0'], {
        env: sb.env,
      });
      const before = await server.api('POST', '/campaigns', { name: 'Before the backup' });
      expect(before.status).toBe(201);

      const writes = keepWriting(server);
      const restored = tempDir(sb, 'restored');
      await copy(join(live, 'adcli.db'), join(restored, 'adcli.db'));
      copyFileSync(join(live, 'local.key'), join(restored, 'local.key'));
      expect(await writes.stop()).toBeGreaterThan(0);
      await server.stop();

      const again = await startServer(['--data', restored, '--quiet'], { env: sb.env });
      expect(again.info.apiKey).toBe(server.info.apiKey);
      expect(again.stderr()).not.toContain('was missing');
      await expectRestored(again, before.body.id, 'Before the backup');
    }, 60_000);
  }
});

const pg = await postgresOrSkip();
const bin = postgresBinDir();

describe.skipIf(!pg || !bin)(
  'Postgres: pg_dump while a replica writes, pg_restore into a new database',
  () => {
    it('serves the same records and keys', async () => {
      const sb = sandbox();
      const url = await pg!.createDatabase();
      const replica = await startServer(
        ['--database', url, '--data', tempDir(sb, 'replica'), '--quiet', '--workers', '1'],
        { env: sb.env, timeoutMs: 60_000 },
      );
      const before = await replica.api('POST', '/campaigns', { name: 'Before the dump' });
      expect(before.status).toBe(201);
      const writes = keepWriting(replica);
      const dump = join(tempDir(sb, 'dump'), 'adcli.dump');
      await run(join(bin!, 'pg_dump'), ['--format=custom', '--file', dump, '--dbname', url]);
      expect(await writes.stop()).toBeGreaterThan(0);
      await replica.stop();

      const target = await pg!.createDatabase();
      await run(join(bin!, 'pg_restore'), [
        '--no-owner',
        '--exit-on-error',
        '--dbname',
        target,
        dump,
      ]);
      // a replica on the restored database: no key file of its own, so it makes none…
      const restored = await startServer(
        ['--database', target, '--data', tempDir(sb, 'restored'), '--quiet', '--workers', '1'],
        { env: sb.env, timeoutMs: 60_000 },
      );
      expect(restored.info.apiKey).toBeNull();
      // …and the keys the database held still work
      const got = await http(
        restored.info.baseUrl,
        replica.info.apiKey,
        'GET',
        `/campaigns/${before.body.id}`,
      );
      expect(got.status, got.text).toBe(200);
      expect(got.body.name).toBe('Before the dump');
      // a new key made as the docs say, for the restored database
      const made = await runAdcli(
        [
          'serve',
          'keys',
          'create',
          '--workspace',
          'default',
          '--scopes',
          'campaigns:read',
          '--json',
        ],
        { env: { ...sb.env, ADCLI_DATABASE_URL: target } },
      );
      expect(made.code, made.stderr).toBe(0);
      const key = (JSON.parse(made.stdout) as { key: string }).key;
      expect(
        (await http(restored.info.baseUrl, key, 'GET', `/campaigns/${before.body.id}`)).status,
      ).toBe(200);
      await restored.stop();
    }, 120_000);
  },
);
