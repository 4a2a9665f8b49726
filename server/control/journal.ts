import { AsyncLocalStorage } from 'node:async_hooks';
import type { Store } from '../store/port.ts';
import type { ContractViolation, JournalEntry, NewJournalEntry } from './journal-entry.ts';
import {
  PostgresJournalTable,
  SqliteJournalFile,
  type EntryRow,
  type JournalSink,
} from './journal-sink.ts';

/** How long an entry may wait to be written with others. */
const FLUSH_MS = 500;
/** Journals of this process on SQLite, written out when it exits. */
const openJournals = new Set<RequestJournal>();
let exitHooked = false;

/**
 * Runs a function in the async context of this module's loading: outside every store transaction. A
 * journal listed from inside a request's read transaction writes its pending entries first, and a
 * read-only transaction could not.
 */
const outsideTransactions = AsyncLocalStorage.snapshot();

/** How many requests a workspace's journal keeps: the newest ones. */
export const JOURNAL_SIZE = 1000;

/**
 * The request journal of adcli serve: the last requests of each workspace.
 *
 * Beside a SQLite store it is a file of its own (journal-sink.ts: requests.db; in memory beside an
 * in-memory store). On Postgres it is a table of the database, so the journal of a workspace lists
 * the requests every replica served. Either way entries are written in batches a moment after their
 * request, off its path; a batch that cannot be written (a busy file, an unreachable database) waits
 * for the next one.
 */
export class RequestJournal {
  readonly #sink: JournalSink;
  /** the sink writes synchronously (SQLite): a process that exits can still write what is pending */
  readonly #sync: boolean;
  /** entries not written yet, by workspace; only the newest JOURNAL_SIZE of each can matter */
  #pending = new Map<string, NewJournalEntry[]>();
  #sinceTrim = 0;
  /** workspaces with rows written since the last trim */
  readonly #untrimmed = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  /** the batch being written (Postgres), so writes follow one another */
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(store: Store) {
    this.#sync = store.dialect.name !== 'postgres';
    this.#sink = this.#sync ? new SqliteJournalFile(store) : new PostgresJournalTable(store);
    // On Postgres the store awaits this before its connections close: the last batch is written.
    store.onClose(() => this.close());
    if (!this.#sync) return;
    openJournals.add(this);
    if (!exitHooked) {
      exitHooked = true;
      process.once('exit', () => openJournals.forEach((j) => void j.close()));
    }
  }

  /**
   * Notes a request. Entries are written in batches a moment later, off the request's path; a process
   * that exits (a CLI command on the local profile) writes what is pending on its way out.
   */
  record(entry: NewJournalEntry): void {
    if (this.#closed) return;
    let list = this.#pending.get(entry.workspaceId);
    if (!list) this.#pending.set(entry.workspaceId, (list = []));
    list.push(entry);
    // A busy workspace outruns the journal's size between two writes: older entries would only be
    // trimmed after being written, so they are dropped here (in batches, to keep this cheap).
    if (list.length >= 2 * JOURNAL_SIZE) list.splice(0, list.length - JOURNAL_SIZE);
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.flush();
    }, FLUSH_MS);
    this.#timer.unref();
  }

  /**
   * Writes what is pending (the newest JOURNAL_SIZE of each workspace). Never rejects: entries that
   * could not be written are kept for the next time.
   */
  flush(): Promise<void> {
    if (this.#sync) {
      this.#flushNow();
      return Promise.resolve();
    }
    this.#writing = this.#writing.then(() => outsideTransactions(() => this.#flushAsync()));
    return this.#writing;
  }

  /** The batch to write: the newest JOURNAL_SIZE entries of each workspace, and which to trim after. */
  #take(): {
    entries: NewJournalEntry[];
    trim: string[];
    taken: Map<string, NewJournalEntry[]>;
  } | null {
    if (this.#pending.size === 0) return null;
    const taken = this.#pending;
    this.#pending = new Map();
    const entries: NewJournalEntry[] = [];
    for (const [workspaceId, list] of taken) {
      entries.push(...list.slice(-JOURNAL_SIZE));
      this.#untrimmed.add(workspaceId);
    }
    this.#sinceTrim += entries.length;
    // Keep the newest JOURNAL_SIZE of each workspace written to: trimmed once per JOURNAL_SIZE rows,
    // so a busy server pays for it on one write in many, never per request.
    let trim: string[] = [];
    if (this.#sinceTrim >= JOURNAL_SIZE) {
      trim = [...this.#untrimmed];
      this.#sinceTrim = 0;
      this.#untrimmed.clear();
    }
    return { entries, trim, taken };
  }

  /** Puts a batch that could not be written back in front of what came since. */
  #giveBack(taken: Map<string, NewJournalEntry[]>, trim: string[]): void {
    for (const [workspaceId, list] of taken) {
      const merged = [...list, ...(this.#pending.get(workspaceId) ?? [])];
      this.#pending.set(
        workspaceId,
        merged.length > JOURNAL_SIZE ? merged.slice(-JOURNAL_SIZE) : merged,
      );
    }
    for (const w of trim) this.#untrimmed.add(w);
  }

  #flushNow(): void {
    const batch = this.#take();
    if (!batch) return;
    try {
      void this.#sink.write(batch.entries, batch.trim, JOURNAL_SIZE);
    } catch {
      // Busy (another process writes its journal): the entries wait for the next write.
      this.#giveBack(batch.taken, batch.trim);
    }
  }

  async #flushAsync(): Promise<void> {
    const batch = this.#take();
    if (!batch) return;
    try {
      await this.#sink.write(batch.entries, batch.trim, JOURNAL_SIZE);
    } catch {
      // The database cannot be reached: the entries wait for the next write.
      this.#giveBack(batch.taken, batch.trim);
    }
  }

  /**
   * The workspace's requests after `after` (a seq), oldest first, at most `limit` (the newest ones);
   * with `keyId`, only the requests that key made.
   */
  async list(
    workspaceId: string,
    opts: { after?: number; limit: number; keyId?: string | null; violations?: boolean },
  ): Promise<JournalEntry[]> {
    await this.flush();
    const rows = await this.#sink.list(
      workspaceId,
      opts.after ?? 0,
      Math.min(opts.limit, JOURNAL_SIZE),
      opts.keyId ?? null,
      opts.violations ?? false,
    );
    return rows.reverse().map(toEntry);
  }

  /** How many entries of the workspace are kept (between two trims, up to twice JOURNAL_SIZE). */
  async count(workspaceId: string): Promise<number> {
    await this.flush();
    return this.#sink.count(workspaceId);
  }

  /** Forgets the workspace's requests (a reset); inside the reset's transaction on Postgres. */
  async clear(workspaceId: string): Promise<number> {
    // a batch on its way holding some of them lands first, to be deleted with the rest
    await this.#writing;
    this.#pending.delete(workspaceId);
    return this.#sink.clear(workspaceId);
  }

  /** Writes what is pending and closes; on Postgres the promise ends when the last batch is written. */
  close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const last = this.#closed ? this.#writing : this.flush();
    this.#closed = true;
    if (this.#sync) {
      this.#sink.close();
      openJournals.delete(this);
    }
    return last;
  }
}

function toEntry(r: EntryRow): JournalEntry {
  return {
    seq: r.seq,
    at: r.at,
    method: r.method,
    path: r.path,
    status: r.status,
    durationMs: Math.round(r.duration_ms * 10) / 10,
    requestId: r.request_id,
    idempotencyKey: r.idempotency_key,
    replayed: r.replayed === 1,
    fault: r.fault,
    violations: r.violations ? (JSON.parse(r.violations) as ContractViolation[]) : [],
  };
}
