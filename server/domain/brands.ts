import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Brand } from '../schemas/records.ts';
import type { Actor } from './actor.ts';
import type { DomainDeps } from './context.ts';
import { assertMayChangeShared } from './limits.ts';
import { selectPage, toPage, type PageQuery } from './paging.ts';

interface BrandRow {
  seq: number;
  id: string;
  name: string;
  website: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface BrandFields {
  name: string;
  website: string;
  description: string;
}

export class Brands {
  readonly #d: DomainDeps;
  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  list(actor: Actor, q: PageQuery) {
    const rows = selectPage<BrandRow>(this.#d.store, 'brands', 'workspace_id = ?', [actor.workspaceId], q);
    return toPage(rows, q.limit, (r) => r.map(toRecord));
  }

  count(actor: Actor): number {
    return this.#d.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM brands WHERE workspace_id = ?', actor.workspaceId)!.n;
  }

  get(actor: Actor, id: string): Brand {
    return toRecord(this.#row(actor, id));
  }

  create(actor: Actor, input: Partial<BrandFields> & { name: string }): Brand {
    const now = this.#d.clock.now();
    const id = newId(now);
    this.#d.store.run(
      'INSERT INTO brands (id, workspace_id, name, website, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      id,
      actor.workspaceId,
      input.name,
      input.website ?? '',
      input.description ?? '',
      now.toISOString(),
      now.toISOString(),
    );
    return this.get(actor, id);
  }

  update(actor: Actor, id: string, patch: Partial<BrandFields>): Brand {
    const row = this.#row(actor, id);
    assertMayChangeShared(this.#d.store, actor, { kind: 'brand', id }, 'change');
    if (Object.keys(patch).length === 0) return toRecord(row);
    this.#d.store.run(
      'UPDATE brands SET name = ?, website = ?, description = ?, updated_at = ? WHERE id = ?',
      patch.name ?? row.name,
      patch.website ?? row.website,
      patch.description ?? row.description,
      this.#d.clock.now().toISOString(),
      id,
    );
    return this.get(actor, id);
  }

  /** Campaigns that used the brand keep going without one (brandId becomes null). */
  delete(actor: Actor, id: string): { id: string; deleted: true } {
    this.#row(actor, id);
    assertMayChangeShared(this.#d.store, actor, { kind: 'brand', id }, 'delete');
    this.#d.store.run('UPDATE campaigns SET brand_id = NULL, updated_at = ? WHERE brand_id = ?', this.#d.clock.now().toISOString(), id);
    this.#d.store.run('DELETE FROM brands WHERE id = ?', id);
    return { id, deleted: true };
  }

  #row(actor: Actor, id: string): BrandRow {
    const row = this.#d.store.get<BrandRow>('SELECT * FROM brands WHERE id = ? AND workspace_id = ?', id, actor.workspaceId);
    if (!row) throw notFound(`no brand ${id} in this workspace`);
    return row;
  }
}

function toRecord(r: BrandRow): Brand {
  return {
    id: r.id,
    name: r.name,
    website: r.website,
    description: r.description,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
