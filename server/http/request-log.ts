import type { MiddlewareHandler } from 'hono';
import type { Actor } from '../domain/actor.ts';
import type { RequestJournal } from '../control/journal.ts';
import type { NewJournalEntry } from '../control/journal-entry.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import type { Logger } from '../lib/log.ts';
import { stage } from './pipeline.ts';

/**
 * What the request journal notes of an API request while it runs; once it is answered, the same
 * object (completed) is the journal's entry.
 */
export interface JournalNote {
  workspaceId: string;
  /** the key that made it: a key limited to accounts or campaigns lists only its own requests */
  keyId: string;
  /** when the request arrived, in the workspace's time (read where the key was checked: same turn, no second store read) */
  at: string;
  idempotencyKey: string | null;
  replayed: boolean;
  fault: string | null;
  dropped: boolean;
}

/** How long after a failed opening the request journal is tried again. */
const JOURNAL_RETRY_MS = 10_000;

/** What the middleware of a request hands on to what follows it. */
export type RequestEnv = {
  Variables: {
    requestId: string;
    /** an API request of a workspace: what the journal keeps of it */
    journal?: JournalNote;
    /** the key, as it acts (authenticate) */
    actor?: Actor;
    /** a write's Idempotency-Key, checked (idempotencyHeader) */
    idempotencyKey?: string;
    /** keeps a read's answer for the next identical read (cacheReads) */
    remember?: (text: string) => void;
    /**
     * Headers every answer to the request carries that none carries yet (the request id, the rate
     * limit's): on a route whose answer may come from the read cache, they are kept here for the
     * cache to answer with in one plain object (Hono's c.header would build a Headers object for each
     * request); any other answer gets them once it is made. Undefined: given with c.header already.
     */
    pendingHeaders?: Record<string, string>;
  };
};

/**
 * The first middleware: gives the request its id (header `x-request-id`: the caller's own when it
 * sent a well-formed one, else a new one), echoes a well-formed W3C `traceparent`, and once it is
 * answered writes the request log line (both ids in it) and, for API requests that named a
 * workspace, the journal entry.
 */
/**
 * `journal` is asked for only when a request is to be journaled (it opens a file on first use). A
 * journal that cannot be opened (a full disk) costs its entries, never the request's answer: it is
 * said once on `warn` and tried again JOURNAL_RETRY_MS later.
 */
export function requestLog(opts: RequestLogOptions): MiddlewareHandler<RequestEnv> {
  return requestLogs(opts).headersAtOnce;
}

export interface RequestLogOptions {
  logger: Logger | null;
  journal: () => RequestJournal;
  warn?: Logger;
}

/**
 * The request log in two forms over one journal (one warning when it cannot be opened): giving the
 * request id header at once (`headersAtOnce`, as requestLog), or keeping it in pendingHeaders
 * (`headersDeferred`) on a route whose answer may come from the read cache.
 */
export function requestLogs(opts: RequestLogOptions): {
  headersAtOnce: MiddlewareHandler<RequestEnv>;
  headersDeferred: MiddlewareHandler<RequestEnv>;
} {
  const { logger, journal, warn } = opts;
  let retryAt = 0;
  let down = false;
  const journalOrNull = (): RequestJournal | null => {
    if (retryAt > 0 && performance.now() < retryAt) return null;
    try {
      const j = journal();
      retryAt = 0;
      down = false;
      return j;
    } catch (e) {
      retryAt = performance.now() + JOURNAL_RETRY_MS;
      if (!down)
        warn?.event(
          'warn',
          `the request journal cannot be opened (${e instanceof Error ? e.message : String(e)}); requests are answered but not journaled until it can`,
        );
      down = true;
      return null;
    }
  };
  const logging = (deferHeaders: boolean) =>
    stage<RequestEnv>((c, next) => {
      const rid = incomingRequestId(c.req.header('x-request-id')) ?? newRequestId();
      const traceparent = incomingTraceparent(c.req.header('traceparent'));
      c.set('requestId', rid);
      // Set before the response exists: touching c.res.headers afterwards would turn node-server's
      // cached string response into a real Response object and cost a third of the throughput. Where
      // the cache may answer, it answers with the header itself, and only other answers pay that.
      if (deferHeaders)
        c.set(
          'pendingHeaders',
          traceparent ? { 'x-request-id': rid, traceparent } : { 'x-request-id': rid },
        );
      else {
        c.header('x-request-id', rid);
        if (traceparent) c.header('traceparent', traceparent);
      }
      const started = performance.now();
      const after = (): void => {
        const ms = performance.now() - started;
        const res = c.res;
        if (deferHeaders) {
          const pending = c.get('pendingHeaders');
          if (pending) {
            // as with c.header: what the answer says itself wins
            const headers = res.headers;
            for (const k in pending) if (!headers.has(k)) headers.set(k, pending[k]!);
          }
        }
        const status = res.status;
        const note = c.get('journal');
        if (note) {
          const j = journalOrNull();
          if (j) {
            // the note becomes the entry: its fields as noted, and what only the answer tells
            const entry = note as JournalNote & NewJournalEntry;
            entry.method = c.req.method;
            entry.path = pathAndQuery(c.req.url);
            entry.status = note.dropped ? 0 : status;
            entry.durationMs = ms;
            entry.requestId = rid;
            j.record(entry);
          }
        }
        logger?.request({
          method: c.req.method,
          path: c.req.path,
          status,
          durationMs: ms,
          requestId: rid,
          ...(traceparent ? { traceparent } : {}),
        });
      };
      // No turn of its own: a request answered at once (a cached read) is logged at once.
      const answer = next();
      if (answer instanceof Promise)
        return answer.then((r) => {
          after();
          return r instanceof Response ? r : undefined;
        });
      after();
      return answer;
    });
  return { headersAtOnce: logging(false), headersDeferred: logging(true) };
}

/**
 * A request id the caller sent in `X-Request-Id`, kept when it is 1 to 128 characters of letters,
 * digits and `._:-` (so it is safe in a log line, a header and a URL), else undefined: the request
 * gets an id of its own.
 */
export function incomingRequestId(value: string | undefined): string | undefined {
  return value !== undefined && REQUEST_ID.test(value) ? value : undefined;
}
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A W3C trace context (`traceparent`) the caller sent, kept when it has the recommendation's shape:
 * version, 32 hex digits of trace id and 16 of parent id, neither all zeros, and flags, lowercase
 * (version ff is invalid; a later version may add fields after a dash). Else undefined.
 */
export function incomingTraceparent(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = TRACEPARENT.exec(value);
  if (!m) return undefined;
  const [, version, traceId, parentId, rest] = m;
  if (version === 'ff' || /^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return undefined;
  if (version === '00' && rest !== '') return undefined;
  return value;
}
const TRACEPARENT =
  /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}((?:-[0-9a-zA-Z._-]{1,64})?)$/;

/** The request's path and query (never its headers: the journal must not hold a key). */
function pathAndQuery(url: string): string {
  const i = url.indexOf('/', url.indexOf('//') + 2);
  return i < 0 ? '/' : url.slice(i);
}
