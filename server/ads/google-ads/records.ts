/**
 * What the server keeps of Google Ads in its own store (migration 9): the operator's links of
 * workspaces to accounts (`adcli serve ads link`), and per campaign adcli created there the ids it
 * needs to find it again and the settings it last delivered. Never a credential.
 */
import type { Store } from '../../store/port.ts';
import type { AdsCampaignSettings } from '../port.ts';
import { formatCustomerId } from '../../lib/customer-id.ts';

export interface LinkRow {
  workspace_id: string;
  customer_id: string;
  created_at: string;
}

export interface GoogleCampaignRow {
  campaign_id: string;
  customer_id: string;
  workspace_id: string;
  service_campaign_id: string;
  budget: string;
  ad_group: string;
  settings: string;
  criteria: string;
  problems: string;
  created_at: string;
  synced_at: string | null;
}

export class GoogleAdsRecords {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }

  /** The workspace's linked accounts (`123-456-7890`), oldest link first (the default account). */
  async linksOf(workspaceId: string): Promise<string[]> {
    const rows = await this.#store.all<LinkRow>(
      'SELECT customer_id FROM google_ads_links WHERE workspace_id = ? ORDER BY created_at, customer_id',
      workspaceId,
    );
    return rows.map((r) => r.customer_id);
  }

  async anyLink(): Promise<boolean> {
    return !!(await this.#store.get('SELECT 1 FROM google_ads_links LIMIT 1'));
  }

  /** The workspaces linked to an account. */
  async workspacesOf(customerId: string): Promise<string[]> {
    const rows = await this.#store.all<{ workspace_id: string }>(
      'SELECT workspace_id FROM google_ads_links WHERE customer_id = ? ORDER BY workspace_id',
      formatCustomerId(customerId),
    );
    return rows.map((r) => r.workspace_id);
  }

  /** The only workspace of the server, or null when there are none or several. */
  async onlyWorkspace(): Promise<string | null> {
    const rows = await this.#store.all<{ id: string }>('SELECT id FROM workspaces LIMIT 2');
    return rows.length === 1 ? rows[0]!.id : null;
  }

  async campaign(campaignId: string): Promise<GoogleCampaignRow | undefined> {
    return this.#store.get<GoogleCampaignRow>(
      'SELECT * FROM google_ads_campaigns WHERE campaign_id = ?',
      campaignId,
    );
  }

  async byServiceCampaign(serviceCampaignId: string): Promise<GoogleCampaignRow | undefined> {
    return this.#store.get<GoogleCampaignRow>(
      'SELECT * FROM google_ads_campaigns WHERE service_campaign_id = ?',
      serviceCampaignId,
    );
  }

  async ofCustomer(customerId: string): Promise<GoogleCampaignRow[]> {
    return this.#store.all<GoogleCampaignRow>(
      'SELECT * FROM google_ads_campaigns WHERE customer_id = ? ORDER BY created_at, seq',
      formatCustomerId(customerId),
    );
  }

  /** The workspace a service campaign belongs to (the service's own record). */
  async workspaceOfServiceCampaign(serviceCampaignId: string): Promise<string | null> {
    const row = await this.#store.get<{ workspace_id: string }>(
      'SELECT workspace_id FROM campaigns WHERE id = ?',
      serviceCampaignId,
    );
    return row?.workspace_id ?? null;
  }

  async insert(r: Omit<GoogleCampaignRow, 'criteria' | 'problems' | 'synced_at'>): Promise<void> {
    await this.#store.run(
      `INSERT INTO google_ads_campaigns (campaign_id, customer_id, workspace_id, service_campaign_id, budget, ad_group, settings, created_at, seq)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, (SELECT COALESCE(MAX(seq), 0) + 1 FROM google_ads_campaigns WHERE customer_id = ?2))`,
      r.campaign_id,
      r.customer_id,
      r.workspace_id,
      r.service_campaign_id,
      r.budget,
      r.ad_group,
      r.settings,
      r.created_at,
    );
  }

  async delivered(
    campaignId: string,
    d: {
      settings: AdsCampaignSettings;
      criteria: Record<string, string>;
      problems: string[];
      syncedAt: string | null;
    },
  ): Promise<void> {
    await this.#store.run(
      'UPDATE google_ads_campaigns SET settings = ?, criteria = ?, problems = ?, synced_at = COALESCE(?, synced_at) WHERE campaign_id = ?',
      JSON.stringify(d.settings),
      JSON.stringify(d.criteria),
      JSON.stringify(d.problems),
      d.syncedAt,
      campaignId,
    );
  }
}

/** `adcli serve ads link|unlink|list`: the operator's links, on the store. */
export async function linkAccount(
  store: Store,
  workspaceId: string,
  customerId: string,
  at: string,
) {
  const id = formatCustomerId(customerId);
  const r = await store.run(
    `INSERT INTO google_ads_links (workspace_id, customer_id, created_at) VALUES (?, ?, ?)
     ON CONFLICT (workspace_id, customer_id) DO NOTHING`,
    workspaceId,
    id,
    at,
  );
  return r.changes > 0;
}

export async function unlinkAccount(store: Store, workspaceId: string, customerId: string) {
  const r = await store.run(
    'DELETE FROM google_ads_links WHERE workspace_id = ? AND customer_id = ?',
    workspaceId,
    formatCustomerId(customerId),
  );
  return r.changes > 0;
}

export async function listLinks(store: Store) {
  return store.all<{ workspace: string; customer_id: string; created_at: string }>(
    `SELECT w.slug AS workspace, l.customer_id, l.created_at FROM google_ads_links l
     JOIN workspaces w ON w.id = l.workspace_id ORDER BY w.slug, l.created_at, l.customer_id`,
  );
}

/** A workspace's id by its slug, for the operator's link commands; null when there is none. */
export async function workspaceIdOf(store: Store, slug: string): Promise<string | null> {
  const row = await store.get<{ id: string }>('SELECT id FROM workspaces WHERE slug = ?', slug);
  return row?.id ?? null;
}
