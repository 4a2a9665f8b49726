import { adPlatformFor, type AdsPlatformSettings } from '../ads/settings.ts';
import { JobQueue } from '../jobs/queue.ts';
import type { Clock } from '../lib/clock.ts';
import type { Store } from '../store/port.ts';
import { WorkspaceClocks } from '../time/workspace-clocks.ts';
import { Ads } from './ads.ts';
import { Audiences } from './audiences.ts';
import { Brands } from './brands.ts';
import { Campaigns } from './campaigns.ts';
import { Catalog } from './catalog.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { DataStores } from './data-stores.ts';
import { Exploration } from './exploration.ts';
import { Keys } from './keys.ts';
import { PageSessions } from './page-sessions.ts';
import { Targeting } from './targeting.ts';
import { Workspaces } from './workspaces.ts';
import { YouTubeCollector } from '../youtube/collector.ts';
import { QuotaLedger } from '../youtube/quota.ts';
import { youtubeSource, type YouTubeSettings } from '../youtube/settings.ts';

/** The domain: every service over one store connection and one set of workspace clocks. */
export interface Services {
  deps: DomainDeps;
  jobs: JobQueue;
  workspaces: Workspaces;
  keys: Keys;
  catalog: Catalog;
  dataStores: DataStores;
  audiences: Audiences;
  brands: Brands;
  campaigns: Campaigns;
  targeting: Targeting;
  ads: Ads;
  exploration: Exploration;
  /** login links and sessions of the pages */
  sessions: PageSessions;
}

/**
 * What the domain services are built with, as plain data: `adcli serve` makes it once and hands the
 * same object to the HTTP thread and, in workerData, to every job worker thread, so no thread runs
 * with fewer options than another.
 */
export interface ServiceSettings {
  /** minimum duration of background work (collection, generation), so its states can be watched */
  jobDelayMs?: number | undefined;
  /** collection's own minimum duration, where it differs from jobDelayMs */
  collectDelayMs?: number | undefined;
  /** generation's own minimum duration, where it differs from jobDelayMs */
  generateDelayMs?: number | undefined;
  /** how often settings and targeting are synced to the ad platform */
  syncIntervalMs?: number | undefined;
  /** where every new workspace's clock starts, frozen (`adcli serve --clock`); default real time */
  newWorkspaceFrozenAt?: Date | null | undefined;
  /** the ad platform behind its port; default the simulated one over the same store */
  ads?: AdsPlatformSettings | undefined;
  /**
   * The YouTube Data API (its key, base URL and the server's daily quota): collection asks it for
   * the sources the catalog does not know. None (the default): those end in the data store's error.
   */
  youtube?: YouTubeSettings | undefined;
}

/** The settings, and what only this thread's services have: their lease name, their wake-up call. */
export interface ServiceOptions extends ServiceSettings {
  /** the lease holder name of this connection's job queue (worker threads name themselves) */
  jobOwner?: string;
  /** told once a queued job is committed (a worker pool looks at once instead of at its next poll) */
  onEnqueue?: () => void;
}

/**
 * The domain services over one store. `clock` is real time (the system clock, or a test's
 * ManualClock); each workspace's own time is derived from it by WorkspaceClocks. Everything is
 * given at construction: nothing is wired afterwards.
 */
export function createServices(
  base: { store: Store; clock: Clock },
  opts: ServiceOptions = {},
): Services {
  const clock =
    base.clock instanceof WorkspaceClocks
      ? base.clock
      : new WorkspaceClocks(base.store, base.clock, {
          newWorkspaceFrozenAt: opts.newWorkspaceFrozenAt,
        });
  const deps: DomainDeps = { store: base.store, clock };
  const jobs = new JobQueue(deps, { owner: opts.jobOwner, onEnqueue: opts.onEnqueue });
  const catalog = new Catalog(deps);
  // the quota is counted in the store on real days (the API's), whatever a workspace's clock says
  const source = opts.youtube ? youtubeSource(opts.youtube) : undefined;
  const youtube = source
    ? new YouTubeCollector(
        source.api,
        new QuotaLedger(
          base.store,
          source.dailyQuota,
          () => clock.base.now(),
          source.workspaceQuota,
        ),
        source.bounds,
      )
    : undefined;
  // campaigns follow their data stores' state: told in the same transaction, and created below
  let campaigns: Campaigns;
  const dataStores = new DataStores(deps, catalog, jobs, {
    delayMs: opts.collectDelayMs ?? opts.jobDelayMs,
    youtube,
    afterCollect: async (id) => {
      for (const c of await campaigns.usingDataStore(id)) await campaigns.refreshStatus(c);
    },
    afterDelete: async (ids) => {
      for (const c of ids) await campaigns.refreshStatus(c);
    },
  });
  const audiences = new Audiences(deps, dataStores);
  campaigns = new Campaigns(deps, dataStores, audiences);
  const targeting = new Targeting(deps, campaigns, jobs, {
    delayMs: opts.generateDelayMs ?? opts.jobDelayMs,
  });
  const platform = adPlatformFor(opts.ads, deps);
  const ads = new Ads(deps, platform, campaigns, jobs, { syncIntervalMs: opts.syncIntervalMs });
  return {
    deps,
    jobs,
    workspaces: new Workspaces(deps),
    keys: new Keys(deps),
    catalog,
    dataStores,
    audiences,
    brands: new Brands(deps),
    campaigns,
    targeting,
    ads,
    exploration: new Exploration(deps),
    sessions: new PageSessions(deps),
  };
}
