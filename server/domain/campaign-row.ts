/**
 * A campaign's rows and what they map to: the campaign and slot rows, the statements that read a
 * campaign's record (with its brand, account and slots), the record itself, and the writable
 * settings with the column each is stored in.
 */
import type { Campaign, TARGETING_STATUSES } from '../schemas/records.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { Actor } from './actor.ts';

export interface CampaignRow {
  seq: number;
  id: string;
  workspace_id: string;
  name: string;
  status: Campaign['status'];
  objective: string;
  brand_id: string | null;
  industry: string;
  language: string;
  locations: string;
  success_metrics: string;
  campaign_type: Campaign['campaignType'];
  budget: number | null;
  budget_type: Campaign['budgetType'];
  end_date: string | null;
  bidding_strategy: Campaign['biddingStrategy'];
  target_cpa: number | null;
  target_roas: number | null;
  customer_id: string | null;
  ads_campaign_id: string | null;
  ads_status: string | null;
  ads_synced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SlotRow {
  id: string;
  campaign_id: string;
  position: number;
  name: string;
  audience_id: string | null;
  data_store_ids: string;
  snapshot: string;
  targeting_status: (typeof TARGETING_STATUSES)[number];
  targeting_error: string;
  targeting_items: string;
  targeting_updated_at: string | null;
  created_at: string;
}

/** The writable settings of a campaign (Update a campaign). Absent: unchanged; null: cleared. */
export interface CampaignSettings {
  name?: string;
  objective?: string;
  brandId?: string | null;
  industry?: string;
  language?: string;
  locations?: string[];
  successMetrics?: string[];
  campaignType?: NonNullable<Campaign['campaignType']>;
  budget?: number | null;
  budgetType?: NonNullable<Campaign['budgetType']>;
  endDate?: string | null;
  biddingStrategy?: Campaign['biddingStrategy'];
  targetCpa?: number | null;
  targetRoas?: number | null;
}

/**
 * A campaign row with its brand and account, in one statement; the slots of every campaign of a
 * page come in one more (reads are the hot path: never a query per campaign).
 */
export interface RecordRow extends CampaignRow {
  brand_name: string | null;
  brand_website: string | null;
  brand_description: string | null;
  account_name: string | null;
}
export const RECORD_SELECT = `SELECT c.*, b.name AS brand_name, b.website AS brand_website, b.description AS brand_description,
    a.name AS account_name
  FROM campaigns c
  LEFT JOIN brands b ON b.id = c.brand_id
  LEFT JOIN ad_accounts a ON a.customer_id = c.customer_id`;
/** One campaign's record with its slots, in position order: the campaign's columns once per slot. */
export const RECORD_WITH_SLOTS = `SELECT c.*, b.name AS brand_name, b.website AS brand_website, b.description AS brand_description,
    a.name AS account_name, s.id AS slot_id, s.name AS slot_name, s.audience_id AS slot_audience_id,
    s.data_store_ids AS slot_data_store_ids
  FROM campaigns c
  LEFT JOIN brands b ON b.id = c.brand_id
  LEFT JOIN ad_accounts a ON a.customer_id = c.customer_id
  LEFT JOIN campaign_audiences s ON s.campaign_id = c.id
  WHERE c.id = ? AND c.workspace_id = ? ORDER BY s.position`;

export type RecordSlot = Pick<
  SlotRow,
  'id' | 'campaign_id' | 'name' | 'audience_id' | 'data_store_ids'
>;

/** A slot's columns beside its campaign's in one row (null: a campaign without slots). */
export interface SlotColumns {
  slot_id: string | null;
  slot_name: string | null;
  slot_audience_id: string | null;
  slot_data_store_ids: string | null;
}

/** Column for each writable setting, and how it is stored. */
export const SETTING_COLUMNS: Record<
  keyof CampaignSettings,
  { column: keyof CampaignRow; json?: boolean }
> = {
  name: { column: 'name' },
  objective: { column: 'objective' },
  brandId: { column: 'brand_id' },
  industry: { column: 'industry' },
  language: { column: 'language' },
  locations: { column: 'locations', json: true },
  successMetrics: { column: 'success_metrics', json: true },
  campaignType: { column: 'campaign_type' },
  budget: { column: 'budget' },
  budgetType: { column: 'budget_type' },
  endDate: { column: 'end_date' },
  biddingStrategy: { column: 'bidding_strategy' },
  targetCpa: { column: 'target_cpa' },
  targetRoas: { column: 'target_roas' },
};

export function toRecord(actor: Actor, r: RecordRow, audiences: Campaign['audiences']): Campaign {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    objective: r.objective,
    brandId: r.brand_id,
    brand: {
      name: r.brand_name ?? '',
      website: r.brand_website ?? '',
      description: r.brand_description ?? '',
    },
    industry: r.industry,
    language: r.language,
    locations: parseJsonArray(r.locations),
    successMetrics: parseJsonArray(r.success_metrics),
    campaignType: r.campaign_type,
    budget: r.budget,
    budgetType: r.budget_type,
    endDate: r.end_date,
    biddingStrategy: r.bidding_strategy,
    targetCpa: r.target_cpa,
    targetRoas: r.target_roas,
    audiences,
    adsPlatform: {
      customerId: r.customer_id,
      accountName: r.customer_id ? r.account_name : null,
      campaignId: r.ads_campaign_id,
      status: r.ads_status,
    },
    url: `${actor.appUrl}/campaigns/${r.id}`,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Every writable setting of a campaign row, null where its column is. */
export type RowSettings = { [K in keyof CampaignSettings]-?: CampaignSettings[K] | null };

/**
 * A campaign row's writable settings as the API names them, the JSON columns parsed, in the order
 * of SETTING_COLUMNS: the one mapping of a row to its settings (an update merges a patch into it,
 * a snapshot's rows are checked through it against update_campaign).
 */
export function rowSettings(r: CampaignRow): RowSettings {
  return Object.fromEntries(
    Object.entries(SETTING_COLUMNS).map(([field, spec]) => [
      field,
      spec.json ? parseJsonArray(r[spec.column] as string) : r[spec.column],
    ]),
  ) as RowSettings;
}

/** A row's settings as an update starts from: a campaign or budget type not set yet is absent. */
export function settingsOf(r: CampaignRow): CampaignSettings {
  const settings = rowSettings(r) as Record<string, unknown>;
  if (!settings.campaignType) delete settings.campaignType;
  if (!settings.budgetType) delete settings.budgetType;
  return settings as CampaignSettings;
}
