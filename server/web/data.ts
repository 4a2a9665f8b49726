/**
 * What the pages show, read through the API's own operations (their handlers, with their schemas,
 * scopes and key limits) and the domain services behind them: no second data path. Each page is read
 * in one read transaction, on the workspace's own clock.
 */
import { todayIn } from '../ads/dates.ts';
import { servingOf, type Serving } from '../ads/serving.ts';
import type { FaultRule } from '../control/faults.ts';
import type { JournalEntry } from '../control/journal-entry.ts';
import type { Actor } from '../domain/actor.ts';
import { controlOperations } from '../operations/controls.ts';
import { operations } from '../operations/index.ts';
import { invoke } from '../operations/invoke.ts';
import type { Operation, OperationContext } from '../operations/operation.ts';
import type { Scope } from '../schemas/common.ts';
import type { Audience, Brand, Campaign, DataStore } from '../schemas/records.ts';
import { ApiError } from '../lib/errors.ts';
import type { JobRow } from '../jobs/queue.ts';

/** How many records each list of the console shows (the newest). */
export const LIST_SIZE = 100;
/** How many jobs and journal entries the console shows. */
export const RECENT_SIZE = 50;

const byName = new Map<string, Operation>(
  [...operations, ...controlOperations].map((op) => [op.name, op]),
);

/** Runs operations of the API's table and of the controls as the session's key. */
export class Reader {
  readonly #s: OperationContext;
  readonly actor: Actor;

  constructor(ctx: OperationContext, actor: Actor) {
    this.#s = ctx;
    this.actor = actor;
  }

  can(scope: Scope): boolean {
    return this.actor.scopes.has(scope);
  }

  /** A read operation's answer, through invoke as the API's routes: its scope, its schemas, its clock. */
  async read<T>(
    name: string,
    input: { params?: Record<string, string>; query?: Record<string, string> } = {},
    actor: Actor = this.actor,
  ): Promise<T> {
    const op = byName.get(name);
    if (!op) throw new Error(`no operation ${name}`);
    const result = await invoke(this.#s, op, actor, input);
    return (result.replayed ? JSON.parse(result.text) : result.value) as T;
  }

  /** fn in one read transaction on the workspace's clock. */
  within<T>(fn: () => Promise<T>): Promise<T> {
    const s = this.#s;
    return s.deps.clock.within(this.actor.workspaceId, () => s.deps.store.read(fn));
  }

  get services(): OperationContext {
    return this.#s;
  }
}

export interface ClockView {
  now: string;
  frozen: boolean;
  offsetMs: number;
}

export interface Header {
  workspace: string;
  /** the workspace's time, for keys with the backend scope */
  clock: ClockView | null;
}

export interface TargetingSlot {
  id: string;
  name: string;
  audienceId: string | null;
  status: string;
  error: string;
  updatedAt: string;
  items: { section: string; label: string; text: string; matchType: string; source: string }[];
  /** what generating leaves out, and why (list_targeting_exclusions) */
  exclusions: { section: string; text: string; reason: string }[];
}

export interface DailyFigures {
  date: string;
  impressions: number;
  clicks: number;
  cost: number;
  conversions: number;
}

/** One campaign's figures: its totals and its own days. A ratio without a denominator is null (shown as –). */
export interface Performance {
  startDate: string;
  endDate: string;
  currency: string;
  totals: {
    impressions: number;
    clicks: number;
    cost: number;
    conversions: number;
    ctr: number | null;
    cpc: number | null;
    costPerConversion: number | null;
  };
  daily: DailyFigures[];
}

export interface CampaignView {
  header: Header;
  campaign: Campaign;
  /** the currency of its account (budget, target CPA); null without ads:read or an account */
  currency: string | null;
  /** null without campaigns:read on targeting (never: it is the campaign's own scope) */
  targeting: TargetingSlot[];
  /** the slots' data stores by id; null without datasets:read */
  dataStores: Map<string, DataStore> | null;
  ads: {
    /** when the service last synced the campaign to the ad platform */
    lastSyncAt: string | null;
    /** when the next sync of the workspace is due */
    nextSyncAt: string | null;
    /** its status in the ad platform now (the service learns it at the next sync) */
    platformStatus: string | null;
    /** whether it serves ads now, and why not (an ENABLED campaign past its end date has ENDED) */
    serving: Serving | null;
  } | null;
  /** the last 30 days; null when it is not in the ad platform, or without ads:read */
  performance: Performance | null;
  /** why performance is not shown */
  performanceNote: string | null;
}

export async function header(r: Reader): Promise<Header> {
  return {
    workspace: r.actor.workspaceSlug,
    clock: r.can('backend') ? await r.read<ClockView>('get_clock') : null,
  };
}

/** The campaign page: 404 / 403 (ApiError) for a campaign that is not there or not the key's. */
export function campaignView(r: Reader, campaignId: string): Promise<CampaignView> {
  return r.within(async () => {
    const campaign = await r.read<Campaign>('get_campaign', { params: { campaignId } });
    const targeting: TargetingSlot[] = [];
    for (const slot of (
      await r.read<{ audiences: Omit<TargetingSlot, 'exclusions'>[] }>('get_targeting', {
        params: { campaignId },
      })
    ).audiences) {
      const exclusions = (
        await r.read<{ data: TargetingSlot['exclusions'] }>('list_targeting_exclusions', {
          params: { campaignId, slotId: slot.id },
        })
      ).data;
      targeting.push({ ...slot, exclusions });
    }
    let dataStores: Map<string, DataStore> | null = null;
    if (r.can('datasets:read')) {
      dataStores = new Map();
      for (const id of new Set(campaign.audiences.flatMap((a) => a.dataStoreIds))) {
        dataStores.set(
          id,
          await r.read<DataStore>('get_data_store', { params: { dataStoreId: id } }),
        );
      }
    }
    const s = r.services;
    let ads: CampaignView['ads'] = null;
    let performance: Performance | null = null;
    let performanceNote: string | null = null;
    const { customerId, campaignId: adsId } = campaign.adsPlatform;
    const currency = (await currencies(r))[customerId ?? ''] ?? null;
    if (adsId) {
      const row = await s.campaigns.row(r.actor, campaignId);
      const there = await s.ads.platform.campaign(adsId);
      const zone =
        (await s.ads.platform.accounts(r.actor.workspaceId)).find(
          (a) => a.customerId === there?.customerId,
        )?.timeZone ?? 'UTC';
      ads = {
        lastSyncAt: row.ads_synced_at,
        nextSyncAt: (await s.jobs.pending('sync_ads', r.actor.workspaceId))?.run_at ?? null,
        platformStatus: there?.status ?? null,
        serving: there ? servingOf(there, todayIn(zone, s.deps.clock.now())) : null,
      };
      if (!r.can('ads:read'))
        performanceNote = 'Performance needs the ads:read scope, which this key lacks.';
      else if (customerId) {
        // The campaign's own report: its row and its own daily series.
        const report = await r
          .read<Report>('get_performance', {
            query: { customerId, dateRange: 'LAST_30_DAYS', campaignId },
          })
          .catch((e: unknown) => {
            if (e instanceof ApiError && e.status === 404) return null;
            throw e;
          });
        const mine = report?.campaigns.find((c) => c.campaignId === campaignId);
        if (!report || !mine)
          performanceNote = `Its ad-platform campaign is not in the report of account ${customerId}.`;
        else {
          performance = {
            startDate: report.dateRange.startDate,
            endDate: report.dateRange.endDate,
            currency: currency ?? '',
            totals: {
              impressions: mine.impressions,
              clicks: mine.clicks,
              cost: mine.cost,
              conversions: mine.conversions,
              // the report's 0 for a ratio without a denominator means none
              ctr: mine.impressions ? mine.ctr : null,
              cpc: mine.clicks ? mine.cpc : null,
              costPerConversion: mine.conversions ? mine.costPerConversion : null,
            },
            daily: report.daily,
          };
        }
      }
    } else {
      performanceNote =
        'Not in the ad platform yet: publish it (adcli campaigns publish) and turn it on there to see performance.';
    }
    return {
      header: await header(r),
      campaign,
      currency,
      targeting,
      dataStores,
      ads,
      performance,
      performanceNote,
    };
  });
}

interface Report {
  customerId: string;
  dateRange: { startDate: string; endDate: string };
  campaigns: {
    campaignId: string;
    impressions: number;
    clicks: number;
    cost: number;
    conversions: number;
    ctr: number;
    cpc: number;
    costPerConversion: number;
  }[];
  daily: DailyFigures[];
}

/** Each account's currency (customer id → code) for the amounts a page shows; none without ads:read. */
async function currencies(r: Reader): Promise<Record<string, string>> {
  if (!r.can('ads:read')) return {};
  const accounts = (
    await r.read<{ data: { customerId: string; currencyCode: string }[] }>('list_ads_accounts')
  ).data;
  return Object.fromEntries(accounts.map((a) => [a.customerId, a.currencyCode]));
}

/** What the console shows of fault rules and the journal: the control operations' own records. */
export type FaultRuleView = FaultRule;
export type JournalView = JournalEntry;

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** A list of the console: its newest records, whether there are more, or null without the scope. */
export interface Listed<T> {
  items: T[];
  more: boolean;
}

export interface ConsoleView {
  header: Header;
  /** each account's currency, for the budgets; empty without ads:read */
  currencies: Record<string, string>;
  counts: { campaigns: number; audiences: number; dataStores: number; brands: number };
  campaigns: Listed<Campaign>;
  audiences: Listed<Audience> | null;
  dataStores: Listed<DataStore> | null;
  brands: Listed<Brand> | null;
  /** the backend's own state: only for keys with the backend scope */
  backend: {
    clock: ClockView;
    jobs: JobRow[];
    jobCounts: Record<JobRow['state'], number>;
    faults: FaultRuleView[];
    journal: JournalView[];
  } | null;
}

export async function consoleView(r: Reader): Promise<ConsoleView> {
  // The page reads in one transaction, on Postgres a snapshot taken at its first query: the journal
  // writes its pending entries before that, or the page would miss the latest requests.
  if (r.can('backend')) await r.services.controls.journal.flush();
  return r.within(async () => {
    const list = async <T>(
      name: string,
      query: Record<string, string> = {},
    ): Promise<Listed<T>> => {
      const page = await r.read<Page<T>>(name, { query: { limit: String(LIST_SIZE), ...query } });
      return { items: page.data, more: page.nextCursor !== null };
    };
    const workspace = await r.read<{ counts: ConsoleView['counts'] }>('get_workspace');
    const s = r.services;
    const ws = r.actor.workspaceId;
    return {
      header: await header(r),
      currencies: await currencies(r),
      counts: workspace.counts,
      campaigns: await list<Campaign>('list_campaigns'),
      audiences: r.can('audiences:read') ? await list<Audience>('list_audiences') : null,
      dataStores: r.can('datasets:read')
        ? await list<DataStore>('list_data_stores', { includeLibrary: 'true' })
        : null,
      brands: r.can('brands:read') ? await list<Brand>('list_brands') : null,
      backend: r.can('backend')
        ? {
            clock: await r.read<ClockView>('get_clock'),
            jobs: await s.jobs.recent(ws, RECENT_SIZE),
            jobCounts: await s.jobs.countByState(ws),
            faults: (await r.read<{ data: FaultRuleView[] }>('list_faults')).data,
            journal: (
              await r.read<{ data: JournalView[] }>('list_requests', {
                query: { limit: String(RECENT_SIZE) },
              })
            ).data.reverse(),
          }
        : null,
    };
  });
}
