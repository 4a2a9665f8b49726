/**
 * The operator's door (`adcli serve keys …`, `adcli serve ads …`): acts on a store directly, as
 * whoever runs the server, never through the API. A data dir's SQLite file (its locking makes that
 * safe beside a running server) or the Postgres database the replicas share.
 */
import type { AdsStatus } from '../ads/port.ts';
import type { PlatformCampaign } from '../domain/ads.ts';
import type { KeyRecord } from '../domain/keys.ts';
import { createServices, type Services } from '../domain/services.ts';
import type { AdsPlatformSettings } from '../ads/settings.ts';
import { systemClock } from '../lib/clock.ts';
import { openStore, type StoreSpec } from '../store/open.ts';
import { linkAccount, listLinks, unlinkAccount, workspaceIdOf } from '../ads/google-ads/records.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { formatCustomerId } from '../lib/customer-id.ts';

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
  /** lets a workspace use a Google Ads account (adcli serve --ads-platform google-ads); false: it already could */
  linkAdsAccount(workspace: string, customerId: string): Promise<AdsLink & { changed: boolean }>;
  /** takes the account from the workspace; false: it was not linked */
  unlinkAdsAccount(workspace: string, customerId: string): Promise<AdsLink & { changed: boolean }>;
  /** every link, by workspace */
  adsLinks(): Promise<(AdsLink & { linkedAt: string })[]>;
}

export interface AdsLink {
  workspace: string;
  customerId: string;
}

/** The workspace's id and the customer id in its 123-456-7890 form, or the request's error. */
async function linkTarget(s: Services, workspace: string, customerId: string) {
  if (!/^\d{3}-?\d{3}-?\d{4}$/.test(customerId))
    throw invalid(
      `--customer-id must be a Google Ads customer id, 123-456-7890 or 1234567890, not ${customerId}`,
    );
  const id = await workspaceIdOf(s.deps.store, workspace);
  if (!id)
    throw notFound(
      `no workspace ${workspace} in this store (adcli serve keys list shows the workspaces)`,
    );
  return { id, customerId: formatCustomerId(customerId) };
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
    linkAdsAccount: (workspace, customerId) =>
      store.write(async () => {
        const t = await linkTarget(s, workspace, customerId);
        const at = systemClock.now().toISOString();
        const changed = await linkAccount(store, t.id, t.customerId, at);
        return { workspace, customerId: t.customerId, changed };
      }),
    unlinkAdsAccount: (workspace, customerId) =>
      store.write(async () => {
        const t = await linkTarget(s, workspace, customerId);
        const changed = await unlinkAccount(store, t.id, t.customerId);
        return { workspace, customerId: t.customerId, changed };
      }),
    adsLinks: async () =>
      (await store.read(() => listLinks(store))).map((r) => ({
        workspace: r.workspace,
        customerId: r.customer_id,
        linkedAt: r.created_at,
      })),
  };
}

/**
 * Opens the store for `fn` and closes it after, whatever happens. Opening throws the store's
 * StoreFileError or DatabaseOpenError (server/app/errors.ts); the operations throw ApiError.
 */
export async function withOperator<T>(
  spec: StoreSpec,
  fn: (op: Operator) => Promise<T>,
  /** the ad platform the server publishes to (`serve ads list|set-status` with --ads-platform); default the simulation */
  ads?: AdsPlatformSettings,
): Promise<T> {
  // two connections: an operator command is one person's, never a load
  const store = await openStore(spec, { maxConnections: 2 });
  try {
    return await fn(operatorOf(createServices({ store, clock: systemClock }, ads ? { ads } : {})));
  } finally {
    await store.close();
  }
}
