import type { Services } from '../domain/services.ts';
import { holderIsDead } from '../jobs/queue.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { ApiError, conflict, invalid } from '../lib/errors.ts';
import { IdempotencyRecords } from '../store/idempotency.ts';
import { checkClockTime, type ClockState } from '../time/workspace-clocks.ts';

/** An advance may run this many jobs at most: a job that keeps rescheduling itself cannot hang it. */
const MAX_STEPS = 100_000;
/** How long an advance holds its workspace's jobs without taking a step (real time). */
export const ADVANCE_LEASE_MS = 60_000;

export interface AdvanceResult {
  /** where the clock stands now (no advance under way any more) */
  clock: ClockState & { advancing: null };
  /** the jobs that fell due and ran, by kind */
  ran: Record<string, number>;
}

/** The request an advance answers: with an Idempotency-Key, a retry resumes it instead of moving again. */
export interface AdvanceRequest {
  keyId: string;
  idempotencyKey?: string;
  /** the request's fingerprint, as the idempotency memory keeps it */
  fingerprint: string;
}

/** An advance to run, as it can travel to a job worker thread: to an instant, or by a duration from the workspace's time. */
export interface AdvanceWork {
  workspaceId: string;
  to?: string;
  byMs?: number;
  /** the request field the instant came from, for messages */
  field: string;
  request?: AdvanceRequest;
}

/** Runs an advance: here, or in a job worker thread of adcli serve (off the HTTP thread). */
export type Advancer = (work: AdvanceWork) => Promise<AdvanceResult>;

/** The advancer that runs the advance on the calling thread, over these services. */
export function advanceHere(services: Services, runner: JobRunner): Advancer {
  return (w) =>
    advanceTo(
      runner,
      services,
      w.workspaceId,
      w.to !== undefined ? new Date(w.to) : (now) => new Date(now.getTime() + (w.byMs ?? 0)),
      w.field,
      w.request,
    );
}

interface AdvanceRow {
  workspace_id: string;
  target: string;
  owner: string;
  lease_until: string;
  api_key_id: string | null;
  idempotency_key: string | null;
  fingerprint: string | null;
  ran: string;
}

/**
 * Moves a workspace's clock forward to `target` (an instant, or one computed from the workspace's time
 * when the advance starts), running every job of the workspace that falls due on the way, in time
 * order, each at its own instant: after advancing 7 days a report shows 7 more days and the syncs in
 * between have happened.
 *
 * It steps: each job runs in its own transactions and the clock is saved after each, so other requests
 * (and other workspaces) are served between steps, and a crash leaves the workspace consistent at the
 * last step taken. While it runs, a row in `clock_advances` holds a lease on the workspace's jobs (job
 * workers leave them alone) and tells GET /clock how far it got; a retry of the same request (same
 * Idempotency-Key) after a crash resumes it towards the same instant, so it never moves twice.
 *
 * Periodic syncs with nothing in between only record their time, so a run of them collapses into the
 * last one before the next other job (the same state as running each, without 10,080 syncs a week).
 */
export async function advanceTo(
  runner: JobRunner,
  services: Services,
  workspaceId: string,
  target: Date | ((now: Date) => Date),
  field = 'time',
  request?: AdvanceRequest,
): Promise<AdvanceResult> {
  const { clock } = services.deps;
  const advance: Advancing = {
    runner,
    services,
    workspaceId,
    field,
    request,
    owner: services.jobs.owner,
    real: () => clock.base.now().getTime(),
  };
  const started = await beginAdvance(advance, target);
  let result!: AdvanceResult;
  try {
    await clock.pinned(workspaceId, async (pin) => {
      await runDueJobs(advance, started, pin);
      pin(started.to.getTime());
      result = await finishAdvance(advance, started);
    });
  } catch (err) {
    await releaseLease(advance);
    throw err;
  }
  await services.jobs.prune(workspaceId);
  return result;
}

/** One advance as it runs: whose, by which holder, and for which request. */
interface Advancing {
  runner: JobRunner;
  services: Services;
  workspaceId: string;
  /** the request field the instant came from, for messages */
  field: string;
  request: AdvanceRequest | undefined;
  /** the holder of the advance's lease: this thread's job owner */
  owner: string;
  /** the real time, in ms (leases are in real time, not the workspace's) */
  real: () => number;
}

/** Where an advance started and goes, and what has run so far (counted on as it steps). */
interface Started {
  from: number;
  to: Date;
  ran: Record<string, number>;
}

function leaseUntil(advance: Advancing): string {
  return new Date(advance.real() + ADVANCE_LEASE_MS).toISOString();
}

/**
 * Records the advance in `clock_advances`, with its lease: a new one, or the resumption of the same
 * request's interrupted one. Refused while another holder's lease on the workspace runs.
 */
async function beginAdvance(
  advance: Advancing,
  target: Date | ((now: Date) => Date),
): Promise<Started> {
  const { services, workspaceId, field, request, owner } = advance;
  const { store, clock } = services.deps;
  return store.write(async () => {
    await clock.refresh();
    const row = await store.get<AdvanceRow>(
      'SELECT * FROM clock_advances WHERE workspace_id = ?',
      workspaceId,
    );
    const same =
      row !== undefined &&
      request?.idempotencyKey !== undefined &&
      row.api_key_id === request.keyId &&
      row.idempotency_key === request.idempotencyKey;
    if (row && same && row.fingerprint !== request!.fingerprint) {
      throw new ApiError(
        409,
        'idempotency_conflict',
        'this Idempotency-Key was used with a different request; use a new key for a new request',
      );
    }
    // a holder of this host whose process is gone holds nothing (as a job's lease): its retry resumes at once
    if (row && Date.parse(row.lease_until) > advance.real() && !holderIsDead(row.owner)) {
      throw conflict(
        `the clock of this workspace is being moved to ${row.target} by ${same ? 'this very request, sent before' : 'another request'}; wait for it to finish (GET /_adcli/v1/clock shows how far it got)`,
      );
    }
    const from = clock.of(workspaceId);
    // An interrupted advance of this request resumes towards its instant; another one is abandoned
    // where its last step left the workspace (its client never got an answer).
    const to =
      row && same ? new Date(row.target) : typeof target === 'function' ? target(from) : target;
    if (to.getTime() < from.getTime()) {
      throw invalid(
        `${field}: ${to.toISOString()} is before the workspace's time ${from.toISOString()}; a clock only moves forward`,
      );
    }
    // before the advance is recorded: no step of it may take the clock past what it can show
    checkClockTime(to, field);
    const ran: Record<string, number> = row && same ? JSON.parse(row.ran) : {};
    await store.run('DELETE FROM clock_advances WHERE workspace_id = ?', workspaceId);
    await store.run(
      `INSERT INTO clock_advances (workspace_id, target, owner, lease_until, api_key_id, idempotency_key, fingerprint, ran, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      workspaceId,
      to.toISOString(),
      owner,
      leaseUntil(advance),
      request?.keyId ?? null,
      request?.idempotencyKey ?? null,
      request?.fingerprint ?? null,
      JSON.stringify(ran),
      new Date(advance.real()).toISOString(),
    );
    return { from: from.getTime(), to, ran };
  });
}

/** Runs the jobs that fall due before the advance's goal, in time order, each at its own instant. */
async function runDueJobs(
  advance: Advancing,
  started: Started,
  pin: (at: number) => void,
): Promise<void> {
  const { services, workspaceId, runner } = advance;
  const goal = started.to.getTime();
  let current = started.from;
  let previous: string | null = null;
  for (let n = 0; ; n++) {
    if (n >= MAX_STEPS)
      throw invalid(
        `more than ${MAX_STEPS} jobs fell due while advancing; advance by less at a time`,
      );
    const next = await services.jobs.peek(workspaceId, goal);
    if (!next) break;
    let at = Math.max(Date.parse(next.run_at), current);
    if (next.kind === 'sync_ads' && previous === 'sync_ads')
      at = await lastQuietSync(services, workspaceId, next.id, at, goal);
    pin(at);
    current = at;
    const job = await services.jobs.claim({ workspaceId, until: at });
    if (job) {
      await runner.run(job);
      started.ran[job.kind] = (started.ran[job.kind] ?? 0) + 1;
      previous = job.kind;
    }
    await saveStep(advance, started.ran, new Date(at));
    // other requests, of this workspace and of others, are served between two steps
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Saves a step: the clock where it stands, what ran, a fresh lease; throws if the advance was taken over. */
function saveStep(advance: Advancing, ran: Record<string, number>, at: Date): Promise<void> {
  const { services, workspaceId, owner, field } = advance;
  const { store, clock } = services.deps;
  return store.write(async () => {
    const { changes } = await store.run(
      'UPDATE clock_advances SET ran = ?, lease_until = ? WHERE workspace_id = ? AND owner = ?',
      JSON.stringify(ran),
      leaseUntil(advance),
      workspaceId,
      owner,
    );
    if (!changes)
      throw conflict(
        'this clock advance was taken over by a retry after it stalled; the retry finishes it',
      );
    await clock.moveTo(workspaceId, at, field);
  });
}

/** The last step, the answer and its idempotency record commit together: a retry replays it. */
async function finishAdvance(advance: Advancing, started: Started): Promise<AdvanceResult> {
  const { services, workspaceId, owner, request } = advance;
  const { store, clock } = services.deps;
  const { to, ran } = started;
  let result!: AdvanceResult;
  await store.write(async () => {
    await saveStep(advance, ran, to);
    await store.run(
      'DELETE FROM clock_advances WHERE workspace_id = ? AND owner = ?',
      workspaceId,
      owner,
    );
    result = { clock: { ...(await clock.state(workspaceId)), advancing: null }, ran };
    if (request?.idempotencyKey !== undefined) {
      const { keyId, idempotencyKey, fingerprint } = request;
      await new IdempotencyRecords(store).save(
        keyId,
        idempotencyKey,
        { fingerprint, status: 200, body: JSON.stringify(result) },
        to,
      );
    }
  });
  return result;
}

/** A step that failed (the store unavailable): the lease ends now, so a retry with the same key may resume at once. */
async function releaseLease(advance: Advancing): Promise<void> {
  const { services, workspaceId, owner } = advance;
  await services.deps.store
    .run(
      'UPDATE clock_advances SET lease_until = ? WHERE workspace_id = ? AND owner = ?',
      new Date(advance.real()).toISOString(),
      workspaceId,
      owner,
    )
    .catch(() => undefined);
}

/** The advance under way in a workspace, for GET /clock: where it goes and what ran so far; null when none. */
export async function advanceUnderWay(
  services: Services,
  workspaceId: string,
): Promise<{ to: string; ran: Record<string, number> } | null> {
  const { store, clock } = services.deps;
  const row = await store.get<AdvanceRow>(
    'SELECT * FROM clock_advances WHERE workspace_id = ?',
    workspaceId,
  );
  if (!row || Date.parse(row.lease_until) <= clock.base.now().getTime()) return null;
  return { to: row.target, ran: JSON.parse(row.ran) as Record<string, number> };
}

/**
 * The instant of the last sync in a run of syncs with no other job between them: the sync due at
 * `at` is moved there (its run_at updated), since the ones before it would change nothing but the
 * time of the last sync.
 */
async function lastQuietSync(
  services: Services,
  workspaceId: string,
  jobId: string,
  at: number,
  target: number,
): Promise<number> {
  const { store } = services.deps;
  const other = await store.get<{ run_at: string }>(
    "SELECT run_at FROM jobs WHERE workspace_id = ? AND state = 'queued' AND kind != 'sync_ads' AND run_at <= ? ORDER BY run_at LIMIT 1",
    workspaceId,
    new Date(target).toISOString(),
  );
  const until = other ? Math.max(at, Date.parse(other.run_at)) : target;
  const interval = services.ads.syncIntervalMs;
  const last = at + Math.floor((until - at) / interval) * interval;
  if (last !== at)
    await store.run('UPDATE jobs SET run_at = ? WHERE id = ?', new Date(last).toISOString(), jobId);
  return last;
}
