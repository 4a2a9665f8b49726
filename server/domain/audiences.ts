import { notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { z } from 'zod';
import { audienceResource } from '../schemas/audience.ts';
import type { Audience } from '../schemas/records.ts';
import type { Actor } from './actor.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import type { DataStores } from './data-stores.ts';
import { assertMayChangeShared } from './limits.ts';
import { selectPage, toPage, type PageQuery } from './paging.ts';

type AudienceRow = Record<string, unknown> & { id: string; seq: number };
export type AudienceFields = z.infer<typeof audienceResource.updateBody>;

const COLUMNS = audienceResource.columns.join(', ');
const PLACES = audienceResource.columns.map(() => '?').join(', ');
const SETS = audienceResource.columns.map((c) => `${c} = ?`).join(', ');
const toRecord = (row: AudienceRow): Audience => audienceResource.toRecord(row);

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

  async create(actor: Actor, input: AudienceFields & { name: string }): Promise<Audience> {
    const now = this.#d.clock.now();
    const id = newId(now);
    const dataStoreIds = await this.#dataStores.resolveIds(
      actor,
      input.dataStoreIds ?? [],
      'dataStoreIds',
    );
    await this.#d.store.run(
      `INSERT INTO audiences (id, workspace_id, ${COLUMNS}, created_at, updated_at) VALUES (?, ?, ${PLACES}, ?, ?)`,
      id,
      actor.workspaceId,
      ...audienceResource.createValues({ ...input, dataStoreIds }),
      now.toISOString(),
      now.toISOString(),
    );
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, patch: AudienceFields): Promise<Audience> {
    // locked until the write commits: what the patch leaves out is written back as read
    const row = await this.#d.store.get<AudienceRow>(
      `SELECT * FROM audiences WHERE id = ? AND workspace_id = ?${this.#d.store.rowLock()}`,
      id,
      actor.workspaceId,
    );
    if (!row) throw notFound(`no audience ${id} in this workspace`);
    await assertMayChangeShared(this.#d.store, actor, { kind: 'audience', id }, 'change');
    if (Object.keys(patch).length === 0) return toRecord(row);
    const next = patch.dataStoreIds
      ? {
          ...patch,
          dataStoreIds: await this.#dataStores.resolveIds(
            actor,
            patch.dataStoreIds,
            'dataStoreIds',
          ),
        }
      : patch;
    // the row is locked and there: the answer's read goes in the same round trip
    this.#d.store.send(
      `UPDATE audiences SET ${SETS}, updated_at = ? WHERE id = ?`,
      ...audienceResource.updateValues(row, next),
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
