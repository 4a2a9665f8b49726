/**
 * The operator's door (`adcli serve keys …`, `adcli serve ads …`): acts on a store directly, as
 * whoever runs the server, never through the API. A data dir's SQLite file (its locking makes that
 * safe beside a running server) or the Postgres database the replicas share.
 */
import type { AdsStatus } from '../ads/port.ts';
import type { PlatformCampaign } from '../domain/ads.ts';
import type { KeyRecord } from '../domain/keys.ts';
import { createServices, type Services } from '../domain/services.ts';
import { systemClock } from '../lib/clock.ts';
import { openStore, type StoreSpec } from '../store/open.ts';

export type { KeyRecord, PlatformCampaign, StoreSpec };

export interface NewKey {
  /** the workspace's slug; made when it does not exist yet */
  workspace: string;
  name?: string;
  scopes: readonly string[];
  customerIds?: string[] | null;
  campaignIds?: string[] | null;
}

/** What an operator may do to a store, each in its own transaction. */
export interface Operator {
  createKey(input: NewKey): Promise<{ key: string; record: KeyRecord }>;
  listKeys(): Promise<KeyRecord[]>;
  revokeKey(id: string): Promise<KeyRecord>;
  /** the simulated ad platform's campaigns, of every workspace */
  adsCampaigns(): Promise<PlatformCampaign[]>;
  /** sets a campaign's status in the simulated ad platform, as its owner would there */
  setAdsStatus(
    campaign: string,
    status: AdsStatus,
  ): Promise<{ campaignId: string; googleAdsCampaignId: string; status: AdsStatus }>;
}

function operatorOf(s: Services): Operator {
  const { store } = s.deps;
  return {
    createKey: (input) =>
      store.write(async () => {
        const ws = await s.workspaces.ensure(input.workspace);
        return s.keys.create(ws.id, input);
      }),
    listKeys: () => s.keys.list(),
    revokeKey: (id) => store.write(() => s.keys.revoke(id)),
    adsCampaigns: () => store.read(() => s.ads.listCreated()),
    setAdsStatus: (campaign, status) => store.write(() => s.ads.setStatus(campaign, status)),
  };
}

/**
 * Opens the store for `fn` and closes it after, whatever happens. Opening throws the store's
 * StoreFileError or DatabaseOpenError (server/app/errors.ts); the operations throw ApiError.
 */
export async function withOperator<T>(
  spec: StoreSpec,
  fn: (op: Operator) => Promise<T>,
): Promise<T> {
  // two connections: an operator command is one person's, never a load
  const store = await openStore(spec, { maxConnections: 2 });
  try {
    return await fn(operatorOf(createServices({ store, clock: systemClock })));
  } finally {
    await store.close();
  }
}
