/**
 * The store's files (issue 10): private modes, a warning for a readable data dir, an empty or
 * damaged database refused at start in one line, a read-only data dir named as such, and a local
 * key file that is never overwritten with a new key.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '../server/app/backend.ts';
import { bootstrap } from '../server/app/bootstrap.ts';
import { createServices } from '../server/domain/services.ts';
import { ManualClock } from '../server/lib/clock.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { StoreFileError } from '../server/store/errors.ts';
import { checkStoreFile, dataDirWarning } from '../server/store/sqlite/files.ts';

const root = mkdtempSync(join(tmpdir(), 'adcli-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newDir = () => {
  const d = join(root, `d${++n}`);
  mkdirSync(d, { mode: 0o700 });
  return d;
};
const mode = (f: string) => statSync(f).mode & 0o777;

function servicesOf(store: SqliteStore) {
  return createServices({ store, clock: new ManualClock('2026-03-02T10:00:00.000Z') });
}

describe('modes', () => {
  it('a new store, its write-ahead log and shared memory, and the request journal are 0600', async () => {
    const dir = newDir();
    const store = new SqliteStore(join(dir, 'adcli.db'));
    const { services, controls } = createBackend({
      store,
      clock: new ManualClock('2026-03-02T10:00:00.000Z'),
    });
    await bootstrap(services, { keyFile: join(dir, 'local.key') });
    controls.journal.record({
      workspaceId: 'w',
      keyId: 'k',
      at: '',
      method: 'GET',
      path: '/',
      status: 200,
      durationMs: 1,
      requestId: 'r',
      idempotencyKey: null,
      replayed: false,
      fault: null,
    });
    await controls.journal.flush();
    for (const f of ['adcli.db', 'adcli.db-wal', 'adcli.db-shm', 'requests.db', 'local.key'])
      expect(mode(join(dir, f)), f).toBe(0o600);
    await store.close();
  });

  it("an older store's 0644 files are tightened when it opens", async () => {
    const dir = newDir();
    await new SqliteStore(join(dir, 'adcli.db')).close();
    chmodSync(join(dir, 'adcli.db'), 0o644);
    const store = new SqliteStore(join(dir, 'adcli.db'));
    await store.write(async () => store.run('CREATE TABLE IF NOT EXISTS t (x)'));
    expect(mode(join(dir, 'adcli.db'))).toBe(0o600);
    expect(mode(join(dir, 'adcli.db-wal'))).toBe(0o600);
    await store.close();
  });

  it('warns about a data dir other users can list, not about a private one', () => {
    const dir = newDir();
    expect(dataDirWarning(dir)).toBeNull();
    chmodSync(dir, 0o755);
    expect(dataDirWarning(dir)).toBe(
      `the data dir ${dir} can be listed by other users (mode 0755); its files are private (0600), but to keep even their names private: chmod 700 ${dir}`,
    );
  });
});

describe('files that cannot be used are refused in one line', () => {
  it('an empty database next to a key file: the store was lost, not new', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'adcli.db'), '');
    expect(() => checkStoreFile(join(dir, 'adcli.db'), join(dir, 'local.key'))).not.toThrow();
    writeFileSync(join(dir, 'local.key'), `adcli_${'a'.repeat(40)}\n`);
    expect(() => checkStoreFile(join(dir, 'adcli.db'), join(dir, 'local.key'))).toThrow(
      StoreFileError,
    );
    expect(() => checkStoreFile(join(dir, 'adcli.db'), join(dir, 'local.key'))).toThrow(
      `the store ${join(dir, 'adcli.db')} is empty (0 bytes)`,
    );
  });

  it('a file that is not a database', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'adcli.db'), 'this is a text file, not SQLite\n'.repeat(200));
    let err: unknown;
    try {
      new SqliteStore(join(dir, 'adcli.db'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreFileError);
    expect((err as Error).message).toMatch(
      new RegExp(`^${join(dir, 'adcli.db')} is not an adcli store \\(SQLite: .*\\); move it away`),
    );
    expect((err as Error).message).not.toContain('\n');
  });

  it('a database damaged in the middle opens, and the quick check refuses it', async () => {
    const dir = newDir();
    const path = join(dir, 'adcli.db');
    const store = new SqliteStore(path);
    const services = servicesOf(store);
    await store.write(async () => {
      const ws = await services.workspaces.ensure('acme');
      for (let i = 0; i < 300; i++) {
        await store.run(
          'INSERT INTO brands (id, workspace_id, name, website, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          String(i).padStart(24, '0'),
          ws.id,
          `Brand ${i}`,
          '',
          'x'.repeat(500),
          '',
          '',
        );
      }
    });
    store.quickCheck();
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    await store.close();
    // overwrite pages in the middle of the file (the brands table's b-tree) with garbage
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 3, 0x5a), 0, 4096 * 3, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    let err: unknown;
    try {
      const damaged = new SqliteStore(path);
      try {
        damaged.quickCheck();
      } finally {
        await damaged.close();
      }
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreFileError);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^the store ${path} is damaged \\(SQLite: .+\\); restore it from a copy or a snapshot`,
      ),
    );
    expect((err as Error).message).not.toContain('\n');
  });

  // A read-only file system: a read-only tmpfs needs root (mount); without root, a folder without
  // write permission does (root ignores permissions, so it is not used then).
  const root_ = process.getuid?.() === 0;
  const canMount = root_ && spawnSync('mount', ['--version']).status === 0;
  it.runIf(canMount || !root_)('a read-only data dir is named as such', () => {
    const dir = newDir();
    let unmount = () => {};
    if (root_) {
      const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', dir]);
      expect(r.status, String(r.stderr)).toBe(0);
      unmount = () => void spawnSync('umount', [dir]);
    } else chmodSync(dir, 0o555);
    try {
      expect(() => checkStoreFile(join(dir, 'adcli.db'), join(dir, 'local.key'))).toThrow(
        new RegExp(
          `^the data dir ${dir} is not writable \\((a read-only file system|EACCES)\\); adcli serve keeps its store there`,
        ),
      );
    } finally {
      unmount();
      chmodSync(dir, 0o700);
    }
  });
});

describe('the local key file is never overwritten with a new key', () => {
  it('a key the store does not know (a new store) is registered as it is', async () => {
    const dir = newDir();
    const keyFile = join(dir, 'local.key');
    const key = `adcli_${'K'.repeat(40)}`;
    writeFileSync(keyFile, key + '\n', { mode: 0o600 });
    const store = new SqliteStore(join(dir, 'adcli.db'));
    const services = servicesOf(store);
    const boot = await bootstrap(services, { keyFile });
    expect(boot).toEqual({ workspace: 'default', apiKey: key, created: 'store' });
    expect(readFileSync(keyFile, 'utf8')).toBe(key + '\n');
    expect((await services.keys.authenticate(key))?.workspaceSlug).toBe('default');
    // and on the next start it is simply used
    expect(await bootstrap(services, { keyFile })).toEqual({
      workspace: 'default',
      apiKey: key,
      created: 'nothing',
    });
    await store.close();
  });

  it('a key file that holds no key is refused, not replaced', async () => {
    const dir = newDir();
    const keyFile = join(dir, 'local.key');
    writeFileSync(keyFile, 'my notes\n');
    const store = new SqliteStore(join(dir, 'adcli.db'));
    await expect(bootstrap(servicesOf(store), { keyFile })).rejects.toThrow(
      `${keyFile} does not hold an adcli key; move it away`,
    );
    expect(readFileSync(keyFile, 'utf8')).toBe('my notes\n');
    await store.close();
  });
});
