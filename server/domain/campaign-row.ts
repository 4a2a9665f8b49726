/**
 * A campaign's rows and what they map to: the campaign and slot rows, the statements that read a
 * campaign's record (with its brand, account and slots), and the record itself, mapped by the
 * declaration (server/schemas/campaign.ts) with the parts the domain computes.
 */
import type { z } from 'zod';
import { campaignAudienceSlotResource, campaignResource } from '../schemas/campaign.ts';
import type { Campaign, TARGETING_STATUSES } from '../schemas/records.ts';
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
export type CampaignSettings = z.infer<typeof campaignResource.updateBody>;

/** What an update of a slot changes (Edit a campaign's audience slot). Absent: unchanged. */
export type SlotPatch = z.infer<typeof campaignAudienceSlotResource.updateBody>;

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
/** The columns of a slot's record, as its declaration maps them (server/schemas/campaign.ts). */
const SLOT_RECORD_COLUMNS = ['id', ...campaignAudienceSlotResource.columns];
/** A slot's record columns and its campaign's: what the slots of a page of campaigns are read by. */
export const RECORD_SLOT_COLUMNS = ['campaign_id', ...SLOT_RECORD_COLUMNS].join(', ');
/** One campaign's record with its slots, in position order: the campaign's columns once per slot. */
export const RECORD_WITH_SLOTS = `SELECT c.*, b.name AS brand_name, b.website AS brand_website, b.description AS brand_description,
    a.name AS account_name, ${SLOT_RECORD_COLUMNS.map((c) => `s.${c} AS slot_${c}`).join(', ')}
  FROM campaigns c
  LEFT JOIN brands b ON b.id = c.brand_id
  LEFT JOIN ad_accounts a ON a.customer_id = c.customer_id
  LEFT JOIN campaign_audiences s ON s.campaign_id = c.id
  WHERE c.id = ? AND c.workspace_id = ? ORDER BY s.position`;

export type RecordSlot = Pick<
  SlotRow,
  'id' | 'campaign_id' | 'name' | 'audience_id' | 'data_store_ids'
>;

/** A slot's columns beside its campaign's in one row, each as `slot_<column>` (null: a campaign without slots). */
export interface SlotColumns {
  slot_id: string | null;
  [slotColumn: `slot_${string}`]: unknown;
}

/** A slot's record from its row, or from its columns beside its campaign's (`slot_<column>`). */
export function slotRecord(row: object, prefix = ''): Campaign['audiences'][number] {
  const r = row as Record<string, unknown>;
  return campaignAudienceSlotResource.toRecord(
    Object.fromEntries(SLOT_RECORD_COLUMNS.map((c) => [c, r[`${prefix}${c}`]])),
  );
}

/** The columns of a slot's row a create writes, in `campaignAudienceSlotResource.columns` order. */
export const SLOT_INSERT_COLUMNS = [
  'id',
  'campaign_id',
  'position',
  ...campaignAudienceSlotResource.columns,
  'snapshot',
  'created_at',
];

/** A campaign's record: its row's declared fields, with what the domain computes from its joins and slots. */
export function toRecord(actor: Actor, r: RecordRow, audiences: Campaign['audiences']): Campaign {
  return campaignResource.toRecord(r, {
    brand: {
      name: r.brand_name ?? '',
      website: r.brand_website ?? '',
      description: r.brand_description ?? '',
    },
    audiences,
    adsPlatform: {
      customerId: r.customer_id,
      accountName: r.customer_id ? r.account_name : null,
      campaignId: r.ads_campaign_id,
      status: r.ads_status,
    },
    url: `${actor.appUrl}/campaigns/${r.id}`,
  });
}
