/** `adcli backend snapshot save|load`: the workspace's records as an SQLite file. */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson, say } from '../../lib/output.ts';
import { describeTarget, explain } from './control-call.ts';

const SNAPSHOT_TYPE = 'application/vnd.sqlite3';
/** Every SQLite file starts with these 16 bytes. */
const SQLITE_MAGIC = 'SQLite format 3\0';

/**
 * `backend snapshot save FILE`: the workspace's records as an SQLite file (never a key). Written to a private temporary file
 * beside FILE (mode 0600, created before the request, so an unwritable folder fails first), synced,
 * then renamed over FILE: never half a snapshot, never readable by others.
 */
export async function snapshotSave(f: Factory, file: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const toStdout = file === '-';
  if (toStdout && io.isStdoutTTY())
    throw usageError(
      'a snapshot is a binary file: give a FILE, or redirect stdout (adcli backend snapshot save - > FILE)',
    );
  const path = toStdout ? '' : resolve(file);
  const tmp = `${path}.${randomUUID().slice(0, 8)}.tmp`;
  let fd: number | undefined;
  if (!toStdout) {
    try {
      fd = openSync(tmp, 'wx', 0o600);
    } catch (e) {
      throw usageError(`cannot write ${file}: ${(e as Error).message.replace(tmp, path)}`);
    }
  }
  try {
    const client = await f.apiClient(o);
    let bytes: Uint8Array;
    try {
      bytes = await client.callBytes('save_snapshot', { mediaType: SNAPSHOT_TYPE });
    } catch (e) {
      throw await explain(client, e, false);
    }
    if (fd === undefined) {
      io.stdout.write(bytes);
      return;
    }
    for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
    if (o.json) printJson(io, { file: path, bytes: bytes.byteLength });
    else
      say(io, `Saved a snapshot of the workspace (${formatBytes(bytes.byteLength)}) to ${file}.`);
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(tmp, { force: true });
    }
  }
}

/** `backend snapshot load FILE`: replaces the workspace's records, after a confirmation or --yes. */
export async function snapshotLoad(f: Factory, file: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw usageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  if (new TextDecoder().decode(bytes.subarray(0, SQLITE_MAGIC.length)) !== SQLITE_MAGIC) {
    throw usageError(
      `${file} is not a snapshot: not an SQLite file (adcli backend snapshot save writes one)`,
    );
  }
  await f.prompter.confirmOrYes(
    {
      question: `Replace everything the workspace holds on ${describeTarget(f, o)} with ${file}?`,
      withoutTerminal: "loading a snapshot (it replaces the workspace's records)",
      declined: 'nothing loaded',
    },
    o.yes,
  );
  const client = await f.apiClient(o);
  let text: string;
  try {
    text = new TextDecoder().decode(
      await client.callBytes('load_snapshot', { body: bytes, mediaType: SNAPSHOT_TYPE }),
    );
  } catch (e) {
    throw await explain(client, e, false);
  }
  const r = JSON.parse(text) as { workspace: string; rows: Record<string, number> };
  if (o.json) printJson(f.io, r);
  else {
    const n = (table: string) => r.rows[table] ?? 0;
    const count = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
    say(
      f.io,
      `Loaded ${file} into workspace ${r.workspace}: ${count(n('campaigns'), 'campaign')}, ${count(n('audiences'), 'saved audience')}, ${count(n('data_stores'), 'data store')}, ${count(n('brands'), 'brand')}.`,
    );
  }
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
