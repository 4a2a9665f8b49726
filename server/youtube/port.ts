/**
 * The YouTube Data API v3 as a port: the four list calls collection needs, each method exactly one
 * request (so one quota unit: every `*.list` call of these endpoints costs 1 unit, whatever its
 * `part`s). The HTTP client (`http-api.ts`) fills it against googleapis.com or any host that answers
 * the same shapes (a test's stand-in); what to call, in which order and within which budget is the
 * collector's (`collector.ts`).
 *
 * Items come back as the API sent them (`unknown`): the collector checks them with the import's own
 * schemas (server/schemas/youtube.ts), so collected and imported resources are stored alike.
 * Failures are thrown as `YouTubeApiError`, whose `kind` says what the caller may do next; its
 * message never holds the API key, and is at most ERROR_TEXT_MAX characters (a store's `error`
 * quotes it, whatever size the other side sent).
 */

/** One page of a `*.list` answer: `items` (absent in the API's answer when empty) and the next page's token. */
export interface YouTubePage {
  items: unknown[];
  nextPageToken?: string | undefined;
}

export interface YouTubeApi {
  /** `channels.list` with part=snippet,statistics,contentDetails,topicDetails,brandingSettings; at most 50 ids */
  listChannels(ids: readonly string[]): Promise<YouTubePage>;
  /** `playlistItems.list` with part=contentDetails: one page (maxResults 1 to 50) of a playlist */
  listPlaylistItems(
    playlistId: string,
    opts: { maxResults: number; pageToken?: string | undefined },
  ): Promise<YouTubePage>;
  /** `videos.list` with part=snippet,statistics,contentDetails,topicDetails; at most 50 ids */
  listVideos(ids: readonly string[]): Promise<YouTubePage>;
  /** `commentThreads.list` with part=snippet: one page (maxResults 1 to 100) of a video's threads */
  listCommentThreads(videoId: string, opts: { maxResults: number }): Promise<YouTubePage>;
}

/**
 * What a failure means for the caller:
 * - `quota`: the project's daily quota is spent (403 quotaExceeded, dailyLimitExceeded): stop for the day;
 * - `rate`: too many requests too fast (403 or 429 rateLimitExceeded, userRateLimitExceeded): retry later;
 * - `unavailable`: a 5xx, a network failure or a timeout: retry with backoff, a bounded number of times;
 * - `not_found`: the playlist or video is gone (404 playlistNotFound, videoNotFound);
 * - `comments_disabled`: the video's comments are off (403 commentsDisabled);
 * - `key`: the server's API key is at fault, not what was asked for (400 keyInvalid, keyExpired or
 *   badRequest with API_KEY_INVALID, 403 accessNotConfigured or SERVICE_DISABLED, a 403 forbidden
 *   or ipRefererBlocked that blocks the key): only the operator can fix it, with another key;
 * - `refused`: anything else (a redirect, an answer over the size bound, a playlist past its page
 *   cap…): a retry will not help.
 */
export type YouTubeErrorKind =
  'quota' | 'rate' | 'unavailable' | 'not_found' | 'comments_disabled' | 'key' | 'refused';

/** `errors[].reason`s that blame the API key (Google's older error format). */
const KEY_REASONS = new Set([
  'keyInvalid',
  'keyExpired',
  'accessNotConfigured',
  'ipRefererBlocked',
  'accessNotConfiguredForProject',
]);

/**
 * Whether a failed answer blames the key: its `errors[].reason`, or the `reason` of its
 * `details[]` ErrorInfo (Google's newer format: API_KEY_INVALID, API_KEY_EXPIRED,
 * SERVICE_DISABLED, API_KEY_SERVICE_BLOCKED, API_KEY_HTTP_REFERRER_BLOCKED…), or a 400 badRequest
 * or 403 forbidden whose message is about the API key.
 */
export function blamesKey(
  status: number,
  reason: string,
  detail: string,
  message: string,
): boolean {
  if (KEY_REASONS.has(reason)) return true;
  if (/^API_KEY_/.test(detail) || detail === 'SERVICE_DISABLED') return true;
  return (
    ((status === 400 && reason === 'badRequest') || (status === 403 && reason === 'forbidden')) &&
    /\bAPI key\b|API_KEY|\bkey\b.*\bblocked\b|\bblocked\b.*\bkey\b/i.test(message)
  );
}

/** The most characters of an error text kept (in a message, a store's `error`): a sentence or two of Google's. */
export const ERROR_TEXT_MAX = 500;
/** The most characters of an API reason kept: Google's are short names like `quotaExceeded`. */
const REASON_MAX = 100;

/** A text on one line, at most `max` characters, ending with an ellipsis when it was cut. */
export function boundText(text: string, max = ERROR_TEXT_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export class YouTubeApiError extends Error {
  readonly kind: YouTubeErrorKind;
  /** the HTTP status, or 0 when no answer came (network, timeout) */
  readonly status: number;
  /** the API's first `errors[].reason`, e.g. `quotaExceeded`; '' when none (at most 100 characters) */
  readonly reason: string;
  constructor(kind: YouTubeErrorKind, status: number, reason: string, message: string) {
    super(boundText(message));
    this.name = 'YouTubeApiError';
    this.kind = kind;
    this.status = status;
    this.reason = boundText(reason, REASON_MAX);
  }
}

/** The kind of a failed answer, from its status and the API's `errors[].reason`. */
export function errorKind(status: number, reason: string): YouTubeErrorKind {
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') return 'quota';
  if (
    status === 429 ||
    reason === 'rateLimitExceeded' ||
    reason === 'userRateLimitExceeded' ||
    reason === 'servingLimitExceeded'
  )
    return 'rate';
  if (status >= 500 || status === 408) return 'unavailable';
  if (reason === 'commentsDisabled') return 'comments_disabled';
  if (status === 404) return 'not_found';
  return 'refused';
}
