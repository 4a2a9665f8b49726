import type { IOStreams } from '../../lib/iostreams.ts';
import { inCliWords } from '../../lib/cli-words.ts';
import { count } from '../../lib/numbers.ts';
import { bold, fields, printJson, red, statusText, type Text } from '../../lib/output.ts';

/** A data store's error for people: the API's "import_data_store (POST …)" as the command that imports. */
export function storeError(x: { id: string; error: string }): string {
  return inCliWords(x.error, [
    [
      /\bImport them into data store (\S+) with import_data_store \(POST [^)]*\)\./g,
      'Import them with adcli data-stores import $1 --file FILE (a YouTube Data API export).',
    ],
  ]);
}

/** A data store for people; `extra` fields go first (what an import added). */
export function showDataStore(io: IOStreams, x: any, extra: [string, Text][] = []): void {
  fields(io, [
    ...extra,
    ['ID', x.id],
    ['Name', bold(x.name)],
    ['Status', statusText(x.status)],
    ...(x.error ? ([['Error', red(storeError(x))]] as [string, Text][]) : []),
    ['Scope', x.scope],
    ['Description', x.description],
    ['Channels', count(io, x.channelCount)],
    ['Videos', count(io, x.videoCount)],
    ['Created', x.createdAt],
    ['Updated', x.updatedAt],
    ['Ready', x.readyAt],
  ]);
}

/** A data store record: the API's JSON, or for people. */
export const printDataStore = (io: IOStreams, o: { json?: boolean }, x: unknown) =>
  o.json ? printJson(io, x) : showDataStore(io, x);
