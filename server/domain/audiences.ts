import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { Audience } from '../schemas/records.ts';
import type { Actor } from './actor.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import type { DataStores } from './data-stores.ts';
import { assertMayChangeShared } from './limits.ts';
import { selectPage, toPage, type PageQuery } from './paging.ts';

interface AudienceRow {
  seq: number;
  id: string;
  name: string;
  description: string;
  kind: Audience['kind'];
  keywords: string;
  topics: string;
  tags: string;
  data_store_ids: string;
  created_at: string;
  updated_at: string;
}

export type AudienceFields = Omit<Audience, 'id' | 'createdAt' | 'updatedAt'>;

const ARRAY_FIELDS = {
  keywords: 'keywords',
  topics: 'topics',
  tags: 'tags',
  dataStoreIds: 'data_store_ids',
} as const;

export class Audiences {
  readonly #d: DomainDeps;
  readonly #dataStores: DataStores;
  constructor(deps: DomainDeps, dataStores: DataStores) {
    this.#d = deps;
    this.#dataStores = dataStores;
  }

  async list(actor: Actor, q: PageQuery) {
    const rows = await selectPage<AudienceRow>(
      this.#d.store,
      'audiences',
      'workspace_id = ?',
      [actor.workspaceId],
      q,
    );
    return toPage(rows, q.limit, (r) => r.map(toRecord));
  }

  async count(actor: Actor): Promise<number> {
    return (await this.#d.store.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM audiences WHERE workspace_id = ?',
      actor.workspaceId,
    ))!.n;
  }

  /** With `lock` (a write that changes it), the row stays locked until the write commits. */
  async find(actor: Actor, id: string, lock = false): Promise<Audience | undefined> {
    const row = await this.#d.store.get<AudienceRow>(
      `SELECT * FROM audiences WHERE id = ? AND workspace_id = ?${lock ? this.#d.store.rowLock() : ''}`,
      id,
      actor.workspaceId,
    );
    return row && toRecord(row);
  }

  async get(actor: Actor, id: string, lock = false): Promise<Audience> {
    const a = await this.find(actor, id, lock);
    if (!a) throw notFound(`no audience ${id} in this workspace`);
    return a;
  }

  async create(actor: Actor, input: Partial<AudienceFields> & { name: string }): Promise<Audience> {
    const now = this.#d.clock.now();
    const id = newId(now);
    const dataStoreIds = await this.#dataStores.resolveIds(
      actor,
      input.dataStoreIds ?? [],
      'dataStoreIds',
    );
    await this.#d.store.run(
      `INSERT INTO audiences (id, workspace_id, name, description, kind, keywords, topics, tags, data_store_ids, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      actor.workspaceId,
      input.name,
      input.description ?? '',
      input.kind ?? 'custom',
      JSON.stringify(input.keywords ?? []),
      JSON.stringify(input.topics ?? []),
      JSON.stringify(input.tags ?? []),
      JSON.stringify(dataStoreIds),
      now.toISOString(),
      now.toISOString(),
    );
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, patch: Partial<AudienceFields>): Promise<Audience> {
    // what the patch leaves out is written back as read
    const current = await this.get(actor, id, true);
    await assertMayChangeShared(this.#d.store, actor, { kind: 'audience', id }, 'change');
    if (Object.keys(patch).length === 0) return current;
    const next = { ...current, ...patch };
    if (patch.dataStoreIds)
      next.dataStoreIds = await this.#dataStores.resolveIds(
        actor,
        patch.dataStoreIds,
        'dataStoreIds',
      );
    // the row is locked and there: the answer's read goes in the same round trip
    this.#d.store.send(
      `UPDATE audiences SET name = ?, description = ?, kind = ?, ${Object.values(ARRAY_FIELDS)
        .map((c) => `${c} = ?`)
        .join(', ')}, updated_at = ? WHERE id = ?`,
      next.name,
      next.description,
      next.kind,
      ...Object.keys(ARRAY_FIELDS).map((k) => JSON.stringify(next[k as keyof typeof ARRAY_FIELDS])),
      this.#d.clock.now().toISOString(),
      id,
    );
    return this.get(actor, id);
  }

  /** Campaigns keep their own copy in their audience slots, so nothing else changes. */
  async delete(actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
    await this.get(actor, id, true);
    await assertMayChangeShared(this.#d.store, actor, { kind: 'audience', id }, 'delete');
    await this.#d.store.run('DELETE FROM audiences WHERE id = ?', id);
    return { id, deleted: true };
  }
}

function toRecord(r: AudienceRow): Audience {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    kind: r.kind,
    keywords: parseJsonArray(r.keywords),
    topics: parseJsonArray(r.topics),
    tags: parseJsonArray(r.tags),
    dataStoreIds: parseJsonArray(r.data_store_ids),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
