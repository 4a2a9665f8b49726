import type { MiddlewareHandler } from 'hono';
import type { Actor } from '../domain/actor.ts';
import type { RequestJournal } from '../control/journal.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import type { Logger } from '../lib/log.ts';

/** What the request journal notes of an API request while it runs. */
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
export function requestLog(opts: {
  logger: Logger | null;
  journal: () => RequestJournal;
  warn?: Logger;
}): MiddlewareHandler<RequestEnv> {
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
  return async (c, next) => {
    const rid = newRequestId();
    c.set('requestId', rid);
    // Set before the response exists: touching c.res.headers afterwards would turn node-server's
    // cached string response into a real Response object and cost a third of the throughput.
    c.header('x-request-id', rid);
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const note = c.get('journal');
    if (note) {
      journalOrNull()?.record({
        workspaceId: note.workspaceId,
        keyId: note.keyId,
        at: note.at,
        method: c.req.method,
        path: pathAndQuery(c.req.url),
        status: note.dropped ? 0 : c.res.status,
        durationMs: ms,
        requestId: rid,
        idempotencyKey: note.idempotencyKey,
        replayed: note.replayed,
        fault: note.fault,
      });
    }
    logger?.request({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: ms,
      requestId: rid,
    });
  };
}

/** The request's path and query (never its headers: the journal must not hold a key). */
function pathAndQuery(url: string): string {
  const i = url.indexOf('/', url.indexOf('//') + 2);
  return i < 0 ? '/' : url.slice(i);
}
