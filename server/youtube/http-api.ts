/**
 * The YouTube Data API v3 over HTTP: the port's four list calls as GET requests to
 * `{baseUrl}/channels`, `/playlistItems`, `/videos` and `/commentThreads`.
 *
 * The API key travels in the `X-Goog-Api-Key` header (as Google's own client libraries send it),
 * never in the URL, so no URL this client makes (in a proxy's access log, in an error) holds it. It
 * is kept in a private field, and every message this client builds has it cut out as well, whatever
 * the other side echoes back.
 *
 * A redirect is never followed: fetch would send the key's header on to whatever host it names, so a
 * 3xx is refused, naming that host. Each answer is read as a stream and refused once it passes
 * MAX_ANSWER_BYTES, so no answer, however large, is held in memory whole.
 */
import { readBounded } from '../lib/read-bounded.ts';
import {
  blamesKey,
  boundText,
  errorKind,
  YouTubeApiError,
  type YouTubeApi,
  type YouTubePage,
} from './port.ts';

export const DEFAULT_YOUTUBE_BASE_URL = 'https://www.googleapis.com/youtube/v3';
/** The API's default daily quota for a project, in units. */
export const DEFAULT_YOUTUBE_QUOTA = 10_000;
/** How long one request may take before it counts as unavailable (retried later). */
const REQUEST_TIMEOUT_MS = 20_000;
/**
 * The most bytes of one answer read: 8 MiB. The largest page collection asks for, 100 comment
 * threads of 10,000 characters (textDisplay and textOriginal, up to 3 bytes a character), is about
 * 6 MB; a page of 50 videos with 5,000-character descriptions is under 2 MB.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

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
      // no maxResults: the reference says videos.list does not support it with `id`
      id: batch(ids),
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
    let redirected: boolean;
    let text: string | null = '';
    try {
      res = await this.#fetch(url, {
        headers: { 'x-goog-api-key': this.#key, accept: 'application/json' },
        // fetch keeps the key's header on a redirect to another host: never follow one
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      redirected = res.status >= 300 && res.status < 400;
      if (redirected) await res.body?.cancel();
      else text = await readBounded(res, MAX_ANSWER_BYTES);
    } catch (e) {
      const why =
        e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
          ? `no answer within ${Math.round(this.#timeoutMs / 1000)} s`
          : `cannot reach ${hostOf(this.#base)} (${causeOf(e)})`;
      throw new YouTubeApiError('unavailable', 0, '', this.#clean(`YouTube ${what}: ${why}`));
    }
    if (redirected) {
      const location = res.headers.get('location');
      const to = location ? `a redirect to ${hostOf(location, url)}` : 'a redirect';
      throw new YouTubeApiError(
        'refused',
        res.status,
        '',
        this.#clean(
          `YouTube ${what} answered ${res.status}, ${to}; redirects are never followed, so the API key goes to ${hostOf(this.#base)} only`,
        ),
      );
    }
    if (text === null) {
      // a failure's oversized page (a proxy's 5xx) is still that failure; a success's is refused
      throw new YouTubeApiError(
        res.ok ? 'refused' : errorKind(res.status, ''),
        res.status,
        '',
        `YouTube ${what} answered ${res.status} with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, far more than any page of the API; the answer was refused`,
      );
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const { reason, detail, message } = apiError(body);
      const kind = blamesKey(res.status, reason, detail, message)
        ? 'key'
        : errorKind(res.status, reason);
      const why = detail && detail !== reason ? ` (${boundText(detail, 100)})` : '';
      const said = message ? `${why}: ${boundText(message, 300)}` : why;
      throw new YouTubeApiError(
        kind,
        res.status,
        reason,
        this.#clean(
          `YouTube ${what} answered ${res.status}${reason ? ` ${boundText(reason, 100)}` : ''}${said}`,
        ),
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

/**
 * The `error` object of the API's failure answers: `{error: {code, message, errors: [{reason,
 * domain}], status, details?: [{'@type': '…google.rpc.ErrorInfo', reason, domain}]}}`; `detail` is
 * the ErrorInfo's reason (e.g. API_KEY_INVALID), '' when none.
 */
function apiError(body: unknown): { reason: string; detail: string; message: string } {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error !== 'object' || error === null) return { reason: '', detail: '', message: '' };
  const e = error as { message?: unknown; errors?: unknown; details?: unknown };
  const first = Array.isArray(e.errors) ? (e.errors[0] as { reason?: unknown } | undefined) : null;
  const info = Array.isArray(e.details)
    ? (e.details as { '@type'?: unknown; reason?: unknown }[]).find(
        (d) => typeof d?.reason === 'string' && String(d['@type'] ?? '').endsWith('ErrorInfo'),
      )
    : undefined;
  return {
    reason: typeof first?.reason === 'string' ? first.reason : '',
    detail: typeof info?.reason === 'string' ? info.reason : '',
    message: typeof e.message === 'string' ? e.message : '',
  };
}

/** The host of a URL (relative to `base` when given), at most 100 characters. */
function hostOf(url: string, base?: string): string {
  try {
    return boundText(new URL(url, base).host, 100) || 'a URL without a host';
  } catch {
    return base ? 'a URL that is not one' : 'the YouTube Data API';
  }
}

function causeOf(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return e instanceof Error ? e.message : String(e);
}
