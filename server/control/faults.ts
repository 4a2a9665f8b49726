import { invalid, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { DomainDeps } from '../kernel/deps.ts';

export const FAULT_METHODS = ['*', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
/** A rule's bounds: an error status; a wait a client would still sit through; a count that is not forever. */
export const FAULT_BOUNDS = {
  status: { min: 400, max: 599 },
  delayMs: { min: 0, max: 60_000 },
  count: { min: 1, max: 1_000_000 },
} as const;
export const MAX_FAULT_DELAY_MS = FAULT_BOUNDS.delayMs.max;
export const MAX_FAULT_RULES = 100;

export interface FaultRuleInput {
  method?: (typeof FAULT_METHODS)[number];
  /** an API path under /api/v1: `*` or `{name}` stands for one segment, a final `**` for the rest */
  path: string;
  /** answer with this status, in the contract's error shape */
  status?: number;
  /** wait this long before answering (alone: then the request goes on normally) */
  delayMs?: number;
  /** close the connection without an answer */
  drop?: boolean;
  /** apply to this many matching requests, then stop */
  count?: number;
  /** apply to each matching request with this probability */
  probability?: number;
}

export interface FaultRule {
  id: string;
  method: string;
  path: string;
  status: number | null;
  delayMs: number | null;
  drop: boolean;
  /** matching requests it still applies to; null: no count, every one */
  remaining: number | null;
  probability: number | null;
  /** how many requests it has been applied to */
  matched: number;
  createdAt: string;
}

/** What to do to one request: wait, then answer with a status or drop the connection (or go on). */
export interface FaultAction {
  /** the rule, or `prefer` for a one-off Prefer header */
  source: string;
  delayMs: number;
  status: number | null;
  drop: boolean;
}

/**
 * Whose rules a call sees: a workspace's, and for a key limited to accounts or campaigns only the
 * rules it added, which apply to its own requests only (it cannot fault requests outside its limit).
 */
export interface FaultOwner {
  workspaceId: string;
  /** the limited key acting; null for a key without limits (every rule of the workspace) */
  limitedKeyId: string | null;
}

interface FaultRow {
  id: string;
  workspace_id: string;
  key_id: string | null;
  seq: number;
  method: string;
  path: string;
  status: number | null;
  delay_ms: number | null;
  drop_connection: number;
  remaining: number | null;
  probability: number | null;
  matched: number;
  created_at: string;
}

/**
 * Fault rules of a workspace: requests of the workspace
 * whose method and path match a rule get its status, delay or dropped connection. Rules live in the
 * store so every process and the local profile's next command see them; the request path reads them
 * through a cache that lasts while the store is unchanged.
 */
export class FaultRules {
  readonly #d: DomainDeps;
  #stamp = '';
  #byWorkspace = new Map<string, FaultRow[]>();
  readonly #random: () => number;

  constructor(deps: DomainDeps, random: () => number = Math.random) {
    this.#d = deps;
    this.#random = random;
  }

  /** Adds a rule; `known` are the API's operations (paths with {param} segments): a rule must match one. */
  add(
    owner: FaultOwner,
    input: FaultRuleInput,
    known: readonly { method: string; path: string }[],
  ): Promise<FaultRule> {
    const { workspaceId } = owner;
    const method = input.method ?? '*';
    const path = normalizePath(input.path);
    if (input.status === undefined && input.delayMs === undefined && !input.drop) {
      throw invalid('a fault rule needs status, delayMs or drop');
    }
    if (input.status !== undefined && input.drop)
      throw invalid('status and drop exclude each other: a dropped connection has no status');
    if (input.count !== undefined && input.probability !== undefined)
      throw invalid('count and probability exclude each other');
    if (!matchesAnOperation(method, path, known)) {
      throw invalid(
        `path: ${method} ${path} matches no operation of the API (paths are relative to /api/v1, e.g. /campaigns/* or /campaigns/{campaignId})`,
      );
    }
    const store = this.#d.store;
    return store.write(async () => {
      const n = (await store.get<{ n: number; seq: number | null }>(
        'SELECT COUNT(*) AS n, MAX(seq) AS seq FROM fault_rules WHERE workspace_id = ?',
        workspaceId,
      ))!;
      if (n.n >= MAX_FAULT_RULES)
        throw invalid(`a workspace holds at most ${MAX_FAULT_RULES} fault rules; clear some first`);
      const now = this.#d.clock.now();
      const id = newId(now);
      await store.run(
        `INSERT INTO fault_rules (id, workspace_id, key_id, seq, method, path, status, delay_ms, drop_connection, remaining, probability, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        workspaceId,
        owner.limitedKeyId,
        (n.seq ?? 0) + 1,
        method,
        path,
        input.status ?? null,
        input.delayMs ?? null,
        input.drop ? 1 : 0,
        input.count ?? null,
        input.probability ?? null,
        now.toISOString(),
      );
      return toRule((await store.get<FaultRow>('SELECT * FROM fault_rules WHERE id = ?', id))!);
    });
  }

  async list(owner: FaultOwner): Promise<FaultRule[]> {
    const { where, params } = ownedBy(owner);
    return (
      await this.#d.store.all<FaultRow>(
        `SELECT * FROM fault_rules WHERE ${where} ORDER BY seq`,
        ...params,
      )
    ).map(toRule);
  }

  async remove(owner: FaultOwner, id: string): Promise<{ id: string; deleted: true }> {
    const { where, params } = ownedBy(owner);
    const { changes } = await this.#d.store.run(
      `DELETE FROM fault_rules WHERE ${where} AND id = ?`,
      ...params,
      id,
    );
    if (!changes)
      throw notFound(
        owner.limitedKeyId === null
          ? `no fault rule ${id} in this workspace`
          : `no fault rule ${id} added by this API key`,
      );
    return { id, deleted: true };
  }

  async clear(owner: FaultOwner): Promise<{ deleted: number }> {
    const { where, params } = ownedBy(owner);
    const { changes } = await this.#d.store.run(
      `DELETE FROM fault_rules WHERE ${where}`,
      ...params,
    );
    return { deleted: changes };
  }

  /**
   * The fault for a request of the workspace (path relative to /api/v1), or null. The first rule that
   * matches and still applies wins; a counted rule is used up atomically, so two servers on one data
   * dir never apply one count twice.
   */
  match(
    workspaceId: string,
    keyId: string,
    method: string,
    path: string,
  ): FaultAction | null | Promise<FaultAction | null> {
    // The common case, no rules for the workspace and the store's stamp known: answered at once.
    const known = this.#d.store.knownStamp('access');
    if (known !== undefined && known === this.#stamp && !this.#byWorkspace.has(workspaceId))
      return null;
    return this.#match(workspaceId, keyId, method, path);
  }

  async #match(
    workspaceId: string,
    keyId: string,
    method: string,
    path: string,
  ): Promise<FaultAction | null> {
    const rules = await this.#rules(workspaceId);
    if (rules.length === 0) return null;
    const segments = path.split('/');
    for (const r of rules) {
      if (r.key_id !== null && r.key_id !== keyId) continue;
      if (r.method !== '*' && r.method !== method) continue;
      if (!patternMatchesPath(r.path, segments)) continue;
      if (r.probability !== null && this.#random() >= r.probability) continue;
      const { changes } =
        r.remaining === null
          ? await this.#d.store.run(
              'UPDATE fault_rules SET matched = matched + 1 WHERE id = ?',
              r.id,
            )
          : await this.#d.store.run(
              'UPDATE fault_rules SET matched = matched + 1, remaining = remaining - 1 WHERE id = ? AND remaining > 0',
              r.id,
            );
      if (!changes) continue;
      return {
        source: r.id,
        delayMs: r.delay_ms ?? 0,
        status: r.status,
        drop: r.drop_connection === 1,
      };
    }
    return null;
  }

  async #rules(workspaceId: string): Promise<FaultRow[]> {
    const stamp = await this.#d.store.changeStamp('access');
    if (stamp !== this.#stamp) {
      const byWorkspace = new Map<string, FaultRow[]>();
      for (const r of await this.#d.store.all<FaultRow>(
        'SELECT * FROM fault_rules WHERE remaining IS NULL OR remaining > 0 ORDER BY seq',
      )) {
        const list = byWorkspace.get(r.workspace_id) ?? [];
        list.push(r);
        byWorkspace.set(r.workspace_id, list);
      }
      this.#byWorkspace = byWorkspace;
      this.#stamp = stamp;
    }
    return this.#byWorkspace.get(workspaceId) ?? [];
  }
}

/**
 * The one-off faults of the `Prefer` request header (as Prism's): `code=503` answers with that status,
 * `delay=2000` waits first. Other preferences are left alone (RFC 7240). Null without either.
 */
export function preferFault(header: string | undefined): FaultAction | null {
  if (!header) return null;
  let status: number | null = null;
  let delayMs = 0;
  for (const part of header.split(/[,;]/)) {
    const [rawName, rawValue] = part.split('=', 2).map((s) => s?.trim());
    const name = rawName?.toLowerCase();
    if (name !== 'code' && name !== 'delay') continue;
    const value = rawValue?.replace(/^"(.*)"$/, '$1') ?? '';
    if (!/^\d{1,6}$/.test(value))
      throw invalid(`Prefer: ${name} must be a whole number, not ${JSON.stringify(value)}`);
    const n = Number(value);
    if (name === 'code') {
      if (n < 400 || n > 599) throw invalid('Prefer: code must be an error status from 400 to 599');
      status = n;
    } else {
      if (n > MAX_FAULT_DELAY_MS)
        throw invalid(`Prefer: delay must be 0 to ${MAX_FAULT_DELAY_MS} ms`);
      delayMs = n;
    }
  }
  return status === null && delayMs === 0
    ? null
    : { source: 'prefer', delayMs, status, drop: false };
}

/** Whether a rule's method and (normalised) path can match a request of one of the `known` operations. */
export function matchesAnOperation(
  method: string,
  path: string,
  known: readonly { method: string; path: string }[],
): boolean {
  return known.some(
    (op) => (method === '*' || op.method === method) && patternMatchesTemplate(path, op.path),
  );
}

/** `/campaigns/{id}/` and `campaigns/*` alike: one leading slash, none trailing. */
function normalizePath(path: string): string {
  const p = ('/' + path.trim().replace(/^\/+/, '')).replace(/\/+$/, '');
  if (p.startsWith('/api/v1/')) return p.slice('/api/v1'.length);
  return p || '/';
}

const isWild = (seg: string) => seg === '*' || /^\{\w+\}$/.test(seg);

function patternMatchesPath(pattern: string, segments: readonly string[]): boolean {
  const p = pattern.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '**' && i === p.length - 1) return segments.length > i;
    if (i >= segments.length) return false;
    if (!isWild(p[i]!) && p[i] !== segments[i]) return false;
  }
  return p.length === segments.length;
}

/** Whether a pattern can match some request of an operation whose path template has {param} segments. */
function patternMatchesTemplate(pattern: string, template: string): boolean {
  const p = pattern.split('/');
  const t = template.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '**' && i === p.length - 1) return t.length > i;
    if (i >= t.length) return false;
    if (!isWild(p[i]!) && !isWild(t[i]!) && p[i] !== t[i]) return false;
  }
  return p.length === t.length;
}

function ownedBy(owner: FaultOwner): { where: string; params: string[] } {
  return owner.limitedKeyId === null
    ? { where: 'workspace_id = ?', params: [owner.workspaceId] }
    : { where: 'workspace_id = ? AND key_id = ?', params: [owner.workspaceId, owner.limitedKeyId] };
}

function toRule(r: FaultRow): FaultRule {
  return {
    id: r.id,
    method: r.method,
    path: r.path,
    status: r.status,
    delayMs: r.delay_ms,
    drop: r.drop_connection === 1,
    remaining: r.remaining,
    probability: r.probability,
    matched: r.matched,
    createdAt: r.created_at,
  };
}
