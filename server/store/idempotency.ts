import type { Store } from './port.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

/** How often a process deletes expired records (in the time of the writes it sees). */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Remembered responses of writes, kept in the same transaction as the write they describe.
 *
 * A write under an Idempotency-Key runs `claim`, its operation, then `complete`, all in its one
 * transaction. On Postgres `claim` inserts the key first, in one statement that answers either way
 * (an upsert, which waits for a transaction holding the same key uncommitted): a claimed key runs the
 * write, and a taken one answers what its first write stored, so the same key on two replicas at once
 * runs once and the other waits for its answer. Being one statement, the operation's own can be sent
 * behind it in its round trip (Store.gated). `complete` stores the answer in the commit's round trip.
 * On SQLite, whose writers take turns, `claim` looks the key up and `complete` keeps the answer.
 */
export class IdempotencyRecords {
  readonly #store: Store;
  #lastPurge = 0;

  constructor(store: Store) {
    this.#store = store;
  }

  find(keyId: string, key: string, now: Date): Promise<StoredResponse | undefined> {
    return this.#store.get<StoredResponse>(
      'SELECT fingerprint, status, body FROM idempotency WHERE api_key_id = ? AND key = ? AND created_at > ?',
      keyId,
      key,
      cutoff(now),
    );
  }

  async save(keyId: string, key: string, response: StoredResponse, now: Date): Promise<void> {
    await this.#store.run(
      `INSERT INTO idempotency (api_key_id, key, fingerprint, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (api_key_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
         body = excluded.body, created_at = excluded.created_at`,
      keyId,
      key,
      response.fingerprint,
      response.status,
      response.body,
      now.toISOString(),
    );
    // Forget expired records now and then, inside the same write transaction.
    if (now.getTime() - this.#lastPurge > PURGE_EVERY_MS) {
      this.#lastPurge = now.getTime();
      await this.#store.run('DELETE FROM idempotency WHERE created_at <= ?', cutoff(now));
    }
  }

  /**
   * Inside a write transaction, before its operation runs: the answer a write under this key
   * already stored (the caller replays it, or answers 409 for another fingerprint), or undefined
   * when this write is to run; on Postgres the key is then this transaction's until it ends.
   */
  async claim(
    keyId: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): Promise<StoredResponse | undefined> {
    if (this.#store.dialect.name !== 'postgres') return this.find(keyId, key, now);
    // The row as it stands once this statement has it locked: new (status 0, this claim's), an
    // expired one taken over as if absent (the same), or the answer a committed write stored, read
    // even when that write committed after this statement began. Every committed record has a
    // status (complete runs before COMMIT), so status 0 is this claim. Bookkeeping (a note): no
    // cache reads the records.
    const row = await this.#store.note<StoredResponse>(
      `INSERT INTO idempotency (api_key_id, key, fingerprint, status, body, created_at) VALUES (?1, ?2, ?3, 0, '', ?4)
       ON CONFLICT (api_key_id, key) DO UPDATE SET
         fingerprint = CASE WHEN idempotency.created_at <= ?5 THEN excluded.fingerprint ELSE idempotency.fingerprint END,
         status = CASE WHEN idempotency.created_at <= ?5 THEN 0 ELSE idempotency.status END,
         body = CASE WHEN idempotency.created_at <= ?5 THEN '' ELSE idempotency.body END,
         created_at = CASE WHEN idempotency.created_at <= ?5 THEN excluded.created_at ELSE idempotency.created_at END
       RETURNING fingerprint, status, body`,
      keyId,
      key,
      fingerprint,
      now.toISOString(),
      cutoff(now),
    );
    const stored = row.rows[0]!;
    return stored.status === 0 ? undefined : stored;
  }

  /** After the operation, in the same transaction: the answer to replay for this key. */
  async complete(keyId: string, key: string, response: StoredResponse, now: Date): Promise<void> {
    if (this.#store.dialect.name !== 'postgres') return this.save(keyId, key, response, now);
    await this.#store.atCommit(
      'UPDATE idempotency SET status = ?, body = ? WHERE api_key_id = ? AND key = ?',
      response.status,
      response.body,
      keyId,
      key,
    );
    if (now.getTime() - this.#lastPurge > PURGE_EVERY_MS) {
      this.#lastPurge = now.getTime();
      // in a statement of its own once this write commits: the write holds no lock on old records
      const store = this.#store;
      store.afterCommit(() => {
        store.note('DELETE FROM idempotency WHERE created_at <= ?', cutoff(now)).catch(() => {});
      });
    }
  }
}

function cutoff(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
}
