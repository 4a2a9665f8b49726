import type { Hono } from 'hono';
import { errorBody } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import type { Logger } from '../lib/log.ts';
import { StoreError } from '../store/errors.ts';
import type { Store } from '../store/port.ts';
import { UNAVAILABLE_RETRY_S } from './on-error.ts';
import type { RequestEnv } from './request-log.ts';

/** How long the readiness check waits for the database before calling it unavailable. */
const READY_TIMEOUT_MS = 3000;

/**
 * Probes for an orchestrator or a load balancer, outside the API and unauthenticated:
 * - `GET /livez`: the process is up and answering (no database), 200 `{"status":"live"}`;
 * - `GET /readyz`: one trivial query through the store: 200 `{"status":"ready"}`, or 503 in the
 *   error shape with Retry-After while the database cannot be reached (a replica to take out of the
 *   rotation until it can). A change of readiness is logged once, not on every probe.
 */
export function mountHealth(app: Hono<RequestEnv>, store: Store, logger: Logger): void {
  let ready = true;
  app.get('/livez', (c) => c.json({ status: 'live' }));
  app.get('/readyz', async (c) => {
    const problem = await check(store);
    if (problem === null) {
      if (!ready) logger.event('info', 'the database is reachable again: ready');
      ready = true;
      return c.json({ status: 'ready' });
    }
    if (ready) logger.event('error', `not ready: the database cannot be reached (${problem.what})`);
    ready = false;
    const rid = c.get('requestId') ?? newRequestId();
    return c.json(
      errorBody(
        'unavailable',
        `not ready: the service cannot reach its database; retry in ${problem.retryAfterS} s`,
        rid,
      ),
      503,
      { 'Retry-After': String(problem.retryAfterS) },
    );
  });
}

interface Problem {
  /** what went wrong, in a few words */
  what: string;
  retryAfterS: number;
}

/**
 * Null when the store answers a trivial query in time, else what went wrong and when to ask again:
 * the store's hint where its typed error carries one.
 */
async function check(store: Store): Promise<Problem | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Problem>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          what: `no answer in ${READY_TIMEOUT_MS} ms`,
          retryAfterS: UNAVAILABLE_RETRY_S,
        }),
      READY_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      store.get<{ ok: number }>('SELECT 1 AS ok').then(() => null),
      timeout,
    ]);
  } catch (e) {
    return {
      what: e instanceof Error ? e.message : String(e),
      retryAfterS: (e instanceof StoreError ? e.retryAfterS : undefined) ?? UNAVAILABLE_RETRY_S,
    };
  } finally {
    clearTimeout(timer);
  }
}
