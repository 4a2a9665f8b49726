import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { jobCapLock, jobLock } from '../store/locks.ts';

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

/**
 * Where a pid names a process: the host and, on Linux, the pid namespace (containers may share a
 * hostname, or the host's network and so its name, while each has pids of its own).
 */
function pidSpace(): string {
  let ns = '';
  try {
    ns = readlinkSync('/proc/self/ns/pid').replace(/\D/g, '');
  } catch {
    // no /proc: the hostname alone
  }
  const host = hostname().replace(/[:~]/g, '_');
  return ns ? `${host}~${ns}` : host;
}

let here: string | undefined;

/** This process's place in its owner names (before the pid): the host, and its pid namespace on Linux. */
export function leasePlace(): string {
  return (here ??= pidSpace());
}

/**
 * This process (or one of its worker threads) as a lease holder, `place:pid:random:thread`: the place
 * (host and pid namespace) and pid let a process of the same place see that a holder died; the
 * thread id names a worker, whose leases its pool hands back.
 */
export function processOwner(threadId = 0): string {
  return `${leasePlace()}:${process.pid}:${randomBytes(4).toString('hex')}:${threadId}`;
}

/** How long finished jobs are kept, in the time of their workspace: the table stays bounded. */
export const JOB_RETENTION_MS = 7 * 24 * 3600_000;

/**
 * Whether a lease holder is known to be dead: only a holder of this place can be asked (is its pid
 * still a process?). A holder elsewhere (another host of the replicas, another container) is never
 * judged: its lease runs out instead.
 */
export function holderIsDead(owner: string): boolean {
  const [place, pid] = owner.split(':');
  if (place !== leasePlace() || !pid || !/^\d+$/.test(pid)) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A job of a workspace whose clock no advance holds (its lease, real time, is the placeholder). */
const NOT_ADVANCING =
  'workspace_id NOT IN (SELECT workspace_id FROM clock_advances WHERE lease_until > ?)';

/**
 * The most jobs one workspace may have queued or running: room for every slot of 150 campaigns
 * (1,500 generations) and the collection of 500 data stores besides. A generation or collection past
 * it is refused (429); the workspace's own ad sync, one job that replaces itself, never is.
 */
export const MAX_JOBS_PER_WORKSPACE = 2000;

/** The kinds a request asks for, and so the ones the cap refuses. */
const CAPPED: ReadonlySet<JobKind> = new Set(['collect_data_store', 'generate_targeting']);

/** How long a refused request is told to wait: a few jobs of its workspace will have run by then. */
const CAP_RETRY_AFTER_S = 30;

/** What a claim needs of a due job to take it. */
type Candidate = Pick<JobRow, 'id' | 'workspace_id' | 'run_at'>;

/** The round's order: by part (after the last served, no workspace, from the first), then as read. */
function byTurn(a: Candidate & { turn: number }, b: Candidate & { turn: number }): number {
  return (
    a.turn - b.turn ||
    cmp(a.workspace_id ?? '', b.workspace_id ?? '') ||
    cmp(a.run_at, b.run_at) ||
    cmp(a.id, b.id)
  );
}

/** Byte-wise, as the stores compare text (SQLite's BINARY, Postgres's "C"). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Due jobs read per look; another process may take some of them first. */
const CANDIDATES = 10;
/** Looks per claim before giving up for this poll when other processes keep taking the candidates. */
const ROUNDS = 5;

/**
 * Durable jobs: rows in the store. Enqueueing happens inside the caller's write transaction, so a
 * job exists exactly when the change that asked for it was committed. A claim takes one job with one
 * conditional UPDATE (still queued, as read, and on Postgres not being taken by another replica this
 * instant: SKIP LOCKED), so two processes never hold the same job and never wait for each other; a
 * lease that runs out, or whose holder process is gone, lets another process take the job over.
 *
 * Claims go round the workspaces: each claim takes the oldest due job of the next workspace after
 * the one this queue served last (in id order; the jobs of no workspace are a stop of the round,
 * after the last workspace), so a workspace's flood delays another's job by one job per worker, not
 * by the whole flood. Within a workspace jobs run in due order.
 */
export class JobQueue {
  readonly #d: DomainDeps;
  readonly owner: string;
  readonly leaseMs: number;
  /** the most jobs a workspace may have queued or running (MAX_JOBS_PER_WORKSPACE) */
  readonly maxPerWorkspace: number;
  /** called once a job is enqueued and committed, so a runner can look sooner than its next poll */
  readonly #onEnqueue: () => void;
  /** the workspace this queue claimed a job of last ('' at first, and after a job of no workspace) */
  #served = '';

  constructor(
    deps: DomainDeps,
    opts: {
      owner?: string;
      leaseMs?: number;
      onEnqueue?: () => void;
      maxPerWorkspace?: number;
    } = {},
  ) {
    this.#d = deps;
    this.#onEnqueue = opts.onEnqueue ?? (() => {});
    this.owner = opts.owner ?? processOwner();
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxPerWorkspace = opts.maxPerWorkspace ?? MAX_JOBS_PER_WORKSPACE;
  }

  /**
   * Queues a job; a job of the same kind and subject that has not started yet is replaced. A
   * generation or collection that would put its workspace past its cap of jobs queued or running is
   * refused with 429 (`rate_limited`), and the caller's transaction with it.
   */
  async enqueue(
    kind: JobKind,
    subject: string,
    opts: { workspaceId?: string | null; payload?: object; delayMs?: number } = {},
  ): Promise<string> {
    const workspaceId = opts.workspaceId === undefined ? this.#d.clock.scope : opts.workspaceId;
    // A workspace named outside its own scope: its clock row may have changed since the last refresh.
    if (workspaceId !== null && workspaceId !== this.#d.clock.scope) await this.#d.clock.refresh();
    const now = workspaceId ? this.#d.clock.of(workspaceId) : this.#d.clock.now();
    const store = this.#d.store;
    // the caller's transaction, or one of its own: the replacement, the count and the insert as one
    return store.write(async () => {
      // Two enqueues of one kind and subject at once take turns: the second replaces the first's job.
      await store.lock(jobLock(kind, subject));
      await store.run(
        "DELETE FROM jobs WHERE kind = ? AND subject = ? AND state = 'queued'",
        kind,
        subject,
      );
      if (workspaceId !== null && CAPPED.has(kind)) await this.#withinCap(workspaceId);
      const id = newId(now);
      await store.run(
        `INSERT INTO jobs (id, kind, subject, workspace_id, payload, state, run_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
        id,
        kind,
        subject,
        workspaceId,
        JSON.stringify(opts.payload ?? {}),
        new Date(now.getTime() + (opts.delayMs ?? 0)).toISOString(),
        now.toISOString(),
        now.toISOString(),
      );
      store.afterCommit(this.#onEnqueue);
      return id;
    });
  }

  /** Throws the cap's 429 when the workspace has its most jobs queued or running already. */
  async #withinCap(workspaceId: string): Promise<void> {
    const store = this.#d.store;
    await store.lock(jobCapLock(workspaceId));
    const { n } = (await store.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = ? AND state IN ('queued', 'running')",
      workspaceId,
    ))!;
    if (n < this.maxPerWorkspace) return;
    throw new ApiError(
      429,
      'rate_limited',
      `this workspace has ${n.toLocaleString('en-US')} jobs queued or running, the most one workspace may have is ${this.maxPerWorkspace.toLocaleString('en-US')}: no generation or collection was started; retry in ${CAP_RETRY_AFTER_S} s, once some of them have run`,
      { 'Retry-After': String(CAP_RETRY_AFTER_S) },
    );
  }

  /**
   * Takes the next due job for this process, or null. A job is due by the time of its own workspace;
   * leases run on real time (they guard against dead holders, not simulated work). With `workspaceId`,
   * only that workspace's jobs due by `until` (an advance stepping through its time).
   *
   * No transaction of its own: each statement is atomic, reads come first and a write happens only
   * when there is something to take, so an idle poll changes nothing (the read caches stay warm) and
   * replicas on Postgres claiming at once hold nothing that the others' transactions wait for.
   */
  async claim(only?: { workspaceId: string; until: number }): Promise<JobRow | null> {
    const real = this.#d.clock.base.now();
    await this.#takeOver(real.toISOString());
    for (let round = 0; round < ROUNDS; round++) {
      const candidates = only
        ? await this.#dueOf(only.workspaceId, only.until, CANDIDATES)
        : await this.#due(real.getTime());
      if (candidates.length === 0) return null;
      for (const job of candidates) {
        const taken = await this.#take(job, real);
        if (!taken) continue;
        if (!only) this.#served = taken.workspace_id ?? '';
        return taken;
      }
    }
    return null;
  }

  /** Puts back in the queue the jobs of other holders whose lease ran out or who died here. */
  async #takeOver(realIso: string): Promise<void> {
    const store = this.#d.store;
    const running = await store.all<{
      id: string;
      lease_owner: string | null;
      lease_until: string | null;
    }>(
      "SELECT id, lease_owner, lease_until FROM jobs WHERE state = 'running' AND lease_owner != ?",
      this.owner,
    );
    for (const r of running) {
      if (
        !r.lease_owner ||
        !r.lease_until ||
        (r.lease_until > realIso && !holderIsDead(r.lease_owner))
      )
        continue;
      // only the lease as read: a holder that finished since, or a process that took it over first, wins
      await store.run(
        "UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE id = ? AND state = 'running' AND lease_owner = ? AND lease_until = ?",
        realIso,
        r.id,
        r.lease_owner,
        r.lease_until,
      );
    }
  }

  /**
   * Takes a job read as queued if it still is, unchanged, and no other process is taking it this
   * instant; the job as taken, or null when another process was first.
   */
  async #take(job: Candidate, real: Date): Promise<JobRow | null> {
    const store = this.#d.store;
    const iso = (job.workspace_id ? this.#d.clock.of(job.workspace_id) : real).toISOString();
    const until = new Date(real.getTime() + this.leaseMs).toISOString();
    const { changes } = await store.run(
      `UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?, attempts = attempts + 1, updated_at = ?
        WHERE id = (SELECT id FROM jobs WHERE id = ? AND state = 'queued' AND run_at = ?${store.dialect.skipLocked})`,
      this.owner,
      until,
      iso,
      job.id,
      job.run_at,
    );
    if (changes === 0) return null;
    return (
      (await store.get<JobRow>(
        "SELECT * FROM jobs WHERE id = ? AND state = 'running' AND lease_owner = ?",
        job.id,
        this.owner,
      )) ?? null
    );
  }

  /**
   * Due queued jobs in the order of the round: those of the next workspace after the one served last
   * that has any (its earliest first), then the jobs of no workspace, then the workspaces from the
   * first again. A job is due by its own workspace's time; none of a workspace whose clock an advance
   * is moving (it runs them itself, in time order). One statement of three parts, each one seek of
   * the jobs_turns index, past only the not yet due jobs of the workspaces in between.
   */
  async #due(realMs: number): Promise<Candidate[]> {
    const store = this.#d.store;
    const custom = await this.#d.clock.custom();
    const real = new Date(realMs).toISOString();
    // workspaces that run ahead of (or behind, frozen) real time: due by their own time
    const whens = [...custom].flatMap(([ws, ms]) => [ws, new Date(ms).toISOString()]);
    const dueBy = custom.size
      ? `run_at <= CASE workspace_id ${'WHEN ? THEN ? '.repeat(custom.size)}ELSE ? END`
      : 'run_at <= ?';
    const part = (turn: number, where: string, order: string) =>
      `SELECT * FROM (SELECT id, workspace_id, run_at, ${turn} AS turn FROM jobs WHERE state = 'queued' AND ${where} ORDER BY ${order} LIMIT ?) AS turn${turn}`;
    const ofWorkspaces = [this.#served, ...whens, real, real, CANDIDATES];
    const rows = await store.all<Candidate & { turn: number }>(
      `${part(0, `workspace_id > ? AND ${dueBy} AND ${NOT_ADVANCING}`, 'workspace_id, run_at, id')}
       UNION ALL ${part(1, 'workspace_id IS NULL AND run_at <= ?', 'run_at, id')}
       UNION ALL ${part(2, `workspace_id <= ? AND ${dueBy} AND ${NOT_ADVANCING}`, 'workspace_id, run_at, id')}`,
      ...ofWorkspaces,
      real,
      CANDIDATES,
      ...ofWorkspaces,
    );
    // in the round's order (a few dozen rows at most): sorted here, so the engines need not merge
    return rows.sort(byTurn).slice(0, CANDIDATES);
  }

  #dueOf(workspaceId: string, until: number, limit: number): Promise<JobRow[]> {
    return this.#d.store.all<JobRow>(
      "SELECT * FROM jobs WHERE workspace_id = ? AND state = 'queued' AND run_at <= ? ORDER BY run_at, id LIMIT ?",
      workspaceId,
      new Date(until).toISOString(),
      limit,
    );
  }

  /** The next queued job of a workspace that falls due by `until`, without claiming it. */
  async peek(workspaceId: string, until: number): Promise<JobRow | undefined> {
    return (await this.#dueOf(workspaceId, until, 1))[0];
  }

  /**
   * True while this process still holds the job: a completion must check it in its own transaction.
   * The job's row stays locked until that transaction ends, so no other process takes the job over
   * (its lease run out) between the check and the completion.
   */
  async holds(jobId: string): Promise<boolean> {
    const store = this.#d.store;
    return !!(await store.get(
      `SELECT 1 FROM jobs WHERE id = ? AND state = 'running' AND lease_owner = ?${store.rowLock()}`,
      jobId,
      this.owner,
    ));
  }

  async finish(jobId: string, state: 'done' | 'failed', error = ''): Promise<void> {
    const iso = this.#d.clock.now().toISOString();
    await this.#d.store.run(
      'UPDATE jobs SET state = ?, error = ?, lease_owner = NULL, lease_until = NULL, finished_at = ?, updated_at = ? WHERE id = ?',
      state,
      error,
      iso,
      iso,
      jobId,
    );
  }

  /** Puts a running job back in the queue to run again later (e.g. its inputs are not ready yet). */
  async retryLater(jobId: string, delayMs: number): Promise<void> {
    const now = this.#d.clock.now();
    await this.#d.store.run(
      "UPDATE jobs SET state = 'queued', run_at = ?, lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE id = ?",
      new Date(now.getTime() + delayMs).toISOString(),
      now.toISOString(),
      jobId,
    );
  }

  /** Milliseconds of real time until the next queued job is due, or null when unknown (poll). */
  async msUntilDue(): Promise<number | null> {
    const row = await this.#d.store.get<{ run_at: string; workspace_id: string | null }>(
      "SELECT run_at, workspace_id FROM jobs WHERE state = 'queued' ORDER BY run_at LIMIT 1",
    );
    if (!row) return null;
    // A workspace on its own time may have an earlier due job: only tell when every clock is real.
    if ((await this.#d.clock.custom()).size > 0) return null;
    return Math.max(0, Date.parse(row.run_at) - this.#d.clock.base.now().getTime());
  }

  /** Hands back every running job held by `owner` (a worker that stopped or died), to run again. */
  async release(owner: string): Promise<number> {
    const iso = this.#d.clock.base.now().toISOString();
    const r = await this.#d.store.run(
      "UPDATE jobs SET state = 'queued', lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE state = 'running' AND lease_owner = ?",
      iso,
      owner,
    );
    return r.changes;
  }

  /** How many jobs the given lease owners are running now (a pool's workers, when it stops). */
  async runningBy(owners: readonly string[]): Promise<number> {
    const store = this.#d.store;
    const row = await store.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM jobs WHERE state = 'running' AND lease_owner IN ${store.dialect.jsonValues('?')}`,
      JSON.stringify(owners),
    );
    return row!.n;
  }

  /** The workspace's latest jobs, newest first (the console of adcli serve lists them). */
  recent(workspaceId: string, limit: number): Promise<JobRow[]> {
    return this.#d.store.all<JobRow>(
      'SELECT * FROM jobs WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
      workspaceId,
      limit,
    );
  }

  /** How many jobs of the workspace are in each state. */
  async countByState(workspaceId: string): Promise<Record<JobRow['state'], number>> {
    const out = { queued: 0, running: 0, done: 0, failed: 0 };
    for (const r of await this.#d.store.all<{ state: JobRow['state']; n: number }>(
      'SELECT state, COUNT(*) AS n FROM jobs WHERE workspace_id = ? GROUP BY state',
      workspaceId,
    ))
      out[r.state] = r.n;
    return out;
  }

  pending(kind: JobKind, subject: string): Promise<JobRow | undefined> {
    return this.#d.store.get<JobRow>(
      "SELECT * FROM jobs WHERE kind = ? AND subject = ? AND state IN ('queued', 'running') LIMIT 1",
      kind,
      subject,
    );
  }

  /**
   * Forgets jobs that finished more than JOB_RETENTION_MS ago in their workspace's time, so the table
   * stays bounded; returns how many. One workspace with `workspaceId` (after an advance), else all.
   */
  prune(workspaceId?: string): Promise<number> {
    const store = this.#d.store;
    return store.write(async () => {
      await this.#d.clock.refresh();
      const ids =
        workspaceId !== undefined
          ? [workspaceId]
          : (
              await store.all<{ w: string | null }>(
                "SELECT DISTINCT workspace_id AS w FROM jobs WHERE state IN ('done', 'failed')",
              )
            ).map((r) => r.w);
      let n = 0;
      for (const ws of ids) {
        const now = ws ? this.#d.clock.of(ws) : this.#d.clock.base.now();
        const cutoff = new Date(now.getTime() - JOB_RETENTION_MS).toISOString();
        const r = ws
          ? await store.run(
              "DELETE FROM jobs WHERE workspace_id = ? AND state IN ('done', 'failed') AND finished_at < ?",
              ws,
              cutoff,
            )
          : await store.run(
              "DELETE FROM jobs WHERE workspace_id IS NULL AND state IN ('done', 'failed') AND finished_at < ?",
              cutoff,
            );
        n += r.changes;
      }
      return n;
    });
  }
}
