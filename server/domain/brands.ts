import type { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { brandResource } from '../schemas/brand.ts';
import type { Brand } from '../schemas/records.ts';
import type { Actor } from './actor.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { assertMayChangeShared } from './limits.ts';
import { selectPage, toPage, type PageQuery } from './paging.ts';

type BrandRow = Record<string, unknown> & { id: string; seq: number };
export type BrandFields = z.infer<typeof brandResource.updateBody>;

const COLUMNS = brandResource.columns.join(', ');
const PLACES = brandResource.columns.map(() => '?').join(', ');
const SETS = brandResource.columns.map((c) => `${c} = ?`).join(', ');
const toRecord = (row: BrandRow): Brand => brandResource.toRecord(row);

export class Brands {
  readonly #d: DomainDeps;
  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  async list(actor: Actor, q: PageQuery) {
    const rows = await selectPage<BrandRow>(
      this.#d.store,
      'brands',
      'workspace_id = ?',
      [actor.workspaceId],
      q,
    );
    return toPage(rows, q.limit, (r) => r.map(toRecord));
  }

  async count(actor: Actor): Promise<number> {
    return (await this.#d.store.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM brands WHERE workspace_id = ?',
      actor.workspaceId,
    ))!.n;
  }

  async get(actor: Actor, id: string): Promise<Brand> {
    return toRecord(await this.#row(actor, id));
  }

  async create(actor: Actor, input: BrandFields & { name: string }): Promise<Brand> {
    const now = this.#d.clock.now();
    const id = newId(now);
    await this.#d.store.run(
      `INSERT INTO brands (id, workspace_id, ${COLUMNS}, created_at, updated_at) VALUES (?, ?, ${PLACES}, ?, ?)`,
      id,
      actor.workspaceId,
      ...brandResource.createValues(input),
      now.toISOString(),
      now.toISOString(),
    );
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, patch: BrandFields): Promise<Brand> {
    // locked until the write commits: the fields not in the patch are written back as read
    const row = await this.#row(actor, id, this.#d.store.rowLock());
    await assertMayChangeShared(this.#d.store, actor, { kind: 'brand', id }, 'change');
    if (Object.keys(patch).length === 0) return toRecord(row);
    // the row is locked and there: the answer's read goes in the same round trip
    this.#d.store.send(
      `UPDATE brands SET ${SETS}, updated_at = ? WHERE id = ?`,
      ...brandResource.updateValues(row, patch),
      this.#d.clock.now().toISOString(),
      id,
    );
    return this.get(actor, id);
  }

  /** Campaigns that used the brand keep going without one (brandId becomes null). */
  async delete(actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
    await this.#row(actor, id);
    await assertMayChangeShared(this.#d.store, actor, { kind: 'brand', id }, 'delete');
    await this.#d.store.run(
      'UPDATE campaigns SET brand_id = NULL, updated_at = ? WHERE brand_id = ?',
      this.#d.clock.now().toISOString(),
      id,
    );
    await this.#d.store.run('DELETE FROM brands WHERE id = ?', id);
    return { id, deleted: true };
  }

  async #row(actor: Actor, id: string, lock = ''): Promise<BrandRow> {
    const row = await this.#d.store.get<BrandRow>(
      `SELECT * FROM brands WHERE id = ? AND workspace_id = ?${lock}`,
      id,
      actor.workspaceId,
    );
    if (!row) throw notFound(`no brand ${id} in this workspace`);
    return row;
  }
}
