import type { IOStreams } from '../../lib/iostreams.ts';
import { bold, fields, printJson, red, statusText, type Text } from '../../lib/output.ts';

/** A data store for people; `extra` fields go first (what an import added). */
export function showDataStore(io: IOStreams, x: any, extra: [string, Text][] = []): void {
  fields(io, [
    ...extra,
    ['ID', x.id],
    ['Name', bold(x.name)],
    ['Status', statusText(x.status)],
    ...(x.error ? ([['Error', red(x.error)]] as [string, Text][]) : []),
    ['Scope', x.scope],
    ['Description', x.description],
    ['Channels', x.channelCount],
    ['Videos', x.videoCount],
    ['Created', x.createdAt],
    ['Updated', x.updatedAt],
    ['Ready', x.readyAt],
  ]);
}

/** A data store record: the API's JSON, or for people. */
export const printDataStore = (io: IOStreams, o: { json?: boolean }, x: unknown) =>
  o.json ? printJson(io, x) : showDataStore(io, x);
