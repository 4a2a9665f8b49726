import { forbidden } from '../lib/errors.ts';
import type { Store, StoreDialect } from '../store/port.ts';
import type { Actor } from './actor.ts';

/**
 * Brands, saved audiences and data stores are shared by the campaigns of a workspace. A key limited
 * to certain ad-platform accounts or campaigns may read and create them, but may change or delete
 * one only when no campaign outside its limit uses it.
 */
export type SharedThing = { kind: 'brand' | 'audience' | 'data store'; id: string };

/** How a campaign `c` uses each kind of shared thing; `?` is the thing's id. */
function uses(kind: SharedThing['kind'], d: StoreDialect): string {
  switch (kind) {
    case 'brand':
      return 'c.brand_id = ?';
    case 'audience':
      return 'EXISTS (SELECT 1 FROM campaign_audiences s WHERE s.campaign_id = c.id AND s.audience_id = ?)';
    case 'data store':
      return `EXISTS (SELECT 1 FROM campaign_audiences s WHERE s.campaign_id = c.id AND ? IN ${d.jsonValues('s.data_store_ids')})`;
  }
}

/** Throws 403 when the actor has limits and a campaign outside them uses the thing. */
export async function assertMayChangeShared(
  store: Store,
  actor: Actor,
  thing: SharedThing,
  verb: 'change' | 'delete',
): Promise<void> {
  if (!actor.campaignIds && !actor.customerIds) return;
  const d = store.dialect;
  const inside: string[] = [];
  const params: string[] = [actor.workspaceId, thing.id];
  if (actor.campaignIds) {
    inside.push(`c.id IN ${d.jsonValues('?')}`);
    params.push(JSON.stringify(actor.campaignIds));
  }
  if (actor.customerIds) {
    // a campaign without an account is outside an account limit
    inside.push(`COALESCE(replace(c.customer_id, '-', ''), '') IN ${d.jsonValues('?')}`);
    params.push(JSON.stringify(actor.customerIds));
  }
  const outside = await store.get(
    `SELECT 1 FROM campaigns c WHERE c.workspace_id = ? AND ${uses(thing.kind, d)} AND NOT (${inside.join(' AND ')}) LIMIT 1`,
    ...params,
  );
  if (outside) {
    // Which campaigns is not said: a limited key learns nothing about campaigns outside its limit.
    const limit =
      actor.campaignIds && actor.customerIds
        ? 'campaigns and ad-platform accounts'
        : actor.campaignIds
          ? 'campaigns'
          : 'ad-platform accounts';
    throw forbidden(
      `this API key is limited to certain ${limit}, and ${thing.kind} ${thing.id} is also used by campaigns outside that limit; it may ${verb} only what no campaign outside its limit uses (a key without limits may)`,
    );
  }
}
