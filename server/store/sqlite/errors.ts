/**
 * What a SQLite error means for adcli: a database busy beyond its timeout or a full disk become the
 * store's typed errors (../errors.ts), and so does a constraint; anything else (a bad statement) stays as it is.
 */
import { StoreBusyError, StoreConstraintError, StoreError, StoreFullError } from '../errors.ts';

/** SQLITE_BUSY: another connection holds the write lock, beyond the busy timeout. */
export function isBusy(err: unknown): boolean {
  const e = err as { errcode?: number; message?: string };
  return (
    (e?.errcode !== undefined && (e.errcode & 0xff) === 5) ||
    /database is locked|SQLITE_BUSY/i.test(e?.message ?? '')
  );
}

/** SQLITE_FULL: the disk (or the file's size limit) is full; the transaction was rolled back. */
export function isFull(err: unknown): boolean {
  const e = err as { errcode?: number; code?: string; message?: string };
  return (
    (e?.errcode !== undefined && (e.errcode & 0xff) === 13) ||
    e?.code === 'ENOSPC' ||
    /database or disk is full|SQLITE_FULL/i.test(e?.message ?? '')
  );
}

/**
 * The typed store error a SQLite failure stands for, or the error itself. A busy store is worth
 * trying again at once: its writers take turns, and this one waited its whole timeout already.
 */
export function toStoreError(err: unknown): unknown {
  if (err instanceof StoreError || !(err instanceof Error)) return err;
  if (isBusy(err)) return new StoreBusyError(err.message, { cause: err, retryAfterS: 1 });
  if (isFull(err)) return new StoreFullError(err.message, { cause: err });
  // SQLITE_CONSTRAINT and its extended codes (unique, foreign key, not null, check)
  const code = (err as { errcode?: number }).errcode;
  if (code !== undefined && (code & 0xff) === 19)
    return new StoreConstraintError(err.message, { cause: err });
  return err;
}
