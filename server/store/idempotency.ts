import type { Store } from './port.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

/** Remembered responses of writes, kept in the same transaction as the write they describe. */
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
      new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
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
    if (now.getTime() - this.#lastPurge > 10 * 60 * 1000) {
      this.#lastPurge = now.getTime();
      await this.#store.run(
        'DELETE FROM idempotency WHERE created_at <= ?',
        new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
      );
    }
  }
}
