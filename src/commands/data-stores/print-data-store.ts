import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import { when } from '../../lib/crud.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { inCliWords } from '../../lib/cli-words.ts';
import { count } from '../../lib/numbers.ts';
import { bold, fields, printJson, red, statusText, type Text } from '../../lib/output.ts';
import { declaredFields } from '../../lib/resource-flags.ts';

/**
 * A data store's error for people, in the CLI's words: the API's "import_data_store (POST …)" as
 * the command that imports, its "PATCH it to collect again" as the update that does (giving the
 * sources again collects them again). Sources that are not in the catalog of a backend without a
 * YouTube key are said to need one: ADCLI_YOUTUBE_API_KEY (the local profile's and adcli serve's).
 */
export function storeError(x: { id: string; error: string }): string {
  const again = `adcli data-stores update ${x.id} --channel ID… --video ID… (its sources, the same ones will do)`;
  let said = inCliWords(x.error, [
    [
      /\b([Ii])mport them into data store (\S+) with import_data_store \(POST [^)]*\)\./g,
      '$1mport them with adcli data-stores import $2 --file FILE (a YouTube Data API export).',
    ],
    [/\b(?:[Cc]hange its sources or )?PATCH it to collect again\b/g, `collect again with ${again}`],
  ]);
  // no YouTube source at all: the catalog was all there was (the API says only "content catalog")
  if (/sources? (?:is|are) not in the content catalog|is in the content catalog/.test(x.error))
    said += ` Or let the backend collect them from YouTube: set ADCLI_YOUTUBE_API_KEY (a YouTube Data API key) where it runs, then ${again}.`;
  return said;
}

/** The declared fields this layout words itself, in its own place. */
const WORDED_HERE = new Set(['name', 'description']);

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
    // a field declared since (server/schemas/data-store.ts) is shown as its value
    ...declaredFields(
      RESOURCE_FLAGS.data_store.filter((f) => !WORDED_HERE.has(f.field)),
      x,
    ),
    ['Channels', count(io, x.channelCount)],
    ['Videos', count(io, x.videoCount)],
    ['Created', when(x.createdAt)],
    ['Updated', when(x.updatedAt)],
    ['Ready', when(x.readyAt)],
  ]);
}

/** A data store record: the API's JSON, or for people. */
export const printDataStore = (io: IOStreams, o: { json?: boolean }, x: unknown) =>
  o.json ? printJson(io, x) : showDataStore(io, x);
