import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { Audience } from '../schemas/records.ts';
import type { Actor } from './actor.ts';
import type { DomainDeps } from './context.ts';
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

const ARRAY_FIELDS = { keywords: 'keywords', topics: 'topics', tags: 'tags', dataStoreIds: 'data_store_ids' } as const;

export class Audiences {
  readonly #d: DomainDeps;
  readonly #dataStores: DataStores;
  constructor(deps: DomainDeps, dataStores: DataStores) {
    this.#d = deps;
    this.#dataStores = dataStores;
  }

  list(actor: Actor, q: PageQuery) {
    const rows = selectPage<AudienceRow>(this.#d.store, 'audiences', 'workspace_id = ?', [actor.workspaceId], q);
    return toPage(rows, q.limit, (r) => r.map(toRecord));
  }

  count(actor: Actor): number {
    return this.#d.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM audiences WHERE workspace_id = ?', actor.workspaceId)!.n;
  }

  find(actor: Actor, id: string): Audience | undefined {
    const row = this.#d.store.get<AudienceRow>('SELECT * FROM audiences WHERE id = ? AND workspace_id = ?', id, actor.workspaceId);
    return row && toRecord(row);
  }

  get(actor: Actor, id: string): Audience {
    const a = this.find(actor, id);
    if (!a) throw notFound(`no audience ${id} in this workspace`);
    return a;
  }

  create(actor: Actor, input: Partial<AudienceFields> & { name: string }): Audience {
    const now = this.#d.clock.now();
    const id = newId(now);
    const dataStoreIds = this.#dataStores.resolveIds(actor, input.dataStoreIds ?? [], 'dataStoreIds');
    this.#d.store.run(
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

  update(actor: Actor, id: string, patch: Partial<AudienceFields>): Audience {
    const current = this.get(actor, id);
    assertMayChangeShared(this.#d.store, actor, { kind: 'audience', id }, 'change');
    if (Object.keys(patch).length === 0) return current;
    const next = { ...current, ...patch };
    if (patch.dataStoreIds) next.dataStoreIds = this.#dataStores.resolveIds(actor, patch.dataStoreIds, 'dataStoreIds');
    this.#d.store.run(
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
  delete(actor: Actor, id: string): { id: string; deleted: true } {
    this.get(actor, id);
    assertMayChangeShared(this.#d.store, actor, { kind: 'audience', id }, 'delete');
    this.#d.store.run('DELETE FROM audiences WHERE id = ?', id);
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
