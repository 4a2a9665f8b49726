/**
 * One conformance suite for the store port (server/store/port.ts), run against both adapters:
 * SQLite on a temporary file and Postgres on a fresh database of a real server (skipped, with one
 * line, where none can be started). Then what only Postgres has: open errors, connection loss.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  DatabaseOpenError,
  StoreBusyError,
  StoreConstraintError,
  StoreFullError,
  StoreUnavailableError,
} from '../server/store/errors.ts';
import type { Store } from '../server/store/port.ts';
import { isUnavailable } from '../server/store/postgres/errors.ts';
import { pgMigrations } from '../server/store/postgres/migrations.ts';
import { numberPlaceholders } from '../server/store/postgres/placeholders.ts';
import { PostgresStore } from '../server/store/postgres/store.ts';
import { toStoreError } from '../server/store/sqlite/errors.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { lockWaiters, PASSWORD, PASSWORD_USER, postgresOrSkip } from './helpers/postgres.ts';
import { until } from './helpers/wait.ts';

const pg = await postgresOrSkip();

const opened: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function track<S extends Store>(s: Promise<S> | S): Promise<S> {
  const store = await s;
  opened.push(store);
  return store;
}

/** Where a suite's data lives: open a store on it, and add to a counter from another instance. */
interface Target {
  open(): Promise<Store>;
  /** n increments of the counter, concurrently, by another store instance (a replica) on the same data */
  incrementElsewhere(n: number): Promise<void>;
}

// BIGINT: Postgres's INTEGER has 32 bits (the schema's integers are all BIGINT there)
const COUNTER = 'CREATE TABLE IF NOT EXISTS counters (id TEXT PRIMARY KEY, n BIGINT NOT NULL)';

/** A read, then a write of what was read: lost updates show unless the row is locked as it is read. */
async function increment(s: Store): Promise<void> {
  await s.write(async () => {
    const r = await s.get<{ n: number }>(`SELECT n FROM counters WHERE id = ?${s.rowLock()}`, 'c');
    await s.run('UPDATE counters SET n = ? WHERE id = ?', r!.n + 1, 'c');
  });
}

/** The same without a lock, in a SERIALIZABLE transaction: Postgres runs the loser again. */
async function incrementSerializable(s: Store): Promise<void> {
  await s.write(
    async () => {
      const r = await s.get<{ n: number }>('SELECT n FROM counters WHERE id = ?', 'c');
      await s.run('UPDATE counters SET n = ? WHERE id = ?', r!.n + 1, 'c');
    },
    { isolation: 'serializable' },
  );
}

/**
 * SQLite's other instance runs in a worker thread, as another process would: node:sqlite waits for
 * a lock synchronously, so two connections of one thread with interleaved transactions would wait
 * on each other.
 */
function sqliteWorker(path: string, n: number): Promise<void> {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    (async () => {
      const { SqliteStore } = await import(workerData.module);
      const s = new SqliteStore(workerData.path);
      const inc = () => s.write(async () => {
        const r = await s.get('SELECT n FROM counters WHERE id = ?', 'c');
        await s.run('UPDATE counters SET n = ? WHERE id = ?', r.n + 1, 'c');
      });
      await Promise.all(Array.from({ length: workerData.n }, inc));
      s.closeNow();
    })().then(() => parentPort.postMessage({ ok: true }), (e) => parentPort.postMessage({ error: String(e && e.stack || e) }));
  `;
  const module = pathToFileURL(join(import.meta.dirname, '../server/store/sqlite/store.ts')).href;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { module, path, n } });
    w.once('message', (m: { ok?: true; error?: string }) =>
      m.ok ? resolve() : reject(new Error(m.error)),
    );
    w.once('error', reject);
  });
}

const adapters: { name: string; skip: boolean; target(): Promise<Target> }[] = [
  {
    name: 'sqlite',
    skip: false,
    async target() {
      const dir = mkdtempSync(join(tmpdir(), 'adcli-port-'));
      dirs.push(dir);
      const path = join(dir, 'adcli.db');
      return {
        open: () => Promise.resolve(new SqliteStore(path)),
        incrementElsewhere: (n) => sqliteWorker(path, n),
      };
    },
  },
  {
    name: 'postgres',
    skip: !pg,
    async target() {
      const url = await pg!.createDatabase();
      return {
        open: () => PostgresStore.open(url),
        async incrementElsewhere(n) {
          const s = await PostgresStore.open(url);
          try {
            await Promise.all(Array.from({ length: n }, () => increment(s)));
          } finally {
            await s.close();
          }
        },
      };
    },
  },
];

for (const adapter of adapters) {
  describe.skipIf(adapter.skip)(`the store port on ${adapter.name}`, () => {
    async function fresh(): Promise<{ s: Store; target: Target }> {
      const target = await adapter.target();
      const s = await track(target.open());
      await s.run(COUNTER);
      await s.run('INSERT INTO counters (id, n) VALUES (?, ?)', 'c', 0);
      return { s, target };
    }

    it('runs statements and counts the rows they change; get of nothing is undefined', async () => {
      const { s } = await fresh();
      for (const id of ['a', 'b', 'x'])
        expect(await s.run('INSERT INTO counters (id, n) VALUES (?, ?)', id, 1)).toEqual({
          changes: 1,
        });
      expect(await s.run('UPDATE counters SET n = n + ? WHERE id IN (?, ?)', 5, 'a', 'b')).toEqual({
        changes: 2,
      });
      expect(await s.run('DELETE FROM counters WHERE id = ?', 'nobody')).toEqual({ changes: 0 });
      expect(await s.all('SELECT id, n FROM counters WHERE id <> ? ORDER BY id', 'c')).toEqual([
        { id: 'a', n: 6 },
        { id: 'b', n: 6 },
        { id: 'x', n: 1 },
      ]);
      expect(await s.get('SELECT n FROM counters WHERE id = ?', 'nobody')).toBeUndefined();
      // upserts in the port's form
      await s.run(
        'INSERT INTO counters (id, n) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET n = excluded.n',
        'a',
        40,
      );
      await s.run(
        'INSERT INTO counters (id, n) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
        'a',
        41,
      );
      expect(await s.get('SELECT n FROM counters WHERE id = ?', 'a')).toEqual({ n: 40 });
      expect(await s.get('INSERT INTO counters (id, n) VALUES (?, ?) RETURNING n', 'r', 7)).toEqual(
        { n: 7 },
      );
    });

    it('numbers ?N placeholders, and leaves a ? in a literal alone', async () => {
      const { s } = await fresh();
      await s.run(
        'INSERT INTO counters (id, n) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET n = ?2 + 1',
        'q',
        3,
      );
      await s.run(
        'INSERT INTO counters (id, n) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET n = ?2 + 1',
        'q',
        3,
      );
      expect(
        await s.get("SELECT n, '?' AS mark, 'it''s ?' AS quoted FROM counters WHERE id = ?", 'q'),
      ).toEqual({ n: 4, mark: '?', quoted: "it's ?" });
    });

    it('gives integers, COUNT and SUM back as numbers', async () => {
      const { s } = await fresh();
      await s.run('INSERT INTO counters (id, n) VALUES (?, ?), (?, ?)', 'a', 2 ** 40, 'b', 2);
      const r = await s.get<Record<string, unknown>>(
        'SELECT COUNT(*) AS c, SUM(n) AS total, MAX(n) AS top, COALESCE(SUM(CASE WHEN id = ? THEN n END), 0) AS none FROM counters',
        'zz',
      );
      expect(r).toEqual({ c: 3, total: 2 ** 40 + 2, top: 2 ** 40, none: 0 });
      for (const v of Object.values(r!)) expect(typeof v).toBe('number');
      const ws = await s.get<{ n: unknown }>('SELECT COUNT(*) AS n FROM workspaces');
      expect(ws).toEqual({ n: 0 });
    });

    it('commits a write transaction, and rolls all of it back when fn throws', async () => {
      const { s } = await fresh();
      await s.write(async () => {
        await s.run('INSERT INTO counters (id, n) VALUES (?, ?)', 'kept', 1);
        await s.run('UPDATE counters SET n = n + 1 WHERE id = ?', 'c');
      });
      await expect(
        s.write(async () => {
          await s.run('INSERT INTO counters (id, n) VALUES (?, ?)', 'gone', 1);
          await s.run('UPDATE counters SET n = n + 1 WHERE id = ?', 'c');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await s.all('SELECT id, n FROM counters ORDER BY id')).toEqual([
        { id: 'c', n: 1 },
        { id: 'kept', n: 1 },
      ]);
    });

    it('joins a nested write or read to the outer transaction', async () => {
      const { s } = await fresh();
      await expect(
        s.write(async () => {
          await s.run('INSERT INTO counters (id, n) VALUES (?, ?)', 'outer', 1);
          await s.write(() => s.run('INSERT INTO counters (id, n) VALUES (?, ?)', 'inner', 1));
          // the nested read sees what the transaction wrote and has not committed
          expect(await s.read(() => s.all('SELECT id FROM counters ORDER BY id'))).toEqual([
            { id: 'c' },
            { id: 'inner' },
            { id: 'outer' },
          ]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      // the inner write went with the outer one
      expect(await s.all('SELECT id FROM counters ORDER BY id')).toEqual([{ id: 'c' }]);
      // a read transaction answers from one snapshot
      expect(
        await s.read(async () => [
          await s.get('SELECT n FROM counters'),
          await s.get('SELECT COUNT(*) AS k FROM counters'),
        ]),
      ).toEqual([{ n: 0 }, { k: 1 }]);
    });

    it('ends 50 concurrent read-then-write increments on one store at 50', async () => {
      const { s } = await fresh();
      await Promise.all(Array.from({ length: 50 }, () => increment(s)));
      expect(await s.get('SELECT n FROM counters WHERE id = ?', 'c')).toEqual({ n: 50 });
    });

    it('ends 25 + 25 concurrent increments by two instances on the same data (two replicas) at 50', async () => {
      const { s, target } = await fresh();
      await Promise.all([
        target.incrementElsewhere(25),
        ...Array.from({ length: 25 }, () => increment(s)),
      ]);
      expect(await s.get('SELECT n FROM counters WHERE id = ?', 'c')).toEqual({ n: 50 });
    });

    it('ends 50 concurrent unlocked read-then-write increments at 50 when the writes ask to be serializable', async () => {
      const { s, target } = await fresh();
      const other = await track(target.open());
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => incrementSerializable(i % 2 ? s : other)),
      );
      expect(await s.get('SELECT n FROM counters WHERE id = ?', 'c')).toEqual({ n: 50 });
    });

    it('runs afterCommit callbacks after the commit, at once outside a transaction, never after a rollback', async () => {
      const { s } = await fresh();
      const calls: string[] = [];
      await s.write(async () => {
        await s.run('UPDATE counters SET n = 1');
        s.afterCommit(() => calls.push('outer'));
        await s.write(async () => {
          s.afterCommit(() => calls.push('nested'));
        });
        expect(calls).toEqual([]);
      });
      expect(calls).toEqual(['outer', 'nested']);
      await expect(
        s.write(async () => {
          s.afterCommit(() => calls.push('rolled back'));
          await s.run('UPDATE counters SET n = 2');
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      s.afterCommit(() => calls.push('now'));
      expect(calls).toEqual(['outer', 'nested', 'now']);
    });

    it('moves the change stamp on a commit by this or another instance, and not without one', async () => {
      const { s, target } = await fresh();
      const other = await track(target.open());
      const first = await s.changeStamp();
      await s.get('SELECT n FROM counters');
      await other.get('SELECT n FROM counters');
      expect(await s.changeStamp()).toBe(first);
      await other.run('UPDATE counters SET n = 5');
      const afterOther = await s.changeStamp();
      expect(afterOther).not.toBe(first);
      expect(await s.changeStamp()).toBe(afterOther);
      await other.write(() => s.run('SELECT 1').then(() => other.run('UPDATE counters SET n = 6')));
      const afterTx = await s.changeStamp();
      expect(afterTx).not.toBe(afterOther);
      await s.write(() => s.run('UPDATE counters SET n = 7'));
      expect(await s.changeStamp()).not.toBe(afterTx);
    });

    it('tells the change stamp without waiting where it can (knownStamp), the same as changeStamp', async () => {
      const { s } = await fresh();
      await s.oneStampPer(async () => {
        const stamp = await s.changeStamp();
        expect(s.knownStamp()).toBe(stamp);
        await s.write(() => s.run('UPDATE counters SET n = n + 1'));
        expect(s.knownStamp()).toBe(await s.changeStamp());
        expect(s.knownStamp()).not.toBe(stamp);
      });
    });

    it('keeps the change stamp across bookkeeping notes (note), which caches need not see', async () => {
      const { s, target } = await fresh();
      const other = await track(target.open());
      const first = await s.changeStamp();
      expect((await s.note('UPDATE counters SET n = n + 1')).changes).toBe(1);
      expect(await s.changeStamp()).toBe(first);
      // Another connection's writes show in SQLite's data_version whatever they were; Postgres hears
      // only announced commits.
      if (adapter.name === 'postgres') {
        await other.note('UPDATE counters SET n = n + 1');
        expect(await s.changeStamp()).toBe(first);
      }
      expect(await s.get('SELECT n FROM counters')).toEqual({
        n: adapter.name === 'postgres' ? 2 : 1,
      });
      await other.run('UPDATE counters SET n = 0');
      expect(await s.changeStamp()).not.toBe(first);
    });

    it('writes atCommit statements with the commit: there after it, gone after a rollback, the change stamp unmoved', async () => {
      const { s } = await fresh();
      await s.run("INSERT INTO counters (id, n) VALUES ('book', 0)");
      const first = await s.changeStamp();
      await s.write(async () => {
        await s.atCommit("UPDATE counters SET n = ? WHERE id = 'book'", 7);
      });
      expect(await s.get("SELECT n FROM counters WHERE id = 'book'")).toEqual({ n: 7 });
      // SQLite moves its stamp with every write transaction (conservative); Postgres with those that changed data
      if (adapter.name === 'postgres') expect(await s.changeStamp()).toBe(first);
      await expect(
        s.write(async () => {
          await s.atCommit("UPDATE counters SET n = 8 WHERE id = 'book'");
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await s.get("SELECT n FROM counters WHERE id = 'book'")).toEqual({ n: 7 });
    });

    it('sends a change nobody reads (send): kept with the commit, and its failure fails the transaction whatever came after', async () => {
      const { s } = await fresh();
      const answer = await s.write(async () => {
        s.send('UPDATE counters SET n = ? WHERE id = ?', 5, 'c');
        return s.get<{ n: number }>('SELECT n FROM counters WHERE id = ?', 'c');
      });
      // the read sent after it sees it: statements of a transaction run in the order sent
      expect(answer).toEqual({ n: 5 });
      const stamp = await s.changeStamp();
      // a failure, then a statement after it: the failure is what the transaction throws
      await expect(
        s.write(async () => {
          s.send('UPDATE counters SET n = 6 WHERE id = ?', 'c');
          s.send('INSERT INTO counters (id, n) VALUES (?, ?)', 'c', 1);
          await s.get('SELECT n FROM counters');
        }),
      ).rejects.toThrow(/unique|duplicate/i);
      // a failure sent last, with nothing after it: the commit does not go
      await expect(
        s.write(async () => {
          s.send('UPDATE counters SET n = 7 WHERE id = ?', 'c');
          s.send('INSERT INTO counters (id, n) VALUES (?, ?)', 'c', 1);
        }),
      ).rejects.toThrow(/unique|duplicate/i);
      expect(await s.get('SELECT n FROM counters')).toEqual({ n: 5 });
      expect(await s.changeStamp()).not.toBe(stamp); // a rollback moves it too (conservative)
      expect(() => s.send('UPDATE counters SET n = 0')).toThrow(/inside a write transaction/);
      await expect(s.read(async () => s.send('UPDATE counters SET n = 0'))).rejects.toThrow(
        /inside a write transaction/,
      );
    });

    it('runs fn behind a check (gated): fn stands when the check lets it, is stopped when not, and a failed check wins', async () => {
      const { s } = await fresh();
      const check = (v: number) =>
        s.note<{ n: number }>('UPDATE counters SET n = ? RETURNING n', v);
      const stops = (r: { rows: { n: number }[] }) => r.rows[0]!.n > 10;
      const passed = await s.write(() =>
        s.gated(check(3), stops, () => s.get<{ n: number }>('SELECT n + 1 AS n FROM counters')),
      );
      expect(passed).toEqual({ value: { n: 4 } });
      let reached = false;
      const stopped = await s
        .write(async () => {
          const r = await s.gated(check(20), stops, async () => {
            // the check's answer comes before this statement's: fn never sees its own work stand
            const row = await s.get<{ n: number }>('SELECT n FROM counters');
            reached = row !== undefined;
            return row;
          });
          if ('stopped' in r) throw Object.assign(new Error('stopped'), { answer: r.stopped });
          return r;
        })
        .catch((e: Error & { answer?: unknown }) => e.answer);
      expect(stopped).toEqual({ changes: 1, rows: [{ n: 20 }] });
      expect(reached).toBe(false);
      expect(await s.get('SELECT n FROM counters')).toEqual({ n: 3 });
      // a check that fails: its error, not fn's, whatever fn did with its own statements
      await expect(
        s.write(() =>
          s.gated(
            s.note('INSERT INTO counters (id, n) VALUES (?, ?) RETURNING n', 'c', 1),
            () => false,
            () => s.get('SELECT n FROM nowhere').catch(() => 'caught'),
          ),
        ),
      ).rejects.toThrow(/unique|duplicate/i);
    });

    it('locks rows only in a write transaction, and only where rows can be read while a writer works (Postgres)', async () => {
      const { s } = await fresh();
      const inWrite = adapter.name === 'postgres' ? ' FOR UPDATE' : '';
      expect(s.rowLock()).toBe('');
      expect(await s.read(async () => s.rowLock())).toBe('');
      expect(await s.write(async () => [s.rowLock(), s.rowLock('share')])).toEqual([
        inWrite,
        adapter.name === 'postgres' ? ' FOR SHARE' : '',
      ]);
      // a lock named outside a write transaction, or on SQLite, is nothing to wait for
      await s.lock('anything');
      await s.withWriteLock({ name: 'anything' }, () =>
        s.write(() => s.run('UPDATE counters SET n = 1')),
      );
      expect(await s.get('SELECT n FROM counters')).toEqual({ n: 1 });
    });

    it('reads a JSON array of strings through dialect.jsonValues, from a column or a placeholder', async () => {
      const { s } = await fresh();
      const now = '2026-01-01T00:00:00.000Z';
      await s.run(
        'INSERT INTO workspaces (id, slug, created_at) VALUES (?, ?, ?)',
        'w1',
        'one',
        now,
      );
      const audience = (id: string, tags: string[]) =>
        s.run(
          'INSERT INTO audiences (id, workspace_id, name, description, kind, keywords, topics, tags, data_store_ids, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          id,
          'w1',
          id,
          '',
          'custom',
          '[]',
          '[]',
          JSON.stringify(tags),
          '[]',
          now,
          now,
        );
      await audience('a1', ['cats', 'dogs']);
      await audience('a2', ['dogs']);
      await audience('a3', []);
      const { jsonValues } = s.dialect;
      expect(
        await s.all(
          `SELECT id FROM audiences WHERE ? IN ${jsonValues('tags')} ORDER BY id`,
          'dogs',
        ),
      ).toEqual([{ id: 'a1' }, { id: 'a2' }]);
      expect(
        await s.all(
          `SELECT id FROM audiences WHERE id IN ${jsonValues('?')} ORDER BY id`,
          JSON.stringify(['a3', 'a1', 'none']),
        ),
      ).toEqual([{ id: 'a1' }, { id: 'a3' }]);
      expect(await s.all(`SELECT id FROM audiences WHERE id IN ${jsonValues('?')}`, '[]')).toEqual(
        [],
      );
    });

    it('matches case-insensitively with dialect.like, % and _ escaped by a backslash', async () => {
      const { s } = await fresh();
      for (const id of ['Summer SALE', 'summer-sale', '100%', '1000', 'a_b', 'axb'])
        await s.run('INSERT INTO counters (id, n) VALUES (?, 0)', id);
      const like = (pattern: string) =>
        s
          .all<{ id: string }>(
            `SELECT id FROM counters WHERE ${s.dialect.like('id', '?')} ORDER BY id`,
            pattern,
          )
          .then((r) => r.map((x) => x.id));
      expect(await like('%sale%')).toEqual(['Summer SALE', 'summer-sale']);
      expect(await like('SUMMER_SALE')).toEqual(['Summer SALE', 'summer-sale']);
      expect(await like('100\\%')).toEqual(['100%']);
      expect(await like('a\\_b')).toEqual(['a_b']);
      expect(await like('a_b')).toEqual(['a_b', 'axb']);
    });

    it('orders and compares text byte-wise in the schema', async () => {
      const { s } = await fresh();
      const slugs = ['b', 'B', 'a', 'A', 'é', '_', 'Z', 'a b', 'ab', 'Ä'];
      for (const [i, slug] of slugs.entries())
        await s.run(
          'INSERT INTO workspaces (id, slug, created_at) VALUES (?, ?, ?)',
          `w${i}`,
          slug,
          'now',
        );
      const ordered = (
        await s.all<{ slug: string }>('SELECT slug FROM workspaces ORDER BY slug')
      ).map((r) => r.slug);
      expect(ordered).toEqual(
        [...slugs].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
      );
      expect(await s.all('SELECT slug FROM workspaces WHERE slug > ? ORDER BY slug', 'Z')).toEqual([
        { slug: '_' },
        { slug: 'a' },
        { slug: 'a b' },
        { slug: 'ab' },
        { slug: 'b' },
        { slug: 'Ä' },
        { slug: 'é' },
      ]);
      expect(await s.get('SELECT COUNT(*) AS n FROM workspaces WHERE slug = ?', 'a')).toEqual({
        n: 1,
      });
    });
  });
}

describe('placeholders in Postgres numbering', () => {
  it('numbers ? in order and ?N as given, outside literals, quoted names and comments', () => {
    expect(numberPlaceholders('SELECT ? , ?, ?')).toBe('SELECT $1 , $2, $3');
    expect(numberPlaceholders('UPDATE t SET a = ?2, b = ?1 WHERE c = ?2')).toBe(
      'UPDATE t SET a = $2, b = $1 WHERE c = $2',
    );
    expect(numberPlaceholders('SELECT ?3, ?')).toBe('SELECT $3, $4'); // SQLite: one past the largest so far
    expect(numberPlaceholders(`SELECT '?', 'it''s ?', "a?""b", ? -- what?\n, /* ? */ ?`)).toBe(
      `SELECT '?', 'it''s ?', "a?""b", $1 -- what?\n, /* ? */ $2`,
    );
  });
});

describe('the typed errors of the store', () => {
  it('SQLite: a full file is a StoreFullError, in a transaction or out; the store works on once there is room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'adcli-port-'));
    dirs.push(dir);
    const s = await track(new SqliteStore(join(dir, 'adcli.db')));
    await s.run(COUNTER);
    // a file size limit gives SQLite's own SQLITE_FULL, as a full disk does
    const { page_count } = s.getNow<{ page_count: number }>('PRAGMA page_count')!;
    s.db.exec(`PRAGMA max_page_count = ${page_count}`);
    const insert = (id: string) =>
      s.run('INSERT INTO counters (id, n) VALUES (?, 0)', id + 'x'.repeat(64 * 1024));
    const inWrite = await s.write(() => insert('a')).catch((e: unknown) => e);
    expect(inWrite).toBeInstanceOf(StoreFullError);
    expect(((inWrite as Error).cause as { errcode: number }).errcode & 0xff).toBe(13);
    const alone = await Promise.resolve()
      .then(() => insert('b'))
      .catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(StoreFullError);
    s.db.exec('PRAGMA max_page_count = 1073741823');
    await insert('c');
    expect(await s.get('SELECT COUNT(*) AS n FROM counters')).toEqual({ n: 1 });
  });

  it('SQLite: busy past its timeout is a StoreBusyError asking for a retry at once; a constraint a StoreConstraintError; other errors stay', () => {
    const locked = Object.assign(new Error('database is locked'), { errcode: 5 });
    expect(toStoreError(locked)).toBeInstanceOf(StoreBusyError);
    expect(toStoreError(locked)).toMatchObject({
      message: 'database is locked',
      cause: locked,
      retryAfterS: 1,
    });
    const constraint = Object.assign(new Error('UNIQUE constraint failed'), { errcode: 2067 });
    expect(toStoreError(constraint)).toBeInstanceOf(StoreConstraintError);
    expect(toStoreError(constraint)).toMatchObject({
      message: 'UNIQUE constraint failed',
      cause: constraint,
    });
    const syntax = Object.assign(new Error('near "SELEC": syntax error'), { errcode: 1 });
    expect(toStoreError(syntax)).toBe(syntax);
  });

  it.skipIf(!pg)(
    'Postgres: a conflict lost on every attempt is a StoreBusyError asking for a retry at once',
    async () => {
      const url = await pg!.createDatabase();
      const s = await track(PostgresStore.open(url, { maxAttempts: 1 }));
      const other = await track(PostgresStore.open(url));
      await s.run(COUNTER);
      await s.run("INSERT INTO counters (id, n) VALUES ('c', 0)");
      let hasRead!: () => void;
      const read = new Promise<void>((r) => (hasRead = r));
      let goOn!: () => void;
      const otherCommitted = new Promise<void>((r) => (goOn = r));
      const lost = s
        .write(
          async () => {
            const r = await s.get<{ n: number }>("SELECT n FROM counters WHERE id = 'c'");
            hasRead();
            await otherCommitted;
            await s.run("UPDATE counters SET n = ? WHERE id = 'c'", r!.n + 1);
          },
          { isolation: 'serializable' },
        )
        .catch((e: unknown) => e);
      await read;
      await increment(other); // commits between the read and the write: a serialization failure
      goOn();
      const e = await lost;
      expect(e).toBeInstanceOf(StoreBusyError);
      expect(e).toMatchObject({ retryAfterS: 1, cause: { code: '40001' } });
      expect(await s.get('SELECT n FROM counters')).toEqual({ n: 1 });
    },
  );
});

describe.skipIf(!pg)('the Postgres store: one reading of commits per request', () => {
  it('shares one stamp inside oneStampPer, counting its own commits at once, and reads afresh outside it', async () => {
    const url = await pg!.createDatabase();
    const s = await track(PostgresStore.open(url));
    const other = await track(PostgresStore.open(url));
    await s.run(COUNTER);
    await s.run("INSERT INTO counters (id, n) VALUES ('c', 0)");
    expect(s.knownStamp()).toBeUndefined(); // outside a request it takes a round trip
    await s.oneStampPer(async () => {
      expect(s.knownStamp()).toBeUndefined(); // not read yet
      const first = await s.changeStamp();
      expect(s.knownStamp()).toBe(first);
      await other.run("UPDATE counters SET n = 1 WHERE id = 'c'"); // concurrent with this request
      expect(await s.changeStamp()).toBe(first);
      await s.write(() => s.run("UPDATE counters SET n = 2 WHERE id = 'c'"));
      expect(await s.changeStamp()).not.toBe(first);
      expect(s.knownStamp()).toBe(await s.changeStamp());
    });
    const before = await s.changeStamp();
    await other.run("UPDATE counters SET n = 3 WHERE id = 'c'");
    expect(await s.changeStamp()).not.toBe(before);
  });
});

describe.skipIf(!pg)('the Postgres store: locks, retries and the change stamp', () => {
  /** Two instances (replicas) on a fresh database with the counter. */
  async function pair(): Promise<[Store, Store]> {
    const url = await pg!.createDatabase();
    const a = await track(PostgresStore.open(url));
    const b = await track(PostgresStore.open(url));
    await a.run(COUNTER);
    await a.run("INSERT INTO counters (id, n) VALUES ('c', 0)");
    return [a, b];
  }

  /** A write holding `lock` until `release` is called; resolves `held` once it holds it. */
  function holder(s: Store, lock: { name: string; shared?: boolean }) {
    let held!: () => void;
    const holding = new Promise<void>((r) => (held = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const done = s.write(async () => {
      await s.lock(lock.name, lock);
      await s.get('SELECT 1'); // the lock travels with the next statement
      held();
      await released;
    });
    return { holding, release, done };
  }

  it('a named lock: exclusive holders take turns and see each other committed; shared ones run together', async () => {
    const [a, b] = await pair();
    const first = holder(a, { name: 'ws:1' });
    await first.holding;
    const order: string[] = [];
    const second = b.write(async () => {
      await b.lock('ws:1');
      const r = await b.get<{ n: number }>('SELECT n FROM counters');
      order.push(`second saw ${r!.n}`);
    });
    await until(
      'the second to wait for the lock',
      async () => (await lockWaiters(a)) > 0,
      15_000,
      20,
    );
    await a.write(() => a.run("UPDATE counters SET n = 5 WHERE id = 'c'"));
    order.push('first done');
    first.release();
    await Promise.all([first.done, second]);
    expect(order).toEqual(['first done', 'second saw 5']);

    const s1 = holder(a, { name: 'ws:2', shared: true });
    const s2 = holder(b, { name: 'ws:2', shared: true });
    await Promise.all([s1.holding, s2.holding]); // both at once
    s1.release();
    s2.release();
    await Promise.all([s1.done, s2.done]);
  });

  it('withWriteLock: every write transaction begun inside takes the lock before its first statement', async () => {
    const [a, b] = await pair();
    const first = holder(a, { name: 'ws:3' });
    await first.holding;
    let wrote = false;
    const inside = b.withWriteLock({ name: 'ws:3' }, () =>
      b.write(() => b.run("UPDATE counters SET n = 9 WHERE id = 'c'")).then(() => (wrote = true)),
    );
    await until(
      'the write to wait for the lock',
      async () => (await lockWaiters(a)) > 0,
      15_000,
      20,
    );
    expect(wrote).toBe(false);
    first.release();
    await Promise.all([first.done, inside]);
    expect(wrote).toBe(true);
  });

  it('a unique key taken between a look and an insert: the write runs again and finds it', async () => {
    const [a, b] = await pair();
    let runs = 0;
    let looked!: () => void;
    let looks = 0;
    const bothLooked = new Promise<void>((r) => (looked = r));
    const ensure = (s: Store) =>
      s.write(async () => {
        runs++;
        if (await s.get("SELECT 1 FROM counters WHERE id = 'u'")) return 'found';
        if (++looks === 2) looked();
        await bothLooked; // both look before either inserts
        await s.run("INSERT INTO counters (id, n) VALUES ('u', 1)");
        return 'made';
      });
    expect((await Promise.all([ensure(a), ensure(b)])).sort()).toEqual(['found', 'made']);
    expect(runs).toBe(3);
  });

  it("the access stamp stays while other tables change and moves when ACCESS_TABLES change, each replica's", async () => {
    const [a, b] = await pair();
    const both = async (scope?: 'access') => [
      await a.changeStamp(scope),
      await b.changeStamp(scope),
    ];
    const access = await both('access');
    const data = await both();
    await a.write(() => a.run("UPDATE counters SET n = 3 WHERE id = 'c'"));
    expect(await both('access')).toEqual(access);
    const afterData = await both();
    expect(afterData[0]).not.toBe(data[0]);
    expect(afterData[1]).not.toBe(data[1]);
    await b.run(
      "INSERT INTO workspaces (id, slug, exploration, created_at) VALUES ('w1', 'w1', 0, 'now')",
    );
    const afterAccess = await both('access');
    expect(afterAccess[0]).not.toBe(access[0]);
    expect(afterAccess[1]).not.toBe(access[1]);
    // a statement that names no single table may have changed any
    await a.write(() =>
      a.get("WITH w AS (UPDATE counters SET n = 4 WHERE id = 'c' RETURNING n) SELECT n FROM w"),
    );
    expect(await b.changeStamp('access')).not.toBe(afterAccess[1]);
    // inside a request: one reading serves both scopes, own commits count at once
    await b.oneStampPer(async () => {
      const known = [await b.changeStamp('access'), await b.changeStamp()];
      expect([b.knownStamp('access'), b.knownStamp()]).toEqual(known);
      await b.write(() => b.run("UPDATE counters SET n = 5 WHERE id = 'c'"));
      expect(b.knownStamp('access')).toBe(known[0]);
      expect(b.knownStamp()).not.toBe(known[1]);
    });
  });

  it('the change stamp moves once a change has committed, never before, and not for a write that changed nothing', async () => {
    const [a, b] = await pair();
    const before = await b.changeStamp();
    await a.write(() => a.run("UPDATE counters SET n = 1 WHERE id = 'nobody'"));
    await a.write(() => a.get('SELECT n FROM counters'));
    expect(await b.changeStamp()).toBe(before);
    let changed!: () => void;
    const hasChanged = new Promise<void>((r) => (changed = r));
    let goOn!: () => void;
    const commit = new Promise<void>((r) => (goOn = r));
    const writing = a.write(async () => {
      await a.run("UPDATE counters SET n = 2 WHERE id = 'c'");
      changed();
      await commit;
    });
    await hasChanged;
    expect(await b.changeStamp()).toBe(before); // what a cache reads now is still as of `before`
    goOn();
    await writing;
    expect(await b.changeStamp()).not.toBe(before);
  });
});

describe.skipIf(!pg)('the Postgres store: opening and losing the database', () => {
  const oneLine = (e: unknown) => {
    expect(e).toBeInstanceOf(DatabaseOpenError);
    const m = (e as Error).message;
    expect(m).not.toContain('\n');
    expect(m).not.toContain(PASSWORD);
    expect(m).not.toContain('wrong-pass');
    return e as DatabaseOpenError;
  };
  const refusal = (url: string) =>
    PostgresStore.open(url, { connectTimeoutMs: 5_000 }).then(
      (s) => {
        opened.push(s);
        throw new Error(`opened ${url}`);
      },
      (e: unknown) => oneLine(e),
    );

  it('labels the store with its URL, password removed', async () => {
    await pg!.sql(`CREATE DATABASE label_db OWNER ${PASSWORD_USER}`);
    const s = await track(
      PostgresStore.open(pg!.url('label_db', { user: PASSWORD_USER, password: PASSWORD })),
    );
    expect(s.label).toBe(`postgres://${PASSWORD_USER}@127.0.0.1:${pg!.port}/label_db`);
    expect(s.dialect.name).toBe('postgres');
  });

  it('refuses a malformed URL in one line', async () => {
    for (const url of [
      'not a url',
      'mysql://u:wrong-pass@127.0.0.1/x',
      `postgres://u:wrong-pass@127.0.0.1:port/x`,
      'postgres://u:wrong-pass@/x',
    ]) {
      const e = await refusal(url);
      expect(e.kind).toBe('url');
    }
  });

  it('refuses a wrong password, an unreachable port and a missing database in one line each, without the password', async () => {
    const wrong = await refusal(
      pg!.url('postgres', { user: PASSWORD_USER, password: 'wrong-pass' }),
    );
    expect(wrong.kind).toBe('auth');
    expect(wrong.message).toContain(`postgres://${PASSWORD_USER}@127.0.0.1:${pg!.port}/postgres`);
    expect((await refusal(pg!.url('postgres', { user: PASSWORD_USER }))).kind).toBe('auth');

    const closed = await refusal(`postgres://postgres:wrong-pass@127.0.0.1:1/postgres`);
    expect(closed.kind).toBe('unreachable');

    const missing = await refusal(
      pg!.url('no_such_db', { user: PASSWORD_USER, password: PASSWORD }),
    );
    expect(missing.kind).toBe('missing');
    expect(missing.message).toContain('no_such_db');
  });

  it('refuses a database where the user may not create the tables, and opens one already migrated', async () => {
    const url = await pg!.createDatabase(); // owned by the superuser: since Postgres 15 others may not create tables in public
    const name = url.slice(url.lastIndexOf('/') + 1);
    const asUser = pg!.url(name, { user: PASSWORD_USER, password: PASSWORD });
    expect((await refusal(asUser)).kind).toBe('permission');
    const owner = await PostgresStore.open(url);
    await owner.run(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${PASSWORD_USER}`,
    );
    // the identity columns' sequences (an insert takes its id there) and the change stamp's
    await owner.run(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${PASSWORD_USER}`);
    await owner.close();
    const s = await track(PostgresStore.open(asUser));
    expect(await s.get('SELECT COUNT(*) AS n FROM workspaces')).toEqual({ n: 0 });
    const stamp = await s.changeStamp();
    expect(stamp).toMatch(/^\d+\.\d+$/);
    await s.run(
      "INSERT INTO workspaces (id, slug, exploration, created_at) VALUES ('w', 'w', 0, 'now')",
    );
    expect(await s.changeStamp()).not.toBe(stamp);
  });

  it('refuses a database of a newer schema, naming both versions', async () => {
    const url = await pg!.createDatabase();
    const s = await PostgresStore.open(url);
    await s.run(
      'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
      pgMigrations.length + 7,
      'later',
    );
    await s.close();
    const e = await refusal(url);
    expect(e.kind).toBe('schema');
    expect(e.message).toContain(`schema ${pgMigrations.length + 7}`);
    expect(e.message).toContain(`adcli's ${pgMigrations.length}`);
  });

  it('migrates once when replicas start together', async () => {
    const url = await pg!.createDatabase();
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => track(PostgresStore.open(url))),
    );
    expect(await stores[0]!.all('SELECT version FROM schema_migrations')).toEqual(
      pgMigrations.map((_, i) => ({ version: i + 1 })),
    );
  });

  it('releases a transaction connection on every path: failures do not drain a pool of 2', async () => {
    const url = await pg!.createDatabase();
    const s = await track(PostgresStore.open(url, { max: 2, connectTimeoutMs: 3_000 }));
    for (let i = 0; i < 6; i++) {
      await expect(s.write(() => Promise.reject(new Error('thrown')))).rejects.toThrow('thrown');
      await expect(s.write(() => s.run('INSERT INTO no_such_table VALUES (1)'))).rejects.toThrow(
        /no_such_table/,
      );
      await expect(
        s.read(() => s.run("INSERT INTO workspaces (id, slug, created_at) VALUES ('a', 'a', 'a')")),
      ).rejects.toThrow(/read-only/);
    }
    // an error fn caught still rolls the transaction back instead of committing half of it
    await expect(
      s.write(async () => {
        await s.run("INSERT INTO workspaces (id, slug, created_at) VALUES ('w', 'w', 'now')");
        await s.run('INSERT INTO no_such_table VALUES (1)').catch(() => undefined);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await s.write(() => s.get('SELECT COUNT(*) AS n FROM workspaces'))).toEqual({ n: 0 });
  });

  // Last: these stop the shared server.
  it('reports a lost database as unavailable and works again once it is back, without reopening', async () => {
    const url = await pg!.createDatabase();
    const s = await track(PostgresStore.open(url, { connectTimeoutMs: 2_000 }));
    await s.run(COUNTER);
    await s.run("INSERT INTO counters (id, n) VALUES ('c', 0)");
    await Promise.all(Array.from({ length: 5 }, () => increment(s))); // the pool holds idle connections

    let expected = 5;
    for (const down of [() => pg!.stop(), () => pg!.kill()]) {
      await down();
      const errors = await Promise.all([
        s.get('SELECT n FROM counters').catch((e: unknown) => e),
        increment(s).catch((e: unknown) => e),
        s.changeStamp().catch((e: unknown) => e),
      ]);
      for (const e of errors) {
        expect(e).toBeInstanceOf(StoreUnavailableError);
        expect((e as Error).cause).toBeDefined();
      }
      await pg!.restart();
      await increment(s);
      expect(await s.read(() => s.get('SELECT n FROM counters'))).toEqual({ n: ++expected });
    }
    expect(isUnavailable(new Error('duplicate key value'))).toBe(false);
  });
});
