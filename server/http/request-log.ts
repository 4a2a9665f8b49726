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
 * The first middleware: gives the request its id (header `x-request-id`), and once it is answered
 * writes the request log line and, for API requests that named a workspace, the journal entry.
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
      const rid = newRequestId();
      c.set('requestId', rid);
      // Set before the response exists: touching c.res.headers afterwards would turn node-server's
      // cached string response into a real Response object and cost a third of the throughput. Where
      // the cache may answer, it answers with the header itself, and only other answers pay that.
      if (deferHeaders) c.set('pendingHeaders', { 'x-request-id': rid });
      else c.header('x-request-id', rid);
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

/** The request's path and query (never its headers: the journal must not hold a key). */
function pathAndQuery(url: string): string {
  const i = url.indexOf('/', url.indexOf('//') + 2);
  return i < 0 ? '/' : url.slice(i);
}
