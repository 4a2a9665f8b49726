import type { Services } from '../domain/services.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { JobRunner } from '../jobs/runner.ts';
import { invalid } from '../lib/errors.ts';
import type { ClockState } from '../time/workspace-clocks.ts';

/** An advance may run this many jobs at most: a job that keeps rescheduling itself cannot hang it. */
const MAX_STEPS = 100_000;

export interface AdvanceResult {
  clock: ClockState;
  /** the jobs that fell due and ran, by kind */
  ran: Record<string, number>;
}

/**
 * Moves a workspace's clock forward to `to`, running every job of the workspace that falls due on the
 * way, in time order, each at its own instant (design section 7): after advancing 7 days a report
 * shows 7 more days and the syncs in between have happened. All of it is one write transaction, so a
 * crash in the middle leaves the workspace as it was before the call.
 *
 * Periodic syncs with nothing in between only record their time, so a run of them collapses into the
 * last one before the next other job (the same state as running each, without 10,080 syncs a week).
 */
export function advanceTo(services: Services, workspaceId: string, to: Date, field = 'time'): Promise<AdvanceResult> {
  const { store, clock } = services.deps;
  const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services));
  return store.write(async () => {
    await clock.refresh();
    const from = clock.of(workspaceId).getTime();
    const target = to.getTime();
    if (target < from) {
      throw invalid(`${field}: ${to.toISOString()} is before the workspace's time ${new Date(from).toISOString()}; a clock only moves forward`);
    }
    const ran: Record<string, number> = {};
    await clock.pinned(workspaceId, async (pin) => {
      let current = from;
      let previous: string | null = null;
      for (let step = 0; ; step++) {
        if (step >= MAX_STEPS) throw invalid(`more than ${MAX_STEPS} jobs fell due while advancing; advance by less at a time`);
        const next = await services.jobs.peek(workspaceId, target);
        if (!next) break;
        let at = Math.max(Date.parse(next.run_at), current);
        if (next.kind === 'sync_ads' && previous === 'sync_ads') at = await lastQuietSync(services, workspaceId, next.id, at, target);
        pin(at);
        current = at;
        const job = await services.jobs.claim({ workspaceId, until: at });
        if (!job) break;
        await runner.run(job);
        ran[job.kind] = (ran[job.kind] ?? 0) + 1;
        previous = job.kind;
      }
      pin(target);
      await clock.moveTo(workspaceId, to, field);
    });
    await services.jobs.prune(workspaceId);
    return { clock: await clock.state(workspaceId), ran };
  });
}

/**
 * The instant of the last sync in a run of syncs with no other job between them: the sync due at
 * `at` is moved there (its run_at updated), since the ones before it would change nothing but the
 * time of the last sync.
 */
async function lastQuietSync(services: Services, workspaceId: string, jobId: string, at: number, target: number): Promise<number> {
  const { store } = services.deps;
  const other = await store.get<{ run_at: string }>(
    "SELECT run_at FROM jobs WHERE workspace_id = ? AND state = 'queued' AND kind != 'sync_ads' AND run_at <= ? ORDER BY run_at LIMIT 1",
    workspaceId,
    new Date(target).toISOString(),
  );
  const until = other ? Math.max(at, Date.parse(other.run_at)) : target;
  const interval = services.ads.syncIntervalMs;
  const last = at + Math.floor((until - at) / interval) * interval;
  if (last !== at) await store.run('UPDATE jobs SET run_at = ? WHERE id = ?', new Date(last).toISOString(), jobId);
  return last;
}
