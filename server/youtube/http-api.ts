/**
 * The YouTube Data API v3 over HTTP: the port's four list calls as GET requests to
 * `{baseUrl}/channels`, `/playlistItems`, `/videos` and `/commentThreads`.
 *
 * The API key travels in the `X-Goog-Api-Key` header (as Google's own client libraries send it),
 * never in the URL, so no URL this client makes (in a proxy's access log, in an error) holds it. It
 * is kept in a private field, and every message this client builds has it cut out as well, whatever
 * the other side echoes back.
 */
import { errorKind, YouTubeApiError, type YouTubeApi, type YouTubePage } from './port.ts';

export const DEFAULT_YOUTUBE_BASE_URL = 'https://www.googleapis.com/youtube/v3';
/** The API's default daily quota for a project, in units. */
export const DEFAULT_YOUTUBE_QUOTA = 10_000;
/** How long one request may take before it counts as unavailable (retried later). */
const REQUEST_TIMEOUT_MS = 20_000;

export interface YouTubeHttpOptions {
  apiKey: string;
  /** default https://www.googleapis.com/youtube/v3 */
  baseUrl?: string | undefined;
  /** a test's fetch; default the global one */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class YouTubeHttpApi implements YouTubeApi {
  readonly #key: string;
  readonly #base: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(opts: YouTubeHttpOptions) {
    if (!opts.apiKey) throw new Error('a YouTube Data API key is needed');
    this.#key = opts.apiKey;
    this.#base = (opts.baseUrl ?? DEFAULT_YOUTUBE_BASE_URL).replace(/\/+$/, '');
    this.#fetch = opts.fetch ?? fetch;
    this.#timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  /** Where requests go (never the key). */
  get baseUrl(): string {
    return this.#base;
  }

  listChannels(ids: readonly string[]): Promise<YouTubePage> {
    return this.#list('channels', {
      part: 'snippet,statistics,contentDetails,topicDetails,brandingSettings',
      id: batch(ids),
      maxResults: String(ids.length),
    });
  }

  listPlaylistItems(
    playlistId: string,
    opts: { maxResults: number; pageToken?: string | undefined },
  ): Promise<YouTubePage> {
    return this.#list('playlistItems', {
      part: 'contentDetails',
      playlistId,
      maxResults: String(opts.maxResults),
      ...(opts.pageToken ? { pageToken: opts.pageToken } : {}),
    });
  }

  listVideos(ids: readonly string[]): Promise<YouTubePage> {
    return this.#list('videos', {
      part: 'snippet,statistics,contentDetails,topicDetails',
      id: batch(ids),
      maxResults: String(ids.length),
    });
  }

  listCommentThreads(videoId: string, opts: { maxResults: number }): Promise<YouTubePage> {
    return this.#list('commentThreads', {
      part: 'snippet',
      videoId,
      maxResults: String(opts.maxResults),
      order: 'relevance',
      textFormat: 'plainText',
    });
  }

  async #list(resource: string, params: Record<string, string>): Promise<YouTubePage> {
    const url = `${this.#base}/${resource}?${new URLSearchParams(params).toString()}`;
    const what = `${resource}.list`;
    let res: Response;
    let text: string;
    try {
      res = await this.#fetch(url, {
        headers: { 'x-goog-api-key': this.#key, accept: 'application/json' },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      const why =
        e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
          ? `no answer within ${Math.round(this.#timeoutMs / 1000)} s`
          : `cannot reach ${hostOf(this.#base)} (${causeOf(e)})`;
      throw new YouTubeApiError('unavailable', 0, '', this.#clean(`YouTube ${what}: ${why}`));
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const { reason, message } = apiError(body);
      const kind = errorKind(res.status, reason);
      const said = message ? `: ${truncate(message, 300)}` : '';
      throw new YouTubeApiError(
        kind,
        res.status,
        reason,
        this.#clean(`YouTube ${what} answered ${res.status}${reason ? ` ${reason}` : ''}${said}`),
      );
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new YouTubeApiError(
        'unavailable',
        res.status,
        '',
        `YouTube ${what} answered ${res.status} without a JSON object`,
      );
    }
    const page = body as { items?: unknown; nextPageToken?: unknown };
    return {
      items: Array.isArray(page.items) ? page.items : [],
      nextPageToken: typeof page.nextPageToken === 'string' ? page.nextPageToken : undefined,
    };
  }

  /** The message without the key, wherever the other side put it. */
  #clean(message: string): string {
    return message.split(this.#key).join('[api key]');
  }
}

function batch(ids: readonly string[]): string {
  if (ids.length === 0 || ids.length > 50)
    throw new Error(`a YouTube list call takes 1 to 50 ids, not ${ids.length}`);
  return ids.join(',');
}

/** The `error` object of the API's failure answers: `{error: {code, message, errors: [{reason, domain}]}}`. */
function apiError(body: unknown): { reason: string; message: string } {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error !== 'object' || error === null) return { reason: '', message: '' };
  const e = error as { message?: unknown; errors?: unknown };
  const first = Array.isArray(e.errors) ? (e.errors[0] as { reason?: unknown } | undefined) : null;
  return {
    reason: typeof first?.reason === 'string' ? first.reason : '',
    message: typeof e.message === 'string' ? e.message : '',
  };
}

function hostOf(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    return 'the YouTube Data API';
  }
}

function causeOf(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return e instanceof Error ? e.message : String(e);
}

function truncate(s: string, n: number): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > n ? `${line.slice(0, n - 1)}…` : line;
}
