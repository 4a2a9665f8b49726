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

/** Seconds a client refused by a replica that is stopping, or out of date, is asked to wait. */
const STEPPED_OUT_RETRY_S = 1;

/** Why a replica is not ready, as /readyz says it and the metrics label it. */
export type NotReady = 'database' | 'stopping' | 'schema';

/**
 * Whether this process should take traffic, as /readyz answers it and the metrics report it:
 * - the database answers (checked at each probe, with one cheap query);
 * - the process is not stopping (`drain()`, at SIGTERM: 503 at once, before the port closes);
 * - the database's schema is not newer than the one this adcli was built for: a newer adcli has
 *   migrated it under this replica, which must not go on reading and writing tables it does not
 *   know. Seen once (`check()`, at each probe and now and then by the server), it is for good: the
 *   replica refuses every request but the probes (`refusal()`), and is to be replaced.
 * Each change is logged once, never at every probe.
 */
export class Readiness {
  readonly #store: Store;
  readonly #logger: Logger;
  #databaseProblem: Problem | null = null;
  #stopping = false;
  #newerSchema: number | null = null;
  #onSchema: ((inUse: number) => void)[] = [];

  constructor(store: Store, logger: Logger) {
    this.#store = store;
    this.#logger = logger;
  }

  /** null when ready, else why not (the first of: schema, stopping, database) */
  get notReady(): NotReady | null {
    if (this.#newerSchema !== null) return 'schema';
    if (this.#stopping) return 'stopping';
    if (this.#databaseProblem) return 'database';
    return null;
  }

  /** the schema in use in the database when it is newer than this adcli's, else null */
  get newerSchema(): number | null {
    return this.#newerSchema;
  }

  /** The process is stopping: /readyz answers 503 from now on, so balancers stop sending requests. */
  drain(): void {
    this.#stopping = true;
  }

  /** Told once when a newer schema is found in use (the server stops its job workers). */
  onNewerSchema(cb: (inUse: number) => void): void {
    this.#onSchema.push(cb);
  }

  /**
   * What a request other than a probe gets while the replica is out of date: the message of a 503,
   * or null to serve it. Synchronous and cheap: it is asked of every request.
   */
  refusal(): string | null {
    return this.#newerSchema === null ? null : this.#schemaMessage(this.#newerSchema);
  }

  /** Asks the database (one query); answers what /readyz answers. */
  async check(): Promise<Problem | null> {
    const asked = await ask(this.#store);
    if ('what' in asked) {
      if (!this.#databaseProblem)
        this.#logger.event('error', `not ready: the database cannot be reached (${asked.what})`);
      this.#databaseProblem = asked;
    } else {
      if (this.#databaseProblem)
        this.#logger.event('info', 'the database is reachable again: ready');
      this.#databaseProblem = null;
      if (asked.schema > this.#store.schemaVersion && this.#newerSchema === null) {
        this.#newerSchema = asked.schema;
        this.#logger.event('error', this.#schemaMessage(asked.schema));
        for (const cb of this.#onSchema) cb(asked.schema);
      }
    }
    if (this.#newerSchema !== null)
      return { what: this.#schemaMessage(this.#newerSchema), retryAfterS: STEPPED_OUT_RETRY_S };
    if (this.#stopping)
      return {
        what: 'not ready: this replica is stopping; send requests to another one',
        retryAfterS: STEPPED_OUT_RETRY_S,
      };
    if (this.#databaseProblem)
      return {
        what: `not ready: the service cannot reach its database; retry in ${this.#databaseProblem.retryAfterS} s`,
        retryAfterS: this.#databaseProblem.retryAfterS,
      };
    return null;
  }

  #schemaMessage(inUse: number): string {
    return `not ready: the database has schema ${inUse}, newer than this adcli's ${this.#store.schemaVersion} (a newer adcli migrated it); this replica serves no more requests: replace it with the newer version`;
  }
}

/**
 * Probes for an orchestrator or a load balancer, outside the API and unauthenticated:
 * - `GET /livez`: the process is up and answering (no database), 200 `{"status":"live"}`;
 * - `GET /readyz`: one trivial query through the store (the schema in use): 200
 *   `{"status":"ready"}`, or 503 in the error shape with Retry-After while the database cannot be
 *   reached, while the process stops, or once the database's schema is newer than this adcli's (see
 *   Readiness).
 */
export function mountHealth(app: Hono<RequestEnv>, readiness: Readiness): void {
  app.get('/livez', (c) => c.json({ status: 'live' }));
  app.get('/readyz', async (c) => {
    const problem = await readiness.check();
    if (problem === null) return c.json({ status: 'ready' });
    const rid = c.get('requestId') ?? newRequestId();
    return c.json(errorBody('unavailable', problem.what, rid), 503, {
      'Retry-After': String(problem.retryAfterS),
    });
  });
}

export interface Problem {
  /** what went wrong, in a few words */
  what: string;
  retryAfterS: number;
}

/**
 * The schema in use when the store answers in time, else what went wrong and when to ask again:
 * the store's hint where its typed error carries one.
 */
async function ask(store: Store): Promise<Problem | { schema: number }> {
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
      store
        .get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations')
        .then((row) => ({ schema: Number(row?.v ?? 0) })),
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
