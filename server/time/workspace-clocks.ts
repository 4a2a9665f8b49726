import type { Clock } from '../lib/clock.ts';
import { invalid } from '../lib/errors.ts';
import type { Store } from '../store/db.ts';

/** How one workspace's clock stands: real time (plus an offset once moved forward) or frozen. */
export interface ClockState {
  now: string;
  frozen: boolean;
  /** how far ahead of real time it runs (0 for a clock never moved) */
  offsetMs: number;
}

interface ClockRow {
  workspace_id: string;
  frozen_at: string | null;
  offset_ms: number;
}

/**
 * The time of each workspace (design section 7). A workspace runs on real time until someone freezes
 * it or moves it forward; its clock lives in the store (table `workspace_clocks`), so every process and
 * worker thread on the data dir sees the same time.
 *
 * Domain code keeps asking `clock.now()`: the answer is the time of the workspace whose work is being
 * done, set with `within(workspaceId, fn)` around each request's handler and each job. Everything in
 * this backend is synchronous inside those calls, so a plain scope (no async context) is enough.
 */
export class WorkspaceClocks implements Clock {
  readonly #store: Store;
  /** real time: the system clock, or a test's ManualClock */
  readonly base: Clock;
  /** where `serve --clock TIME` starts every new workspace: frozen at that instant */
  newWorkspaceFrozenAt: Date | null = null;
  #scope: string | null = null;
  /** instants pinned while an advance steps through due work, by workspace */
  readonly #pinned = new Map<string, number>();
  #rows = new Map<string, ClockRow>();
  #stamp = '';

  constructor(store: Store, base: Clock) {
    this.#store = store;
    this.base = base;
  }

  /** The time of the workspace in scope; real time outside any workspace. */
  now(): Date {
    return this.#scope === null ? this.base.now() : this.of(this.#scope);
  }

  /** The workspace whose time `now()` tells, or null. */
  get scope(): string | null {
    return this.#scope;
  }

  /** Runs fn on the workspace's time (re-entrant: the innermost scope wins, the outer one comes back). */
  within<T>(workspaceId: string | null, fn: () => T): T {
    const outer = this.#scope;
    this.#scope = workspaceId;
    try {
      return fn();
    } finally {
      this.#scope = outer;
    }
  }

  of(workspaceId: string): Date {
    const pinned = this.#pinned.get(workspaceId);
    if (pinned !== undefined) return new Date(pinned);
    const row = this.#row(workspaceId);
    if (!row) return this.base.now();
    if (row.frozen_at !== null) return new Date(row.frozen_at);
    return new Date(this.base.now().getTime() + row.offset_ms);
  }

  state(workspaceId: string): ClockState {
    const row = this.#row(workspaceId);
    const now = this.of(workspaceId);
    return {
      now: now.toISOString(),
      frozen: row?.frozen_at != null,
      offsetMs: row ? (row.frozen_at !== null ? now.getTime() - this.base.now().getTime() : row.offset_ms) : 0,
    };
  }

  /** Workspaces whose clock is not plain real time, with their time now (for the job queue). */
  custom(): Map<string, number> {
    this.#refresh();
    const out = new Map<string, number>();
    for (const id of this.#rows.keys()) out.set(id, this.of(id).getTime());
    for (const [id, ms] of this.#pinned) out.set(id, ms);
    return out;
  }

  /** Stops the workspace's time where it is now. Call inside a write transaction. */
  freeze(workspaceId: string): void {
    this.#save(workspaceId, this.of(workspaceId), true);
  }

  /** Lets frozen time run again from where it stands (it stays ahead of real time by as much). */
  resume(workspaceId: string): void {
    this.#save(workspaceId, this.of(workspaceId), false);
  }

  /**
   * Moves the workspace's time to `at`, keeping it frozen or running. Never backwards: time that went
   * back would break every "newest first" list, expiry and report.
   */
  moveTo(workspaceId: string, at: Date, field = 'time'): void {
    const now = this.of(workspaceId);
    if (at.getTime() < now.getTime()) {
      throw invalid(`${field}: ${at.toISOString()} is before the workspace's time ${now.toISOString()}; a clock only moves forward`);
    }
    this.#save(workspaceId, at, this.#row(workspaceId)?.frozen_at != null);
  }

  /** Back to real time (a reset): forgets the workspace's clock. */
  forget(workspaceId: string): void {
    this.#store.run('DELETE FROM workspace_clocks WHERE workspace_id = ?', workspaceId);
    this.#pinned.delete(workspaceId);
  }

  /** Where a new workspace's clock starts: frozen at `serve --clock` if given, else real time. */
  startNew(workspaceId: string): void {
    if (this.newWorkspaceFrozenAt) this.#save(workspaceId, this.newWorkspaceFrozenAt, true);
  }

  /** Pins the workspace at `at` while fn runs (an advance stepping through due work), unpinned after. */
  pinned<T>(workspaceId: string, fn: (pin: (at: number) => void) => T): T {
    try {
      return fn((at) => this.#pinned.set(workspaceId, at));
    } finally {
      this.#pinned.delete(workspaceId);
    }
  }

  #save(workspaceId: string, at: Date, frozen: boolean): void {
    const real = this.base.now().getTime();
    this.#store.run(
      `INSERT INTO workspace_clocks (workspace_id, frozen_at, offset_ms, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (workspace_id) DO UPDATE SET frozen_at = excluded.frozen_at, offset_ms = excluded.offset_ms, updated_at = excluded.updated_at`,
      workspaceId,
      frozen ? at.toISOString() : null,
      frozen ? 0 : at.getTime() - real,
      new Date(real).toISOString(),
    );
    this.#stamp = ''; // read it back on the next call
  }

  #row(workspaceId: string): ClockRow | undefined {
    this.#refresh();
    return this.#rows.get(workspaceId);
  }

  /** Clock rows are few and change rarely: one read per change of the store, shared by every call. */
  #refresh(): void {
    const stamp = this.#store.changeStamp();
    if (stamp === this.#stamp) return;
    this.#rows = new Map(this.#store.all<ClockRow>('SELECT workspace_id, frozen_at, offset_ms FROM workspace_clocks').map((r) => [r.workspace_id, r]));
    this.#stamp = stamp;
  }
}
