/**
 * What a workspace snapshot holds, table by table: which rows are the workspace's, which columns name
 * it (rewritten to the workspace a snapshot is loaded into), which id must not belong to another
 * workspace of the server, and how each row is checked before it is loaded. The checks use the API's
 * own input schemas where a column is something a client writes, so a snapshot cannot hold a value
 * the API would refuse; references must stay inside the snapshot (or name a shared library store).
 *
 * Never in a snapshot: the workspace row itself (its slug and its exploration invitation stay the
 * server's), API keys, idempotency records (per key, holding answers), page sessions and login links,
 * rate-limit windows, the request journal, a clock advance under way, and fault rules a limited key owns.
 */
import type { z } from 'zod';
import { KINDS, REF_PATTERN } from './fixtures/schema.ts';
import { FAULT_METHODS, MAX_FAULT_DELAY_MS, matchesAnOperation } from './faults.ts';
import { audienceResource } from '../schemas/audience.ts';
import { campaignAudienceSlotResource, campaignResource } from '../schemas/campaign.ts';
import { dataStoreResource } from '../schemas/data-store.ts';
import { editTargetingBody } from '../schemas/targeting-input.ts';
import { brandResource } from '../schemas/brand.ts';
import type { AnyResource, ReadOnlySpec } from '../schemas/resource.ts';
import { ADS_STATUSES, TARGETING_STATUSES } from '../schemas/records.ts';

export type Row = Record<string, unknown>;

/** Ids of the snapshot's own records, for references; library stores are the server's, shared by all. */
export interface Refs {
  accounts: Set<string>;
  brands: Set<string>;
  dataStores: Set<string>;
  libraryStores: Set<string>;
  audiences: Set<string>;
  campaigns: Set<string>;
  /** campaigns with their primary audience slot (every campaign has one) */
  withPrimarySlot: Set<string>;
  slots: Set<string>;
  adsCampaigns: Set<string>;
  /**
   * `serviceCampaignId|customerId|campaignId` of the Google Ads campaigns this server created for
   * the loading workspace's campaigns (its own records, never in a file)
   */
  googleAdsCampaigns: Set<string>;
  /** the API's routes (method, path with {param} segments) a fault rule must match one of */
  routes: readonly { method: string; path: string }[];
}

export interface SnapshotTable {
  name: string;
  /** the workspace's rows: a condition on `?1`, the workspace id */
  where: string;
  /** columns holding the workspace id (or the catalog owner), rewritten on load */
  workspaceColumns: readonly string[];
  /** a column unique across the whole server: its value must not be another workspace's */
  uniqueId?: string;
  /** `seq` is the server's own numbering (keyset pages): new numbers on load, in the file's order */
  renumber?: boolean;
  /** the row's first problem, or null (its workspace columns already rewritten); may normalise it (a job's lease is dropped) */
  check(row: Row, refs: Refs): string | null;
}

const ACCOUNTS = 'SELECT customer_id FROM ad_accounts WHERE workspace_id = ?1';
const PLATFORM_CAMPAIGNS = `SELECT campaign_id FROM ads_campaigns WHERE customer_id IN (${ACCOUNTS})`;
const JOB_KINDS = ['collect_data_store', 'generate_targeting', 'sync_ads'] as const;
const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

// What a client writes, as the API checks it (server/schemas): a row may hold nothing the API would refuse.
const targetingItems = editTargetingBody;

// ------------------------------------------------------------------------------- value checks
// Each answers a problem (what is wrong with the column) or null.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const HEX_ID = /^[a-f0-9]{24}$/;

type Check = (v: unknown) => string | null;

const text: Check = (v) => (typeof v === 'string' ? null : 'must be text');
const hexId: Check = (v) =>
  typeof v === 'string' && HEX_ID.test(v) ? null : 'must be an id of 24 lowercase hex characters';
const time: Check = (v) =>
  typeof v === 'string' && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))
    ? null
    : 'must be an ISO 8601 time in UTC (2026-01-15T12:00:00.000Z)';
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null ? null : check(v);
const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;
const oneOf =
  (values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v) ? null : `must be one of ${values.join(', ')}`;
const json = (v: unknown): { ok: true; value: unknown } | { ok: false } => {
  if (typeof v !== 'string') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(v) };
  } catch {
    return { ok: false };
  }
};
const jsonOf =
  (what: string, test: (value: unknown) => boolean): Check =>
  (v) => {
    const parsed = json(v);
    return parsed.ok && test(parsed.value) ? null : `must be ${what} (JSON)`;
  };
const stringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((s) => typeof s === 'string');
const jsonStrings = jsonOf('an array of strings', stringArray);
const jsonObject = jsonOf(
  'an object',
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);
const parsedStrings = (v: unknown): string[] => JSON.parse(v as string) as string[];

/** The columns' checks in order; the first problem names its column. */
function columns(row: Row, checks: Record<string, Check>): string | null {
  for (const [column, check] of Object.entries(checks)) {
    const problem = check(row[column]);
    if (problem) return `${column} ${problem}`;
  }
  return null;
}

/** A value through an API schema: the first issue, naming its field as the API would. */
function api(
  schema: z.ZodType,
  value: unknown,
  columnOf: (field: string) => string,
): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  const field = issue.path.length ? String(issue.path[0]) : '';
  return `${field ? `${columnOf(field)}: ` : ''}${issue.message}`;
}

/** A schema's first issue as a column's problem: the words of the checks above where it can. */
function problemOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.join(', ')}`;
  if (issue.code === 'invalid_type') return `must be of type ${issue.expected}`;
  return `does not fit the record: ${issue.message}`;
}

/** A column the domain keeps, through the schema of the record's part it shows (null as the record shows it). */
const shownAs =
  ({ output, nullAs }: ReadOnlySpec): Check =>
  (v) => {
    const r = output.safeParse(v === null && nullAs !== undefined ? nullAs : v);
    return r.success ? null : problemOf(r.error.issues[0]!);
  };

/**
 * A row of a resource declared once (server/schemas/resource.ts): its id and times, each list column
 * a JSON array of strings, each column the domain keeps as its record shows it, and its fields read
 * back as the create body that would have written them, through that body's schema; every declared
 * field and kept column is checked, a new one too.
 */
function declared(resource: AnyResource, r: Row): string | null {
  const lists = resource.names.filter((n) => resource.stored[n]!.list);
  const kept = Object.values(resource.readOnly).filter((s) => s.column !== undefined);
  return (
    columns(r, {
      id: hexId,
      ...Object.fromEntries(lists.map((n) => [resource.stored[n]!.column, jsonStrings])),
      ...Object.fromEntries(kept.map((s) => [s.column!, shownAs(s)])),
      created_at: time,
      updated_at: time,
    }) ??
    api(resource.createBody, resource.toBody(r), (field) => resource.stored[field]?.column ?? field)
  );
}

/**
 * A row of a part of another record (a campaign's slot) through its declaration: the fields an
 * update changes, as its body checks them; what the domain alone writes on create is checked apart.
 */
function declaredChanges(resource: AnyResource, r: Row): string | null {
  const changed = resource.names.filter((n) => resource.stored[n]!.update !== false);
  const lists = changed.filter((n) => resource.stored[n]!.list);
  const values = resource.values(r);
  return (
    columns(r, Object.fromEntries(lists.map((n) => [resource.stored[n]!.column, jsonStrings]))) ??
    api(
      resource.updateBody,
      Object.fromEntries(changed.map((n) => [n, values[n]])),
      (field) => resource.stored[field]?.column ?? field,
    )
  );
}

/** Ids of data stores a record may name: the snapshot's own and the server's library stores. */
function storesKnown(ids: readonly string[], refs: Refs): string | null {
  const missing = ids.find((id) => !refs.dataStores.has(id) && !refs.libraryStores.has(id));
  return missing === undefined
    ? null
    : `names data store ${missing}, which is neither in the snapshot nor a library store of this server`;
}

// ------------------------------------------------------------------------------------ the tables

/** In the order they are loaded: what a row names comes before it. */
export const SNAPSHOT_TABLES: readonly SnapshotTable[] = [
  {
    name: 'ad_accounts',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    uniqueId: 'customer_id',
    check: (r) =>
      columns(r, {
        customer_id: (v) =>
          typeof v === 'string' && /^\d{3}-\d{3}-\d{4}$/.test(v)
            ? null
            : 'must be a customer id such as 123-456-7890',
        name: (v) =>
          typeof v === 'string' && v.length <= 200
            ? null
            : 'must be text of at most 200 characters',
        currency_code: (v) =>
          typeof v === 'string' && /^[A-Z]{3}$/.test(v)
            ? null
            : 'must be an ISO 4217 code such as USD',
        time_zone: (v) =>
          typeof v === 'string' && isTimeZone(v)
            ? null
            : 'must be an IANA time zone such as America/New_York',
        is_default: oneOf([0, 1]),
        created_at: time,
      }),
  },
  {
    name: 'brands',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    uniqueId: 'id',
    renumber: true,
    check: (r) => declared(brandResource, r),
  },
  {
    name: 'data_stores',
    where: "workspace_id = ?1 AND scope = 'workspace'",
    workspaceColumns: ['workspace_id'],
    uniqueId: 'id',
    renumber: true,
    check: (r) =>
      columns(r, {
        scope: oneOf(['workspace']),
        // the domain's counts are whole numbers, which its record's schema (a number) does not say
        channel_count: integer(0),
        video_count: integer(0),
        ready_at: nullable(time),
      }) ?? declared(dataStoreResource, r),
  },
  {
    name: 'audiences',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    uniqueId: 'id',
    renumber: true,
    check: (r, refs) =>
      declared(audienceResource, r) ?? storesKnown(parsedStrings(r.data_store_ids), refs),
  },
  {
    name: 'campaigns',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    uniqueId: 'id',
    renumber: true,
    check: (r, refs) =>
      columns(r, {
        id: (v) =>
          hexId(v) ??
          (refs.withPrimarySlot.has(v as string)
            ? null
            : 'has no primary audience slot (campaign_audiences row with position 0 and no audience_id)'),
        brand_id: (v) =>
          v === null || (typeof v === 'string' && refs.brands.has(v))
            ? null
            : 'must name a brand of the snapshot, or be null',
        customer_id: (v) =>
          v === null ||
          (typeof v === 'string' &&
            (refs.accounts.has(v) ||
              refs.googleAdsCampaigns.has(`${String(r.id)}|${v}|${String(r.ads_campaign_id)}`)))
            ? null
            : 'must name an ad account of the snapshot (or, on Google Ads, the account this server created the campaign in), or be null',
        ads_campaign_id: nullable((v) =>
          typeof v === 'string' && /^\d{1,20}$/.test(v) ? null : 'must be a numeric id',
        ),
        ads_status: nullable(oneOf(ADS_STATUSES)),
        ads_synced_at: nullable(time),
      }) ?? declared(campaignResource, r),
  },
  {
    name: 'campaign_audiences',
    where: 'campaign_id IN (SELECT id FROM campaigns WHERE workspace_id = ?1)',
    workspaceColumns: [],
    uniqueId: 'id',
    check: (r, refs) =>
      columns(r, {
        id: hexId,
        campaign_id: (v) =>
          typeof v === 'string' && refs.campaigns.has(v)
            ? null
            : 'must name a campaign of the snapshot',
        position: integer(0, 100),
        // null: the campaign's own primary audience, which only the domain writes
        audience_id: nullable(hexId),
        snapshot: jsonObject,
        targeting_status: oneOf(TARGETING_STATUSES),
        targeting_error: text,
        targeting_items: jsonOf('an array', Array.isArray),
        targeting_exclusions: jsonOf(
          'an array of {section, text, reason}',
          (v) =>
            Array.isArray(v) &&
            v.every(
              (e) =>
                typeof e === 'object' &&
                e !== null &&
                typeof e.section === 'string' &&
                typeof e.text === 'string' &&
                typeof e.reason === 'string',
            ),
        ),
        targeting_updated_at: nullable(time),
        created_at: time,
      }) ??
      declaredChanges(campaignAudienceSlotResource, r) ??
      storesKnown(parsedStrings(r.data_store_ids), refs) ??
      api(
        targetingItems,
        { items: JSON.parse(r.targeting_items as string) },
        () => 'targeting_items',
      ),
  },
  {
    name: 'data_store_channels',
    where:
      "data_store_id IN (SELECT id FROM data_stores WHERE workspace_id = ?1 AND scope = 'workspace')",
    workspaceColumns: [],
    check: (r, refs) =>
      columns(r, {
        data_store_id: (v) =>
          typeof v === 'string' && refs.dataStores.has(v)
            ? null
            : 'must name a data store of the snapshot',
        channel_id: (v) =>
          typeof v === 'string' && /^UC[A-Za-z0-9_-]{22}$/.test(v)
            ? null
            : 'must be a channel id (UC and 22 characters)',
        seq: integer(0),
        origin: oneOf(['import', 'collect']),
      }),
  },
  {
    name: 'data_store_videos',
    where:
      "data_store_id IN (SELECT id FROM data_stores WHERE workspace_id = ?1 AND scope = 'workspace')",
    workspaceColumns: [],
    check: (r, refs) =>
      columns(r, {
        data_store_id: (v) =>
          typeof v === 'string' && refs.dataStores.has(v)
            ? null
            : 'must name a data store of the snapshot',
        video_id: (v) =>
          typeof v === 'string' && /^[A-Za-z0-9_-]{11}$/.test(v)
            ? null
            : 'must be a video id (11 characters)',
        seq: integer(0),
        origin: oneOf(['import', 'collect']),
      }),
  },
  {
    name: 'yt_channels',
    where: 'owner = ?1',
    workspaceColumns: ['owner'],
    check: (r) =>
      columns(r, {
        id: (v) =>
          typeof v === 'string' && /^UC[A-Za-z0-9_-]{22}$/.test(v)
            ? null
            : 'must be a channel id (UC and 22 characters)',
        title: text,
        description: text,
        handle: text,
        image_url: text,
        country: text,
        subscribers: integer(0),
        keywords: text,
        published_at: nullable(time),
      }),
  },
  {
    name: 'yt_videos',
    where: 'owner = ?1',
    workspaceColumns: ['owner'],
    check: (r) =>
      columns(r, {
        id: (v) =>
          typeof v === 'string' && /^[A-Za-z0-9_-]{11}$/.test(v)
            ? null
            : 'must be a video id (11 characters)',
        channel_id: text,
        title: text,
        description: text,
        tags: jsonStrings,
        published_at: nullable(time),
        view_count: integer(0),
        like_count: integer(0),
        comment_count: integer(0),
        duration: text,
      }),
  },
  {
    name: 'yt_comments',
    where: 'owner = ?1',
    workspaceColumns: ['owner'],
    check: (r) =>
      columns(r, {
        id: text,
        video_id: text,
        author: text,
        text,
        like_count: integer(0),
        published_at: nullable(time),
      }),
  },
  {
    name: 'jobs',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    uniqueId: 'id',
    check: (r, refs) => {
      const problem = columns(r, {
        id: hexId,
        kind: oneOf(JOB_KINDS),
        payload: jsonObject,
        state: oneOf(JOB_STATES),
        run_at: time,
        attempts: integer(0, 1000),
        error: text,
        created_at: time,
        updated_at: time,
        finished_at: nullable(time),
      });
      if (problem) return problem;
      const subjects =
        r.kind === 'collect_data_store'
          ? refs.dataStores
          : r.kind === 'generate_targeting'
            ? refs.slots
            : null;
      // a periodic sync's subject is its workspace, rewritten with it
      if (subjects && !subjects.has(r.subject as string))
        return `subject must name a ${r.kind === 'collect_data_store' ? 'data store' : 'campaign audience slot'} of the snapshot`;
      if (r.kind === 'sync_ads') r.subject = r.workspace_id;
      // a job that was running when the snapshot was saved runs again: its holder is not this server's
      if (r.state === 'running') r.state = 'queued';
      r.lease_owner = null;
      r.lease_until = null;
      return null;
    },
  },
  {
    name: 'ads_campaigns',
    where: `customer_id IN (${ACCOUNTS})`,
    workspaceColumns: [],
    uniqueId: 'campaign_id',
    check: (r, refs) =>
      columns(r, {
        // the platform's numeric id; the service's campaign may since have been deleted (it keeps serving)
        campaign_id: (v) =>
          typeof v === 'string' && /^\d{1,20}$/.test(v) ? null : 'must be a numeric id',
        customer_id: (v) =>
          typeof v === 'string' && refs.accounts.has(v)
            ? null
            : 'must name an ad account of the snapshot',
        service_campaign_id: hexId,
        name: text,
        status: oneOf(ADS_STATUSES),
        settings: jsonObject,
        created_at: time,
        synced_at: nullable(time),
        seq: integer(0),
      }),
  },
  {
    name: 'ads_settings_history',
    where: `campaign_id IN (${PLATFORM_CAMPAIGNS})`,
    workspaceColumns: [],
    check: (r, refs) =>
      columns(r, {
        campaign_id: (v) =>
          typeof v === 'string' && refs.adsCampaigns.has(v)
            ? null
            : 'must name an ad-platform campaign of the snapshot',
        at: time,
        settings: jsonObject,
      }),
  },
  {
    name: 'ads_status_changes',
    where: `campaign_id IN (${PLATFORM_CAMPAIGNS})`,
    workspaceColumns: [],
    check: (r, refs) =>
      columns(r, {
        campaign_id: (v) =>
          typeof v === 'string' && refs.adsCampaigns.has(v)
            ? null
            : 'must name an ad-platform campaign of the snapshot',
        at: time,
        status: oneOf(ADS_STATUSES),
      }),
  },
  {
    name: 'workspace_clocks',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    check: (r) =>
      columns(r, {
        frozen_at: nullable(time),
        // at most 1000 years either way: a time every date function can still handle
        offset_ms: integer(-1000 * 365 * 86_400_000, 1000 * 365 * 86_400_000),
        updated_at: time,
      }),
  },
  {
    name: 'fault_rules',
    // the rules of a limited key name that key, which a snapshot never holds
    where: 'workspace_id = ?1 AND key_id IS NULL',
    workspaceColumns: ['workspace_id'],
    uniqueId: 'id',
    check: (r, refs) =>
      columns(r, {
        id: hexId,
        seq: integer(0),
        method: oneOf(FAULT_METHODS),
        path: (v) =>
          typeof v === 'string' && matchesAnOperation(r.method as string, v, refs.routes)
            ? null
            : 'must match an operation of the API',
        status: nullable(integer(400, 599)),
        delay_ms: nullable(integer(0, MAX_FAULT_DELAY_MS)),
        drop_connection: oneOf([0, 1]),
        remaining: nullable(integer(0)),
        probability: nullable((v) =>
          typeof v === 'number' && v > 0 && v <= 1
            ? null
            : 'must be a number above 0 and at most 1',
        ),
        matched: integer(0),
        key_id: oneOf([null]),
        created_at: time,
      }),
  },
  {
    // what each ref of an applied fixtures file names, so an apply after a load still matches
    name: 'fixture_refs',
    where: 'workspace_id = ?1',
    workspaceColumns: ['workspace_id'],
    check: (r) =>
      columns(r, {
        ref: (v) =>
          typeof v === 'string' && new RegExp(REF_PATTERN).test(v)
            ? null
            : 'must be a ref: letters, digits, ".", "_" or "-", at most 100',
        kind: oneOf(KINDS),
        record_id: hexId,
      }),
  },
];

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
