/**
 * What runs in front of every request, in this order: its id and log line (and journal entry), one
 * reading of other replicas' commits for every cache it consults (Postgres), and the 1 MB bound of
 * a JSON body as it streams. GET and HEAD carry no body (skipping the stream wrapper keeps reads
 * fast); a file upload (a snapshot) has its own bound, checked as it streams.
 */
import type { MiddlewareHandler } from 'hono';
import type { Controls } from '../control/controls.ts';
import type { Logger } from '../lib/log.ts';
import { CONTROL_PREFIX, controlOperations } from '../operations/controls.ts';
import type { Store } from '../store/port.ts';
import { limitBody } from './body-limit.ts';
import type { errorHandler } from './on-error.ts';
import { inFront, stage } from './pipeline.ts';
import { requestLogs, type RequestEnv } from './request-log.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export type OnError = ReturnType<typeof errorHandler>;
type Stage = MiddlewareHandler<RequestEnv>;

export interface RequestFront {
  /** the request's id and log line, its id header given at once */
  logRequests: Stage;
  /** the same, where the read cache may answer: it answers with the request id itself (see pendingHeaders) */
  logCachedReads: Stage;
  /** one reading of other replicas' commits per request */
  oneStamp: Stage;
  /** the front of a route of ours: with the JSON body bound where its requests have a JSON body */
  of(jsonBody: boolean): Stage[];
  /** the front of what the app does not route itself: the body bound unless GET, HEAD or a file upload */
  unrouted: Stage[];
  /** `unrouted` as middleware, for the probes, /mcp and the pages */
  inFrontOf: Stage;
}

export function requestFront(opts: {
  controls: () => Controls;
  store: Store;
  requestLogger: Logger | null;
  logger: Logger;
  onError: OnError;
}): RequestFront {
  const logs = requestLogs({
    logger: opts.requestLogger,
    journal: () => opts.controls().journal,
    warn: opts.logger,
  });
  const logRequests = logs.headersAtOnce;
  const oneStamp = stage<RequestEnv>((_c, next) =>
    opts.store.oneStampPer(next as () => Promise<void>),
  );
  const limitJsonBody = limitBody(MAX_BODY_BYTES);
  const fileUploads = new Set(
    controlOperations
      .filter((op) => op.binary?.in === 'body')
      .map((op) => `${op.method} ${CONTROL_PREFIX}${op.path}`),
  );
  const limitUnlessNoBody = stage<RequestEnv>((c, next) =>
    c.req.method === 'GET' ||
    c.req.method === 'HEAD' ||
    fileUploads.has(`${c.req.method} ${c.req.path}`)
      ? next()
      : limitJsonBody(c, next as () => Promise<void>),
  );
  const unrouted = [logRequests, oneStamp, limitUnlessNoBody];
  return {
    logRequests,
    logCachedReads: logs.headersDeferred,
    oneStamp,
    of: (jsonBody) => (jsonBody ? [logRequests, oneStamp, limitJsonBody] : [logRequests, oneStamp]),
    unrouted,
    inFrontOf: inFront(unrouted, opts.onError),
  };
}
