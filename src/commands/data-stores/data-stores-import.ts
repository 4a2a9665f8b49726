import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { BOUNDS } from '../../generated/contract.ts';
import type { DataStore } from '../../generated/responses.ts';
import { checkIdempotencyKey } from '../../lib/client.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { notice, printJson, progress as progressLine, say } from '../../lib/output.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { batchBody, packBatches } from './import-batches.ts';
import { showDataStore } from './print-data-store.ts';
import { failedStore, waitForStore, type WaitFlags } from './wait-for-data-store.ts';
import { checkItems, routeItems, type ImportItem } from './youtube-export.ts';

async function readSource(io: IOStreams, file: string): Promise<string> {
  if (file === '-') {
    if (io.isStdinTTY()) notice(io, 'Reading JSON from the terminal; end it with Ctrl-D.');
    return io.readAll();
  }
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    throw usageError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function importFiles(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & { file?: string[] }>(cmd);
  const io = f.io;
  const op = await operation('import_data_store');
  await validateLocally(op.params!, { dataStoreId: id }, 'path');
  const files = o.file ?? [];
  if (files.length === 0)
    throw usageError('--file is required: a JSON file to import, or - for stdin');
  if (files.filter((f) => f === '-').length > 1)
    throw usageError('--file - (stdin) can be given once');

  const items: ImportItem[] = [];
  for (const file of files) {
    const source = file === '-' ? 'stdin' : file;
    const text = await readSource(io, file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw usageError(`${source} is not JSON: ${(e as Error).message}`);
    }
    routeItems(parsed, source, [], undefined, items);
  }
  if (items.length === 0)
    throw usageError(
      `nothing to import: no channels, videos or comments in ${files.map((f) => (f === '-' ? 'stdin' : f)).join(', ')}`,
    );
  await checkItems(items);
  const batches = packBatches(items);
  // Each batch has its own key: KEY-1, KEY-2, … when --idempotency-key is given, generated otherwise.
  const baseKey = checkIdempotencyKey(
    o.idempotencyKey,
    BOUNDS.idempotencyKey.max - `-${batches.length}`.length,
  );
  const bodies = batches.map(batchBody);
  for (const body of bodies) await validateLocally(op.body!, body, 'body');

  const client = await f.apiClient(o);
  const imported = { channels: 0, videos: 0, comments: 0 };
  let dataStore: unknown;
  const progress = io.isStderrTTY() && bodies.length > 1;
  for (const [i, body] of bodies.entries()) {
    if (progress) progressLine(io, `importing ${i + 1}/${bodies.length}…`);
    let r: any;
    try {
      r = await client.call<any>('import_data_store', {
        params: { dataStoreId: id },
        body,
        idempotencyKey: baseKey ? `${baseKey}-${i + 1}` : undefined,
      });
    } catch (e) {
      if (progress) progressLine(io);
      if (i > 0 && !o.json && e instanceof CliError) {
        say(
          io,
          `adcli: requests 1-${i} of ${bodies.length} were imported (${imported.channels} channels, ${imported.videos} videos, ${imported.comments} comments); importing again is safe, items are updated, not doubled.`,
        );
      }
      throw e;
    }
    imported.channels += r.imported.channels;
    imported.videos += r.imported.videos;
    imported.comments += r.imported.comments;
    dataStore = r.dataStore;
  }
  if (progress) progressLine(io);
  // Importing does not start a collection, but the store may be collecting its sources already.
  if (o.wait) dataStore = await waitForStore(f, o, client, dataStore as DataStore);
  if (o.json) printJson(io, { dataStore, imported });
  else {
    showDataStore(io, dataStore, [
      [
        'Imported',
        `${plural(imported.channels, 'channel')}, ${plural(imported.videos, 'video')}, ${plural(imported.comments, 'comment')} in ${plural(bodies.length, 'request')}`,
      ],
    ]);
  }
  if (o.wait) failedStore(dataStore as DataStore);
}
