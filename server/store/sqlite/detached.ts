/**
 * SQLite files that are not the store: a snapshot being written or read, the request journal. The
 * driver is named only in server/store/, so the modules above open these files here, and a file a
 * client sent is always opened the same careful way.
 */
import { DatabaseSync } from 'node:sqlite';

export type { DatabaseSync as SqliteFile, SQLInputValue, StatementSync } from 'node:sqlite';

/**
 * A file someone else made (a snapshot a client uploaded): read-only, in SQLite's defensive mode (no
 * writable schema, no shadow-table writes), with no extension loading.
 */
export function openUntrustedFile(path: string): DatabaseSync {
  return new DatabaseSync(path, { readOnly: true, defensive: true, allowExtension: false });
}

/** A file this process makes and owns (a snapshot it writes, the journal); `timeout` waits on a busy file. */
export function openOwnFile(path: string, opts: { timeout?: number } = {}): DatabaseSync {
  return new DatabaseSync(path, {
    allowExtension: false,
    ...(opts.timeout !== undefined ? { timeout: opts.timeout } : {}),
  });
}
