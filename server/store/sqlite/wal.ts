import type { DatabaseSync } from 'node:sqlite';
import { isBusy } from './errors.ts';

/**
 * Puts a connection in WAL mode. On a new file, two processes doing it together may each hold a
 * read lock and want the write lock: SQLite answers one of them busy at once, without its busy
 * timeout (waiting would be a deadlock), so that one tries again, for up to waitMs.
 */
export function toWal(db: DatabaseSync, waitMs: number): void {
  const until = Date.now() + waitMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
    try {
      db.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (e) {
      if (!isBusy(e) || Date.now() >= until) throw e;
      Atomics.wait(PAUSE, 0, 0, pause);
    }
  }
}

/** What toWal waits on: a synchronous pause of a few milliseconds, only while a file is opened. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
