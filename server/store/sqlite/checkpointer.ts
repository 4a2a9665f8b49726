import { Worker } from 'node:worker_threads';

/**
 * The checkpoints of a SQLite store's write-ahead log, in a thread of its own with a connection of
 * its own. SQLite otherwise runs one in the COMMIT that fills the log past its threshold: it copies
 * the log's pages into the database and syncs both files, tens of milliseconds (far more on a busy
 * disk) during which the thread that committed, the one answering every request, does nothing
 * else. A PASSIVE checkpoint here waits for no one and holds no lock a reader or writer waits for.
 *
 * Under a steady stream of writes a PASSIVE checkpoint never quite catches up (pages are appended
 * while it syncs), so the log would only grow; once it holds RESTART_AT_FRAMES, one RESTART
 * checkpoint copies the rest with writers held off (they wait for the lock without blocking their
 * thread: see SqliteStore's BEGIN IMMEDIATE) and the next write starts the log from its beginning.
 *
 * The thread sleeps on a shared word: `nudge` (the store has committed a good many pages) wakes it
 * at once, and it looks on its own every CHECKPOINT_IDLE_MS. `close` stops it and waits (briefly)
 * for its connection to close, so the store's own connection, closed last, removes the log.
 */
export class Checkpointer {
  readonly #worker: Worker;
  /** [0] stop asked, [1] nudges, [2] the thread's connection is closed (or never opened) */
  readonly #control: Int32Array;

  constructor(path: string) {
    this.#control = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    this.#worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
      workerData: {
        path,
        control: this.#control,
        idleMs: CHECKPOINT_IDLE_MS,
        restartAt: RESTART_AT_FRAMES,
        restartWaitMs: RESTART_WAIT_MS,
      },
      // nothing to say: a failed checkpoint leaves the work to the store's connection
      stdout: true,
      stderr: true,
    });
    // never what keeps a process alive
    this.#worker.unref();
    this.#worker.on('error', () => Atomics.store(this.#control, 2, 1));
  }

  /** Asks for a checkpoint now. */
  nudge(): void {
    Atomics.add(this.#control, 1, 1);
    Atomics.notify(this.#control, 1);
  }

  /** Stops the thread; returns once its connection is closed (at most CLOSE_WAIT_MS). */
  close(): void {
    Atomics.store(this.#control, 0, 1);
    Atomics.add(this.#control, 1, 1);
    Atomics.notify(this.#control, 1);
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (Atomics.load(this.#control, 2) === 0) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      Atomics.wait(this.#control, 2, 0, Math.min(left, 50));
    }
    void this.#worker.terminate();
  }
}

const CHECKPOINT_IDLE_MS = 1000;
/** Frames in the log (of 4 KiB pages: 16 MiB) at which a checkpoint starts it again from the beginning. */
const RESTART_AT_FRAMES = 4000;
/** How long a RESTART checkpoint waits for the writer and readers before it gives up for this time. */
const RESTART_WAIT_MS = 100;
const CLOSE_WAIT_MS = 2000;

/**
 * The thread's code (evaluated, so the bundle needs no file of its own). It never touches the
 * store's data: a PASSIVE checkpoint only copies committed pages of the log into the database.
 */
const CHECKPOINTER_SOURCE = `
const { workerData } = require('node:worker_threads');
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const type = typeof rest[0] === 'string' ? rest[0] : rest[0] && rest[0].type;
  if (type === 'ExperimentalWarning' && String(warning).includes('SQLite')) return;
  return emitWarning.call(process, warning, ...rest);
};
const control = workerData.control;
let db = null;
try {
  if (Atomics.load(control, 0) === 0) {
    const { DatabaseSync } = require('node:sqlite');
    db = new DatabaseSync(workerData.path, { timeout: 0 });
    db.exec('PRAGMA wal_autocheckpoint = 0');
    const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
    const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
    const waitFor = db.prepare('PRAGMA busy_timeout = ' + workerData.restartWaitMs);
    const waitNot = db.prepare('PRAGMA busy_timeout = 0');
    let seen = Atomics.load(control, 1);
    while (Atomics.load(control, 0) === 0) {
      Atomics.wait(control, 1, seen, workerData.idleMs);
      seen = Atomics.load(control, 1);
      if (Atomics.load(control, 0) !== 0) break;
      try {
        const done = passive.get();
        if (done && done.log >= workerData.restartAt) {
          waitFor.run();
          try {
            restart.get();
          } finally {
            waitNot.run();
          }
        }
      } catch {
        // busy (another checkpoint runs, a reader holds on): the next nudge tries again
      }
    }
  }
} catch {
  // the store's connection keeps checkpointing itself
} finally {
  try {
    if (db && db.isOpen) db.close();
  } catch {}
  Atomics.store(control, 2, 1);
  Atomics.notify(control, 2);
}
`;
