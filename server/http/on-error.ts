import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { ApiError, errorBody } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import type { Logger } from '../lib/log.ts';
import { isBusy, isFull } from '../store/db.ts';
import { isUnavailable } from '../store/pg-errors.ts';
import { CLOSE } from './body-limit.ts';

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

/**
 * Every error as an answer in the error shape. An ApiError is the client's; a client that left
 * mid-body is logged as such in one line; a busy store is a 503 (`unavailable`) to retry at once; a
 * full disk a 503 to retry later, logged in one line; a database that cannot be reached a 503 too,
 * logged; anything else a 500 whose details go to the server's log, never to the client.
 */
export function errorHandler(logger: Logger) {
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
    if (isBusy(err)) {
      return c.json(errorBody('unavailable', 'the service is busy; retry in a moment', rid), 503, {
        'Retry-After': '1',
      });
    }
    if (isFull(err)) {
      logger.event(
        'error',
        'the disk is full: a write failed and was rolled back; free some space',
        { requestId: rid, method: c.req.method, path: c.req.path },
      );
      return c.json(
        errorBody(
          'unavailable',
          `the server's disk is full, so this change was not saved; retry in ${DISK_FULL_RETRY_S} s or later`,
          rid,
        ),
        503,
        { 'Retry-After': String(DISK_FULL_RETRY_S) },
      );
    }
    if (isUnavailable(err)) {
      logger.event('error', `the database is unavailable: ${err.message}`, {
        requestId: rid,
        method: c.req.method,
        path: c.req.path,
      });
      return c.json(
        errorBody(
          'unavailable',
          `the service cannot reach its database; retry in ${UNAVAILABLE_RETRY_S} s`,
          rid,
        ),
        503,
        {
          'Retry-After': String(UNAVAILABLE_RETRY_S),
        },
      );
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
