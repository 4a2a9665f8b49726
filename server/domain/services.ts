import type { AdPlatform } from '../ads/port.ts';
import { SimulatedAdPlatform } from '../ads/simulated.ts';
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
import type { YouTubeSource } from '../youtube/settings.ts';

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

export interface ServiceOptions {
  /** minimum duration of background work (collection, generation), so its states can be watched */
  jobDelayMs?: number;
  /** collection's own minimum duration, where it differs from jobDelayMs */
  collectDelayMs?: number;
  /** generation's own minimum duration, where it differs from jobDelayMs */
  generateDelayMs?: number;
  /** how often settings and targeting are synced to the ad platform */
  syncIntervalMs?: number;
  /** the lease holder name of this connection's job queue (worker threads name themselves) */
  jobOwner?: string;
  /** told once a queued job is committed (a worker pool looks at once instead of at its next poll) */
  onEnqueue?: () => void;
  /** where every new workspace's clock starts, frozen (`adcli serve --clock`); default real time */
  newWorkspaceFrozenAt?: Date | null;
  /** the ad platform behind its port; default the simulated one over the same store */
  platform?: (deps: DomainDeps) => AdPlatform;
  /**
   * The YouTube Data API behind its port, with the server's daily quota: collection asks it for the
   * sources the catalog does not know. None (the default): those end in the data store's error.
   */
  youtube?: YouTubeSource | undefined;
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
  const youtube = opts.youtube
    ? new YouTubeCollector(
        opts.youtube.api,
        new QuotaLedger(
          base.store,
          opts.youtube.dailyQuota,
          () => clock.base.now(),
          opts.youtube.workspaceQuota,
        ),
        opts.youtube.bounds,
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
  const platform = opts.platform?.(deps) ?? new SimulatedAdPlatform(deps.store, deps.clock);
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
