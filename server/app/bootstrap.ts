import { closeSync, openSync, readFileSync, renameSync, writeSync, fsyncSync } from 'node:fs';
import { isWellFormedKey } from '../domain/keys.ts';
import type { Services } from '../domain/services.ts';
import { StoreFileError } from '../store/errors.ts';
import { BOOTSTRAP_LOCK } from '../store/locks.ts';
import { SCOPES } from '../schemas/common.ts';
import { runSeed } from '../seed/index.ts';

export interface BootOptions {
  seed?: 'demo' | undefined;
  /** a seed to load only when the store is empty (the local profile's first use) */
  seedWhenEmpty?: 'demo' | undefined;
  /** where the local all-scopes key is kept (`<data>/local.key`); null for a throw-away store */
  keyFile: string | null;
}

export interface BootResult {
  workspace: string;
  apiKey: string;
  /** what happened on this start, for the start-up message */
  created: 'store' | 'key' | 'nothing';
}

/**
 * Prepares a store for use: on an empty store, a workspace (`demo` with the demo seed, else
 * `default`) and an all-scopes key kept in the key file. An existing key file is never overwritten
 * unless this store revoked its key: a key the store does not know is registered for the workspace. Runs in one write transaction, and the key
 * file is written before it commits, so two processes starting on one empty data dir agree on the key.
 */
export function bootstrap(services: Services, opts: BootOptions): Promise<BootResult> {
  const { store } = services.deps;
  return store.write(async (): Promise<BootResult> => {
    const start = await startStore(services, opts, 'a new all-scopes key is made and kept there');
    if ('done' in start) return start.done;
    const { fresh, slug, ws } = start;
    const { key } = await services.keys.create(ws.id, { name: 'local', scopes: [...SCOPES] });
    if (opts.keyFile) writeSecretFile(opts.keyFile, key + '\n');
    return { workspace: slug, apiKey: key, created: fresh ? 'store' : 'key' };
  });
}

export interface SharedBootResult {
  workspace: string;
  /** null when this process made no key and its key file holds none the database accepts */
  apiKey: string | null;
  created: 'store' | 'key' | 'nothing';
  /** with apiKey null: the key file holds a key the database revoked (else it has none) */
  revokedKey?: boolean;
}

/**
 * `bootstrap` for a database shared by replicas (Postgres): on an empty database, one workspace and
 * one all-scopes key, whichever replicas start together (each takes the `bootstrap` lock first, so
 * the ones after the first find the workspace it made). Only the replica that made the
 * database's first key writes it to its key file, after the commit (a run that is retried must not
 * leave a key that was never stored). A replica that finds the database in use and has no accepted
 * key in its file makes none: keys are made on purpose, with `adcli serve keys create --database`.
 * A key file holding a key the database does not know is registered, as on SQLite.
 */
export async function bootstrapShared(
  services: Services,
  opts: BootOptions,
): Promise<SharedBootResult> {
  const { store } = services.deps;
  const result = await store.write(async (): Promise<SharedBootResult & { write?: string }> => {
    const start = await startStore(services, opts, 'adcli serve keys create makes a new one');
    if ('done' in start) return start.done;
    const { fresh, slug, ws, existing } = start;
    if (!fresh)
      return {
        workspace: slug,
        apiKey: null,
        created: 'nothing',
        ...(existing !== null ? { revokedKey: true } : {}),
      };
    const { key } = await services.keys.create(ws.id, { name: 'local', scopes: [...SCOPES] });
    return {
      workspace: slug,
      apiKey: key,
      created: 'store',
      ...(opts.keyFile ? { write: key } : {}),
    };
  });
  const { write, ...out } = result;
  if (write !== undefined && opts.keyFile) writeSecretFile(opts.keyFile, write + '\n');
  return out;
}

type StoreStart =
  | { done: BootResult }
  | { fresh: boolean; slug: string; ws: { id: string }; existing: string | null };

/**
 * What both bootstraps do first, inside their transaction: seed or make the first workspace of an
 * empty store, and settle the key file: a key the store accepts ends it (done); a key the store does
 * not know (the store was made anew) is registered as it is, never overwritten. Otherwise it says
 * which workspace a new key would be for.
 */
async function startStore(
  services: Services,
  opts: BootOptions,
  whenNotAKey: string,
): Promise<StoreStart> {
  // Replicas starting together take turns: in READ COMMITTED each statement sees the latest commit,
  // so without it one could count no workspace, then find the one another just made, and think
  // itself first (two first keys).
  await services.deps.store.lock(BOOTSTRAP_LOCK);
  const fresh = (await services.workspaces.count()) === 0;
  const seed = opts.seed ?? (fresh ? opts.seedWhenEmpty : undefined);
  if (seed === 'demo') await runSeed(services, 'demo');
  if (fresh && seed !== 'demo') await services.workspaces.ensure('default');

  const existing = opts.keyFile ? readKeyFile(opts.keyFile) : null;
  const valid = existing ? await services.keys.authenticate(existing) : null;
  if (existing && valid)
    return { done: { workspace: valid.workspaceSlug, apiKey: existing, created: 'nothing' } };

  const slug = fresh ? (seed === 'demo' ? 'demo' : 'default') : await oldestWorkspace(services);
  const ws = (await services.workspaces.bySlug(slug))!;
  if (existing !== null && !isWellFormedKey(existing)) {
    throw new StoreFileError(
      `${opts.keyFile} does not hold an adcli key; move it away, and ${whenNotAKey}`,
    );
  }
  if (existing !== null && !(await services.keys.known(existing))) {
    await services.keys.adopt(ws.id, existing, { name: 'local', scopes: [...SCOPES] });
    return { done: { workspace: slug, apiKey: existing, created: fresh ? 'store' : 'key' } };
  }
  return { fresh, slug, ws, existing };
}

async function oldestWorkspace(services: Services): Promise<string> {
  return (await services.deps.store.get<{ slug: string }>(
    'SELECT slug FROM workspaces ORDER BY created_at, id LIMIT 1',
  ))!.slug;
}

export function readKeyFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Written to a temporary file with mode 0600, synced, then renamed: never half a key, never world-readable. */
export function writeSecretFile(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
