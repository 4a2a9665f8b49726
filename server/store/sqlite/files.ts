/**
 * The files of a store on disk: private to their owner (0600), in a data dir that should be private
 * too; refused at start, in one line that names the file and what to do, when they cannot be used
 * (empty, damaged, not writable) rather than silently replaced.
 */
import { accessSync, chmodSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreFileError } from '../errors.ts';

/** The files SQLite keeps for a database: the file itself, its write-ahead log and shared memory. */
export function storeFiles(dbPath: string): string[] {
  return [dbPath, `${dbPath}-wal`, `${dbPath}-shm`];
}

/**
 * Makes a database's files readable and writable by their owner only (0600). SQLite creates the
 * -wal and -shm files with the mode of the database file, so a new store is private from its first
 * write; an older store's files are tightened here.
 */
export function makePrivate(dbPath: string): void {
  if (dbPath === ':memory:') return;
  for (const f of storeFiles(dbPath)) {
    try {
      if ((statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // absent (no -wal yet), or someone else's file: leave it
      if (code !== 'ENOENT' && code !== 'EPERM') throw e;
    }
  }
}

/** A warning when the data dir can be read by other users (its files stay 0600), else null. */
export function dataDirWarning(dir: string): string | null {
  let mode: number;
  try {
    mode = statSync(dir).mode & 0o777;
  } catch {
    return null;
  }
  if ((mode & 0o077) === 0) return null;
  return `the data dir ${dir} can be listed by other users (mode ${mode.toString(8).padStart(4, '0')}); its files are private (0600), but to keep even their names private: chmod 700 ${dir}`;
}

/**
 * Checks, before the store is opened, that its data dir can be written and that an existing file
 * is not an empty leftover of a store that had data: a 0-byte database next to a key file means
 * the store was lost (truncated), and opening it would silently start a new, empty one.
 */
export function checkStoreFile(dbPath: string, keyFile: string | null): void {
  const dir = dirname(dbPath);
  if (existsSync(dir)) {
    try {
      accessSync(dir, constants.W_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new StoreFileError(
        `the data dir ${dir} is not writable (${code === 'EROFS' ? 'a read-only file system' : code}); adcli serve keeps its store there: make it writable, or pick another with --data DIR`,
      );
    }
  }
  let size: number;
  try {
    size = statSync(dbPath).size;
  } catch {
    return; // no store yet: a new one is made
  }
  if (size === 0 && keyFile !== null && existsSync(keyFile)) {
    throw new StoreFileError(
      `the store ${dbPath} is empty (0 bytes), but ${keyFile} shows it held data: restore the file from a copy, or move it away to start a new, empty store (the key in ${keyFile} is kept)`,
    );
  }
}

/** The one-line refusal for a store SQLite cannot open or read (not a database, damaged, no access). */
export function unusableStore(dbPath: string, err: unknown): StoreFileError {
  const e = err as { errcode?: number; code?: string; message?: string };
  const sqlite = (e.errcode ?? 0) & 0xff;
  const what = e.message?.replace(/\s+/g, ' ').slice(0, 200) ?? String(err);
  if (sqlite === 26)
    return new StoreFileError(
      `${dbPath} is not an adcli store (SQLite: ${what}); move it away to start a new store, or pick another data dir with --data DIR`,
    );
  if (sqlite === 11)
    return new StoreFileError(
      `the store ${dbPath} is damaged (SQLite: ${what}); restore it from a copy or a snapshot (adcli serve --snapshot FILE), or move it away to start a new store`,
    );
  // SQLite needs room for the store's shared-memory and log files to open it at all.
  const free = sqlite === 13 || sqlite === 10 ? freeBytes(dbPath) : null;
  if (free !== null && free < NEARLY_FULL_BYTES) {
    return new StoreFileError(
      `cannot open the store ${dbPath}: its disk is full (${Math.floor(free / 1024)} KB free; SQLite: ${what}); free some space, or pick another data dir with --data DIR`,
    );
  }
  if (
    sqlite === 8 ||
    sqlite === 14 ||
    e.code === 'EACCES' ||
    e.code === 'EROFS' ||
    e.code === 'EPERM'
  ) {
    return new StoreFileError(
      `cannot open the store ${dbPath} for writing (${what}); make its data dir writable, or pick another with --data DIR`,
    );
  }
  return new StoreFileError(`cannot open the store ${dbPath}: ${what}`);
}

/** Less free space than this on the store's disk explains a failure to open it. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** Bytes free (to this user) on the file system holding a file; null when that cannot be told. */
function freeBytes(path: string): number | null {
  try {
    const s = statfsSync(dirname(path));
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}
