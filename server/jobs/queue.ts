import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { newId } from '../lib/ids.ts';
import type { DomainDeps } from '../domain/context.ts';

export type JobKind = 'collect_data_store' | 'generate_targeting' | 'sync_ads';

export interface JobRow {
  id: string;
  kind: JobKind;
  subject: string;
  workspace_id: string | null;
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  lease_owner: string | null;
  lease_until: string | null;
  error: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** This process as a lease holder: host and pid let a restarted process see that a holder died. */
export function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

function holderIsDead(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Durable jobs: rows in the store. Enqueueing happens inside the caller's write transaction, so a
 * job exists exactly when the change that asked for it was committed. Claiming is one UPDATE in a
 * write transaction, so two processes never hold the same job; a lease that runs out, or whose
 * holder process is gone, lets another process take the job over.
 */
export class JobQueue {
  readonly #d: DomainDeps;
  readonly owner: string;
  readonly leaseMs: number;
  /** called after a job is enqueued, so a runner can look sooner than its next poll */
  onEnqueue: () => void = () => {};

  constructor(deps: DomainDeps, opts: { owner?: string; leaseMs?: number } = {}) {
    this.#d = deps;
    this.owner = opts.owner ?? processOwner();
    this.leaseMs = opts.leaseMs ?? 60_000;
  }

  /** Queues a job; a job of the same kind and subject that has not started yet is replaced. */
  enqueue(kind: JobKind, subject: string, opts: { workspaceId?: string | null; payload?: object; delayMs?: number } = {}): string {
    const now = this.#d.clock.now();
    const store = this.#d.store;
    store.run("DELETE FROM jobs WHERE kind = ? AND subject = ? AND state = 'queued'", kind, subject);
    const id = newId(now);
    store.run(
      `INSERT INTO jobs (id, kind, subject, workspace_id, payload, state, run_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
      id,
      kind,
      subject,
      opts.workspaceId ?? null,
      JSON.stringify(opts.payload ?? {}),
      new Date(now.getTime() + (opts.delayMs ?? 0)).toISOString(),
      now.toISOString(),
      now.toISOString(),
    );
    this.onEnqueue();
    return id;
  }

  /** Takes the next due job for this process, or null. */
  claim(): JobRow | null {
    const store = this.#d.store;
    return store.write(() => {
      const now = this.#d.clock.now();
      const iso = now.toISOString();
      for (const r of store.all<JobRow>("SELECT * FROM jobs WHERE state = 'running' AND lease_owner != ?", this.owner)) {
        if (r.lease_owner && (r.lease_until! <= iso || holderIsDead(r.lease_owner))) {
          store.run("UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE id = ?", iso, r.id);
        }
      }
      const job = store.get<JobRow>("SELECT * FROM jobs WHERE state = 'queued' AND run_at <= ? ORDER BY run_at, id LIMIT 1", iso);
      if (!job) return null;
      const until = new Date(now.getTime() + this.leaseMs).toISOString();
      store.run(
        "UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?",
        this.owner,
        until,
        iso,
        job.id,
      );
      return { ...job, state: 'running', lease_owner: this.owner, lease_until: until, attempts: job.attempts + 1 };
    });
  }

  /** True while this process still holds the job: a completion must check it in its own transaction. */
  holds(jobId: string): boolean {
    return !!this.#d.store.get("SELECT 1 FROM jobs WHERE id = ? AND state = 'running' AND lease_owner = ?", jobId, this.owner);
  }

  finish(jobId: string, state: 'done' | 'failed', error = ''): void {
    const iso = this.#d.clock.now().toISOString();
    this.#d.store.run(
      'UPDATE jobs SET state = ?, error = ?, lease_owner = NULL, lease_until = NULL, finished_at = ?, updated_at = ? WHERE id = ?',
      state,
      error,
      iso,
      iso,
      jobId,
    );
  }

  /** Puts a running job back in the queue to run again later (e.g. its inputs are not ready yet). */
  retryLater(jobId: string, delayMs: number): void {
    const now = this.#d.clock.now();
    this.#d.store.run(
      "UPDATE jobs SET state = 'queued', run_at = ?, lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE id = ?",
      new Date(now.getTime() + delayMs).toISOString(),
      now.toISOString(),
      jobId,
    );
  }

  /** When the next queued job is due, for a runner's timer. */
  nextDue(): Date | null {
    const row = this.#d.store.get<{ run_at: string }>("SELECT run_at FROM jobs WHERE state = 'queued' ORDER BY run_at LIMIT 1");
    return row ? new Date(row.run_at) : null;
  }

  pending(kind: JobKind, subject: string): JobRow | undefined {
    return this.#d.store.get<JobRow>("SELECT * FROM jobs WHERE kind = ? AND subject = ? AND state IN ('queued', 'running') LIMIT 1", kind, subject);
  }

  /** Forgets finished jobs older than a week, so the table does not grow without end. */
  prune(): void {
    const cutoff = new Date(this.#d.clock.now().getTime() - 7 * 24 * 3600_000).toISOString();
    this.#d.store.run("DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < ?", cutoff);
  }
}
