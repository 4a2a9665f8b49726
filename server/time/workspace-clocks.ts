import { clockRangeProblem, type Clock } from '../lib/clock.ts';
import { invalid } from '../lib/errors.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Store } from '../store/port.ts';

/**
 * A 400 naming `field` when a clock may not show `at` (past year 9999, before 1970): every move of a
 * workspace's clock (set, advance, a fixtures file's clock) is checked before it is saved.
 */
export function checkClockTime(at: Date, field: string): void {
  const problem = clockRangeProblem(at);
  if (problem) {
    const shown = Number.isNaN(at.getTime()) ? 'that time' : at.toISOString();
    throw invalid(`${field}: the clock would show ${shown}, ${problem}`);
  }
}

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
 * The time of each workspace. A workspace runs on real time until someone freezes
 * it or moves it forward; its clock lives in the store (table `workspace_clocks`), so every process and
 * worker thread on the data dir sees the same time.
 *
 * Domain code keeps asking `clock.now()`, synchronously: the answer is the time of the workspace whose
 * work is being done, set with `within(workspaceId, fn)` around each request's handler and each job
 * (an async context, so concurrent requests of different workspaces each keep their own). The clock
 * rows are read once per change of the store, when a scope is entered or `refresh()` is awaited;
 * a change made through this object is seen at once.
 */
export class WorkspaceClocks implements Clock {
  readonly #store: Store;
  /** real time: the system clock, or a test's ManualClock */
  readonly base: Clock;
  /** where `serve --clock TIME` starts every new workspace: frozen at that instant */
  readonly newWorkspaceFrozenAt: Date | null;
  readonly #scope = new AsyncLocalStorage<string | null>();
  /** instants pinned while an advance steps through due work, by workspace */
  readonly #pinned = new Map<string, number>();
  #rows = new Map<string, ClockRow>();
  #stamp = '';
  /** bumped by each refresh and each change: a refresh older than the last one kept is dropped */
  #generation = 0;
  #kept = 0;

  constructor(store: Store, base: Clock, opts: { newWorkspaceFrozenAt?: Date | null } = {}) {
    this.#store = store;
    this.base = base;
    this.newWorkspaceFrozenAt = opts.newWorkspaceFrozenAt ?? null;
  }

  /** The time of the workspace in scope; real time outside any workspace. */
  now(): Date {
    const scope = this.#scope.getStore() ?? null;
    return scope === null ? this.base.now() : this.of(scope);
  }

  /** The workspace whose time `now()` tells, or null. */
  get scope(): string | null {
    return this.#scope.getStore() ?? null;
  }

  /** Runs fn on the workspace's time (re-entrant: the innermost scope wins, the outer one comes back). */
  async within<T>(workspaceId: string | null, fn: () => T | Promise<T>): Promise<T> {
    await this.refresh();
    return this.#scope.run(workspaceId, fn);
  }

  /** The workspace's time now, as of the last refresh (or a change made through this object). */
  of(workspaceId: string): Date {
    const pinned = this.#pinned.get(workspaceId);
    if (pinned !== undefined) return new Date(pinned);
    const row = this.#rows.get(workspaceId);
    if (!row) return this.base.now();
    if (row.frozen_at !== null) return new Date(row.frozen_at);
    return new Date(this.base.now().getTime() + row.offset_ms);
  }

  async state(workspaceId: string): Promise<ClockState> {
    await this.refresh();
    const row = this.#rows.get(workspaceId);
    const now = this.of(workspaceId);
    return {
      now: now.toISOString(),
      frozen: row?.frozen_at != null,
      offsetMs: row
        ? row.frozen_at !== null
          ? now.getTime() - this.base.now().getTime()
          : row.offset_ms
        : 0,
    };
  }

  /** Workspaces whose clock is not plain real time, with their time now (for the job queue). */
  async custom(): Promise<Map<string, number>> {
    await this.refresh();
    const out = new Map<string, number>();
    for (const id of this.#rows.keys()) out.set(id, this.of(id).getTime());
    for (const [id, ms] of this.#pinned) out.set(id, ms);
    return out;
  }

  /** Stops the workspace's time where it is now. Call inside a write transaction. */
  freeze(workspaceId: string): Promise<void> {
    return this.#save(workspaceId, this.of(workspaceId), true);
  }

  /** Lets frozen time run again from where it stands (it stays ahead of real time by as much). */
  resume(workspaceId: string): Promise<void> {
    return this.#save(workspaceId, this.of(workspaceId), false);
  }

  /**
   * Moves the workspace's time to `at`, keeping it frozen or running. Never backwards: time that went
   * back would break every "newest first" list, expiry and report.
   */
  async moveTo(workspaceId: string, at: Date, field = 'time'): Promise<void> {
    await this.refresh();
    const now = this.of(workspaceId);
    if (at.getTime() < now.getTime()) {
      throw invalid(
        `${field}: ${at.toISOString()} is before the workspace's time ${now.toISOString()}; a clock only moves forward`,
      );
    }
    checkClockTime(at, field);
    await this.#save(workspaceId, at, this.#rows.get(workspaceId)?.frozen_at != null);
  }

  /** Back to real time (a reset): forgets the workspace's clock. */
  async forget(workspaceId: string): Promise<void> {
    await this.#store.run('DELETE FROM workspace_clocks WHERE workspace_id = ?', workspaceId);
    this.#rows.delete(workspaceId);
    this.#pinned.delete(workspaceId);
  }

  /** Reads the workspace's clock row again, inside the caller's transaction (a snapshot just wrote it). */
  async reread(workspaceId: string): Promise<void> {
    const row = await this.#store.get<ClockRow>(
      'SELECT workspace_id, frozen_at, offset_ms FROM workspace_clocks WHERE workspace_id = ?',
      workspaceId,
    );
    if (row) this.#rows.set(workspaceId, row);
    else this.#rows.delete(workspaceId);
    this.#stamp = '';
    this.#kept = ++this.#generation;
  }

  /** Where a new workspace's clock starts: frozen at `serve --clock` if given, else real time. */
  async startNew(workspaceId: string): Promise<void> {
    if (this.newWorkspaceFrozenAt) await this.#save(workspaceId, this.newWorkspaceFrozenAt, true);
  }

  /** Pins the workspace at `at` while fn runs (an advance stepping through due work), unpinned after. */
  async pinned<T>(workspaceId: string, fn: (pin: (at: number) => void) => Promise<T>): Promise<T> {
    try {
      return await fn((at) => this.#pinned.set(workspaceId, at));
    } finally {
      this.#pinned.delete(workspaceId);
    }
  }

  async #save(workspaceId: string, at: Date, frozen: boolean): Promise<void> {
    const real = this.base.now().getTime();
    const row: ClockRow = {
      workspace_id: workspaceId,
      frozen_at: frozen ? at.toISOString() : null,
      offset_ms: frozen ? 0 : at.getTime() - real,
    };
    await this.#store.run(
      `INSERT INTO workspace_clocks (workspace_id, frozen_at, offset_ms, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (workspace_id) DO UPDATE SET frozen_at = excluded.frozen_at, offset_ms = excluded.offset_ms, updated_at = excluded.updated_at`,
      workspaceId,
      row.frozen_at,
      row.offset_ms,
      new Date(real).toISOString(),
    );
    // Seen at once here; other processes see it once the commit changes the store's stamp.
    this.#rows.set(workspaceId, row);
    this.#stamp = '';
    this.#kept = ++this.#generation;
  }

  /**
   * Clock rows are few and change rarely: one read per change of the store, shared by every call.
   * Undefined (no promise) when they are known to be current.
   */
  refresh(): Promise<void> | undefined {
    if (this.#store.knownStamp('access') === this.#stamp) return undefined;
    return this.#reread();
  }

  async #reread(): Promise<void> {
    const stamp = await this.#store.changeStamp('access');
    if (stamp === this.#stamp) return;
    const generation = ++this.#generation;
    const rows = await this.#store.all<ClockRow>(
      'SELECT workspace_id, frozen_at, offset_ms FROM workspace_clocks',
    );
    // Overlapping refreshes (concurrent requests): one that began before the last kept refresh or
    // change may have read older rows, so it must not replace them.
    if (generation < this.#kept) return;
    this.#kept = generation;
    this.#rows = new Map(rows.map((r) => [r.workspace_id, r]));
    this.#stamp = stamp;
  }
}
