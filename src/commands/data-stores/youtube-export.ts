/**
 * What `data-stores import` reads: {channels, videos, comments}, YouTube Data API list responses or
 * resources, found in a parsed file and checked with the contract's own resource schemas.
 */
import { usageError } from '../../lib/errors.ts';

export type Kind = 'channels' | 'videos' | 'comments';
export const KINDS: Kind[] = ['channels', 'videos', 'comments'];

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

/** Where in a file a value is, for messages: `file.json: items[3].snippet`. */
export function label(source: string, p: (string | number)[]): string {
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
export async function checkItems(items: ImportItem[]): Promise<void> {
  const [yt, { describeIssue }] = await Promise.all([
    import('../../../server/schemas/youtube.ts'),
    import('../../../server/schemas/validation.ts'),
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
