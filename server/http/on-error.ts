import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { ApiError, errorBody } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import type { Logger } from '../lib/log.ts';
import { NO_OBSERVER, type Observer, type StoreErrorKind } from '../lib/observe.ts';
import { StoreBusyError, StoreFullError, StoreUnavailableError } from '../store/errors.ts';
import { CLOSE } from './body-limit.ts';

/** Seconds a client is asked to wait when the store is busy and gave no hint of its own. */
const BUSY_RETRY_S = 1;

/** Seconds a client is asked to wait after a write failed on a full disk. */
export const DISK_FULL_RETRY_S = 30;

/** Seconds a client is asked to wait when the database cannot be reached. */
export const UNAVAILABLE_RETRY_S = 5;

/**
 * The client closed its connection before its request's body arrived: reading the body failed, and
 * nobody is there to answer. (Over node's server only; in-process requests have no connection.)
 */
function clientGone(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete && incoming.destroyed;
}

/** A failure of the store, not the request: a 503 `unavailable` to retry after `retryAfterS`. */
export interface Unavailable {
  kind: StoreErrorKind;
  message: string;
  retryAfterS: number;
  /** what the server's log says of it (null: nothing, a busy store is no news) */
  log: string | null;
}

/**
 * The store's typed errors (store/errors.ts) as a 503: busy to retry at once, a full disk to retry
 * later and logged, a database that cannot be reached logged too; null for any other error. HTTP's
 * error handler and /mcp's tool calls answer them alike.
 */
export function unavailableOf(err: unknown): Unavailable | null {
  if (err instanceof StoreBusyError)
    return {
      kind: 'busy',
      message: 'the service is busy; retry in a moment',
      retryAfterS: err.retryAfterS ?? BUSY_RETRY_S,
      log: null,
    };
  // the store's, or a temporary file's (a snapshot upload streamed to disk)
  if (err instanceof StoreFullError || (err as NodeJS.ErrnoException).code === 'ENOSPC') {
    const retryS =
      (err instanceof StoreFullError ? err.retryAfterS : undefined) ?? DISK_FULL_RETRY_S;
    return {
      kind: 'full',
      message: `the server's disk is full, so this change was not saved; retry in ${retryS} s or later`,
      retryAfterS: retryS,
      log: 'the disk is full: a write failed and was rolled back; free some space',
    };
  }
  if (err instanceof StoreUnavailableError) {
    const retryS = err.retryAfterS ?? UNAVAILABLE_RETRY_S;
    return {
      kind: 'unavailable',
      message: `the service cannot reach its database; retry in ${retryS} s`,
      retryAfterS: retryS,
      log: `the database is unavailable: ${err.message}`,
    };
  }
  return null;
}

/**
 * Every error as an answer in the error shape. An ApiError is the client's; a client that left
 * mid-body is logged as such in one line; the store's typed errors (store/errors.ts) are 503s
 * (`unavailable`) with Retry-After: busy to retry at once, a full disk to retry later and logged in
 * one line, a database that cannot be reached logged too; anything else a 500 whose details go to
 * the server's log, never to the client.
 */
export function errorHandler(logger: Logger, observe: Observer = NO_OBSERVER) {
  return (err: Error, c: Context<{ Variables: { requestId: string } }>): Response => {
    const rid = c.get('requestId') ?? newRequestId();
    if (err instanceof ApiError) {
      return c.json(errorBody(err.code, err.message, rid), err.status as 400, err.headers);
    }
    if (clientGone(c)) {
      logger.event('info', 'client closed the connection before its request body arrived', {
        requestId: rid,
        method: c.req.method,
        path: c.req.path,
      });
      return c.json(
        errorBody(
          'invalid_request',
          'the client closed the connection before the request body arrived',
          rid,
        ),
        400,
        CLOSE,
      );
    }
    const unavailable = unavailableOf(err);
    if (unavailable) {
      observe.storeError(unavailable.kind);
      if (unavailable.log)
        logger.event('error', unavailable.log, {
          requestId: rid,
          method: c.req.method,
          path: c.req.path,
        });
      return c.json(errorBody('unavailable', unavailable.message, rid), 503, {
        'Retry-After': String(unavailable.retryAfterS),
      });
    }
    logger.event('error', `internal error: ${err instanceof Error ? err.message : String(err)}`, {
      requestId: rid,
      stack: err instanceof Error ? (err.stack ?? null) : null,
    });
    return c.json(
      errorBody(
        'internal',
        `something went wrong on our side; quote request id ${rid} when asking for help`,
        rid,
      ),
      500,
    );
  };
}
