import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { BOUNDS } from '../generated/contract.ts';
import type { DataStore } from '../generated/responses.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import { runList, type ListFlags } from '../lib/list.ts';
import {
  bold,
  fields,
  notice,
  printJson,
  progress as progressLine,
  red,
  say,
  statusText,
  table,
  type Text,
} from '../lib/output.ts';
import { route } from '../lib/route.ts';
import { operation, validateLocally } from '../lib/validate.ts';
import { checkIdempotencyKey, type ApiClient } from '../lib/client.ts';
import { askName, bodyFrom, crud, when } from '../lib/crud.ts';
import { follow } from '../lib/wait.ts';

/** Flag name → API field. */
const FLAGS = {
  name: 'name',
  description: 'description',
  channel: 'channelIds',
  video: 'videoIds',
};

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

const resource = crud({
  noun: 'data store',
  command: 'data-stores',
  idParam: 'dataStoreId',
  flags: FLAGS,
  show: (io, x) => showDataStore(io, x),
  head: [
    { header: 'ID', cut: false },
    'NAME',
    { header: 'STATUS', cut: false },
    { header: 'SCOPE', cut: false, drop: 4 },
    { header: 'CHANNELS', cut: false, drop: 3, align: 'right' },
    { header: 'VIDEOS', cut: false, drop: 2, align: 'right' },
    { header: 'UPDATED', cut: false, drop: 1 },
  ],
  row: (_io, x) => [
    x.id,
    x.name,
    statusText(x.status),
    x.scope,
    x.channelCount,
    x.videoCount,
    when(x.updatedAt),
  ],
  listQuery: (o) => ({ includeLibrary: o.includeLibrary ? 'true' : undefined }),
  afterCreate: (io, o, r) => {
    if (r.status === 'collecting' && !o.json)
      notice(
        io,
        `Collecting in the background; adcli data-stores get ${r.id} --wait waits until it is ready.`,
      );
  },
});
export const { list, update, remove } = resource;

type WaitFlags = { wait?: boolean; waitTimeout: number; json?: boolean };

/**
 * `--wait` on a data store: polls it while it is collecting (the shared --wait: spinner or progress
 * lines, exit 8 on timeout, 130 on Ctrl-C). Answers the settled store; one that ended in error is
 * the caller's to print before `failedStore` ends the command with exit 10.
 */
async function waitForStore(
  f: Factory,
  o: WaitFlags,
  client: ApiClient,
  store: DataStore,
): Promise<DataStore> {
  const id = store.id;
  return follow<DataStore>(f, {
    client,
    initial: store,
    poll: (signal) =>
      client.call<DataStore>('get_data_store', { params: { dataStoreId: id }, signal }),
    settled: (x) => x.status !== 'collecting',
    describe: (x) => `data store ${id} ${x.status}`,
    spinnerText: (x) => `Collecting data store ${id}: ${x.status}`,
    timeoutMs: o.waitTimeout,
    json: o.json,
    job: 'the collection',
    still: 'still collecting',
    resume: `See it with adcli data-stores get ${id}, or keep waiting with adcli data-stores get ${id} --wait`,
  });
}

/** Exit 10 for a store whose collection ended in error, with the store's own message. */
function failedStore(x: DataStore): void {
  if (x.status !== 'error') return;
  throw new CliError(
    `data store ${x.id} ended in error: ${x.error || 'no reason given'}`,
    EXIT.jobFailed,
  );
}

const output = (io: IOStreams, o: { json?: boolean }, x: unknown) =>
  o.json ? printJson(io, x) : showDataStore(io, x);

export async function get(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags>(cmd);
  if (!o.wait) return resource.get(f, id, cmd);
  await validateLocally((await operation('get_data_store')).params!, { dataStoreId: id }, 'path');
  const client = await f.apiClient(o);
  const x = await waitForStore(
    f,
    o,
    client,
    await client.call<DataStore>('get_data_store', { params: { dataStoreId: id } }),
  );
  output(f.io, o, x);
  failedStore(x);
}

export async function create(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & Record<string, unknown>>(cmd);
  if (!o.wait) return resource.create(f, cmd);
  const body = bodyFrom(o, FLAGS);
  if (body.name === undefined) body.name = await askName(f.prompter, 'Data store');
  await validateLocally((await operation('create_data_store')).body!, body, 'body');
  const client = await f.apiClient(o);
  const created = await client.call<DataStore>('create_data_store', {
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const x = await waitForStore(f, o, client, created);
  output(f.io, o, x);
  failedStore(x);
}

export async function channels(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  const op = await operation('list_data_store_channels');
  await validateLocally(op.params!, { dataStoreId: id }, 'path');
  const client = await f.apiClient(o);
  await runList<any>(
    f.io,
    client,
    route('list_data_store_channels', { dataStoreId: id }).path,
    {},
    o,
    {
      render: (items) =>
        table(
          f.io,
          [
            { header: 'CHANNEL ID', cut: false },
            'TITLE',
            { header: 'HANDLE', drop: 3 },
            { header: 'COUNTRY', cut: false, drop: 1 },
            { header: 'SUBSCRIBERS', cut: false, drop: 2, align: 'right' },
            { header: 'VIDEOS', cut: false, align: 'right' },
          ],
          items.map((x) => [
            x.channelId,
            x.title,
            x.handle,
            x.country,
            x.subscribers,
            x.videoCount,
          ]),
        ),
      empty: `Data store ${id} has no channels yet.`,
    },
  );
}

export async function videos(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags & { channel?: string }>(cmd);
  const op = await operation('list_data_store_videos');
  await validateLocally(op.params!, { dataStoreId: id }, 'path');
  await validateLocally(op.query!, { channelId: o.channel, limit: o.limit }, 'query');
  const client = await f.apiClient(o);
  await runList<any>(
    f.io,
    client,
    route('list_data_store_videos', { dataStoreId: id }).path,
    { channelId: o.channel },
    o,
    {
      render: (items) =>
        table(
          f.io,
          [
            { header: 'VIDEO ID', cut: false },
            { header: 'CHANNEL ID', cut: false, drop: 2 },
            'TITLE',
            { header: 'PUBLISHED', cut: false, drop: 5 },
            { header: 'VIEWS', cut: false, align: 'right' },
            { header: 'LIKES', cut: false, drop: 4, align: 'right' },
            { header: 'COMMENTS', cut: false, drop: 3, align: 'right' },
            { header: 'DURATION', cut: false, drop: 1 },
          ],
          items.map((x) => [
            x.videoId,
            x.channelId,
            x.title,
            x.publishedAt?.slice(0, 10),
            x.viewCount,
            x.likeCount,
            x.commentCount,
            x.duration,
          ]),
        ),
      empty: o.channel
        ? `No videos of channel ${o.channel} in data store ${id}.`
        : `Data store ${id} has no videos yet.`,
    },
  );
}

// import

type Kind = 'channels' | 'videos' | 'comments';
const KINDS: Kind[] = ['channels', 'videos', 'comments'];

/** One resource to import, and where it came from (for messages). */
export interface ImportItem {
  kind: Kind;
  value: Record<string, unknown>;
  source: string;
  path: (string | number)[];
}

const RESOURCE_KINDS: Record<string, Kind> = {
  'youtube#channel': 'channels',
  'youtube#video': 'videos',
  'youtube#commentThread': 'comments',
  'youtube#comment': 'comments',
};
const LIST_KINDS: Record<string, Kind> = {
  'youtube#channelListResponse': 'channels',
  'youtube#videoListResponse': 'videos',
  'youtube#commentThreadListResponse': 'comments',
  'youtube#commentListResponse': 'comments',
};

/** Per request, under the contract's limits: counts (importLimits) and 1 MB of body (413 above it). */
export const IMPORT_LIMITS = {
  channels: BOUNDS.importChannels.max,
  videos: BOUNDS.importVideos.max,
  comments: BOUNDS.importComments.max,
} as const;
export const MAX_BATCH_BYTES = 1_000_000;

function label(source: string, p: (string | number)[]): string {
  const field = p.reduce<string>(
    (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k),
    '',
  );
  return field ? `${source}: ${field}` : source;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Finds the resources in one parsed file: a {channels, videos, comments} object, a YouTube Data API
 * list response (its items routed by kind), a single resource, or an array of any of these.
 */
export function routeItems(
  value: unknown,
  source: string,
  p: (string | number)[] = [],
  hint?: Kind,
  out: ImportItem[] = [],
): ImportItem[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => routeItems(v, source, [...p, i], hint, out));
    return out;
  }
  if (!isObject(value))
    throw usageError(
      `${label(source, p)} must be a JSON object or array, not ${value === null ? 'null' : typeof value}`,
    );
  const kind = value.kind;
  if (typeof kind === 'string' && kind.endsWith('ListResponse')) {
    const k = LIST_KINDS[kind];
    if (!k)
      throw usageError(
        `${label(source, p)}: a ${kind} cannot be imported; use channels, videos, commentThreads or comments list responses`,
      );
    if (!Array.isArray(value.items))
      throw usageError(`${label(source, [...p, 'items'])} must be an array`);
    return routeItems(value.items, source, [...p, 'items'], k, out);
  }
  if (typeof kind === 'string') {
    const k = RESOURCE_KINDS[kind];
    if (!k)
      throw usageError(
        `${label(source, p)}: a ${kind} cannot be imported; give youtube#channel, youtube#video, youtube#commentThread or youtube#comment resources`,
      );
    out.push({ kind: k, value, source, path: p });
    return out;
  }
  if (hint) {
    out.push({ kind: hint, value, source, path: p });
    return out;
  }
  const keys = Object.keys(value);
  if (keys.length && keys.every((k) => (KINDS as string[]).includes(k))) {
    for (const k of KINDS) {
      if (value[k] === undefined) continue;
      if (!Array.isArray(value[k]))
        throw usageError(`${label(source, [...p, k])} must be an array`);
      routeItems(value[k], source, [...p, k], k, out);
    }
    return out;
  }
  const unknown = keys.filter((k) => !(KINDS as string[]).includes(k));
  if (keys.some((k) => (KINDS as string[]).includes(k))) {
    throw usageError(
      `${label(source, p)}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  }
  throw usageError(
    `${label(source, p)}: cannot tell what this is; give {channels, videos, comments}, a YouTube Data API list response, or resources with a kind (youtube#channel, youtube#video, youtube#commentThread, youtube#comment)`,
  );
}

/** Checks every item with the contract's own resource schemas, naming the file and the field. */
async function checkItems(items: ImportItem[]): Promise<void> {
  const [yt, { describeIssue }] = await Promise.all([
    import('../../server/schemas/youtube.ts'),
    import('../../server/http/validation.ts'),
  ]);
  for (const item of items) {
    const schema =
      item.kind === 'channels'
        ? yt.ytChannel
        : item.kind === 'videos'
          ? yt.ytVideo
          : item.value.kind === 'youtube#commentThread'
            ? yt.ytCommentThread
            : yt.ytComment;
    const r = schema.safeParse(item.value, { reportInput: true });
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const msg = describeIssue(
        { ...issue, path: [...item.path, ...issue.path] } as typeof issue,
        'body',
      );
      throw usageError(`${item.source}: ${msg}`);
    }
    if (item.kind === 'comments') {
      const v = r.data as any;
      const videoId =
        v.kind === 'youtube#commentThread'
          ? (v.snippet.videoId ?? v.snippet.topLevelComment.snippet.videoId)
          : v.snippet.videoId;
      if (!videoId)
        throw usageError(
          `${label(item.source, [...item.path, 'snippet', 'videoId'])} is required (the video the comment belongs to)`,
        );
    }
  }
}

export interface Batch {
  channels: unknown[];
  videos: unknown[];
  comments: unknown[];
}

/**
 * Packs the items, channels first, then videos, then comments, into as few requests as fit the
 * per-request counts and stay under MAX_BATCH_BYTES of JSON. Order is kept across and within
 * requests (the server handles channels, then videos, then comments of one request), so a
 * comment's video always arrives no later than the comment.
 */
export function packBatches(
  items: ImportItem[],
  maxBytes = MAX_BATCH_BYTES,
  limits: Record<Kind, number> = IMPORT_LIMITS,
): Batch[] {
  // `{` `}` and, per kind, `"comments":[` `]` and a comma: an upper bound of the frame.
  const frame = 2 + KINDS.length * 15;
  const ordered = KINDS.flatMap((k) => items.filter((i) => i.kind === k));
  const batches: Batch[] = [];
  let cur: Batch = { channels: [], videos: [], comments: [] };
  let bytes = frame;
  let count = 0;
  for (const item of ordered) {
    const size = Buffer.byteLength(JSON.stringify(item.value)) + 1;
    if (size + frame > maxBytes) {
      throw usageError(
        `${label(item.source, item.path)} is ${size - 1} bytes of JSON, more than fits in one request (1 MB)`,
      );
    }
    if (count > 0 && (bytes + size > maxBytes || cur[item.kind].length >= limits[item.kind])) {
      batches.push(cur);
      cur = { channels: [], videos: [], comments: [] };
      bytes = frame;
      count = 0;
    }
    cur[item.kind].push(item.value);
    bytes += size;
    count++;
  }
  if (count) batches.push(cur);
  return batches;
}

/** The request body of a batch: only the kinds it holds. */
export const batchBody = (b: Batch) =>
  Object.fromEntries(KINDS.filter((k) => b[k].length).map((k) => [k, b[k]]));

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
