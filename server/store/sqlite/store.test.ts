// @store sqlite
/**
 * What only the SQLite store does, beside the port's conformance suite (test/store-port.test.ts):
 * those who wait for its one connection are served in order of arrival, a wait for another
 * connection's write lock leaves the thread free, a busy store checkpoints in a thread of its own,
 * and a new file that another process is still setting up is waited for.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './store.ts';
import { until } from '../../../test/helpers/wait.ts';

const dirs: string[] = [];
const stores: SqliteStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.closeNow();
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function fresh(): { s: SqliteStore; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'adcli-sqlite-'));
  dirs.push(dir);
  const path = join(dir, 'adcli.db');
  const s = new SqliteStore(path);
  stores.push(s);
  s.db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  return { s, path };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('the SQLite store: one line for its connection', () => {
  it('serves transactions and queries of other contexts in order of arrival, each transaction alone', async () => {
    const { s } = fresh();
    const order: string[] = [];
    const gate = deferred();
    const first = s.write(async () => {
      await s.run("INSERT INTO t (v) VALUES ('first')");
      await gate.promise;
      order.push('first');
    });
    const inLine = [
      s.write(async () => {
        order.push('w1');
        // its own queries go straight through, while those behind it wait
        await s.run("INSERT INTO t (v) VALUES ('w1')");
        await tick();
        order.push('w1 done');
      }),
      s.get<{ n: number }>('SELECT COUNT(*) AS n FROM t').then((r) => order.push(`q2 ${r!.n}`)),
      s.read(async () => {
        order.push('r3');
        await tick();
      }),
      s.run("INSERT INTO t (v) VALUES ('q4')").then(() => order.push('q4')),
      s.write(async () => {
        order.push('w5');
      }),
    ];
    await tick();
    expect(order).toEqual([]);
    gate.resolve();
    await Promise.all([first, ...inLine]);
    expect(order).toEqual(['first', 'w1', 'w1 done', 'q2 2', 'r3', 'q4', 'w5']);
  });

  it('hands a waiting query its error, and the line goes on', async () => {
    const { s } = fresh();
    const gate = deferred();
    const holder = s.write(() => gate.promise);
    const bad = s.get('SELECT nope FROM t').catch((e: unknown) => e);
    const good = s.get<{ n: number }>('SELECT COUNT(*) AS n FROM t');
    const after = s.write(() => s.run("INSERT INTO t (v) VALUES ('after')"));
    gate.resolve();
    await holder;
    expect(String(await bad)).toMatch(/no such column: nope/);
    expect(await good).toEqual({ n: 0 });
    await after;
    expect(await s.get('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 1 });
  });

  it('hands the connection on after a failed transaction, rolled back', async () => {
    const { s } = fresh();
    const gate = deferred();
    const failing = s.write(async () => {
      await s.run("INSERT INTO t (v) VALUES ('gone')");
      await gate.promise;
      throw new Error('no');
    });
    const next = s.write(() => s.all('SELECT v FROM t'));
    gate.resolve();
    await expect(failing).rejects.toThrow('no');
    expect(await next).toEqual([]);
  });
});

describe("the SQLite store: another connection's write lock", () => {
  it('waits for it without blocking the thread, single queries answered meanwhile, in order after', async () => {
    const { s, path } = fresh();
    await s.run("INSERT INTO t (v) VALUES ('before')");
    const other = new DatabaseSync(path, { timeout: 0 });
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec("INSERT INTO t (v) VALUES ('other')");
      const order: string[] = [];
      const write = s.write(async () => {
        order.push('write');
        await s.run("INSERT INTO t (v) VALUES ('mine')");
      });
      // the thread turns: timers fire, and queries of other contexts are answered (the committed state);
      // a fixed timer on purpose: that it fires while the write waits is what is shown
      await new Promise((r) => setTimeout(r, 30));
      order.push('timer');
      expect(await s.all('SELECT v FROM t ORDER BY id')).toEqual([{ v: 'before' }]);
      const laterWrite = s.write(async () => {
        order.push('later write');
      });
      // a fixed moment on purpose: the later write queues while the lock is still held
      await new Promise((r) => setTimeout(r, 10));
      other.exec('COMMIT');
      await Promise.all([write, laterWrite]);
      expect(order).toEqual(['timer', 'write', 'later write']);
      expect(await s.all('SELECT v FROM t ORDER BY id')).toEqual([
        { v: 'before' },
        { v: 'other' },
        { v: 'mine' },
      ]);
    } finally {
      if (other.isTransaction) other.exec('ROLLBACK');
      other.close();
    }
  });
});

describe('the SQLite store: checkpoints in a thread of their own', () => {
  it('once busy, moves the log into the database off the thread, and removes the log on close', async () => {
    const { s, path } = fresh();
    const pageOfText = 'x'.repeat(3000);
    const sizeAtStart = statSync(path).size;
    // under SQLite's own threshold (1000 pages): the connection itself would not checkpoint yet
    for (let i = 0; i < 400; i++)
      await s.write(() => s.run('INSERT INTO t (v) VALUES (?)', pageOfText));
    expect(s.db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 20_000 });
    await until('the checkpoint', () => statSync(path).size > sizeAtStart + 200 * 4096, 5000, 20);
    expect(statSync(path).size).toBeGreaterThan(sizeAtStart + 200 * 4096);
    expect(await s.get('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 400 });
    s.closeNow();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const again = new SqliteStore(path);
    stores.push(again);
    expect(await again.get('SELECT COUNT(*) AS n FROM t')).toEqual({ n: 400 });
  });
});

describe('the SQLite store: opening a new file that another process is setting up', () => {
  it('waits for its write lock to turn the file to WAL, instead of failing at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'adcli-sqlite-'));
    dirs.push(dir);
    const path = join(dir, 'adcli.db');
    const setup = new DatabaseSync(path); // still in rollback mode, as a file just made
    setup.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    setup.close();
    // Another process, half-way through its own start: its write lock held for a moment.
    const other = new Worker(
      `const { DatabaseSync } = require('node:sqlite');
       const { parentPort, workerData } = require('node:worker_threads');
       const db = new DatabaseSync(workerData);
       db.exec('BEGIN IMMEDIATE');
       parentPort.postMessage('held');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
       db.exec('COMMIT');
       db.close();`,
      { eval: true, workerData: path },
    );
    await new Promise((r) => other.once('message', r));
    // A read lock on the old mode, then a wait for the write lock: SQLite answers that busy at once.
    const s = new SqliteStore(path);
    stores.push(s);
    expect(s.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    await new Promise((r) => other.once('exit', r));
  });
});
