import { SimulatedAdPlatform } from '../ads/simulated.ts';
import { JobQueue } from '../jobs/queue.ts';
import { Ads } from './ads.ts';
import { Audiences } from './audiences.ts';
import { Brands } from './brands.ts';
import { Campaigns } from './campaigns.ts';
import { Catalog } from './catalog.ts';
import type { DomainDeps } from './context.ts';
import { DataStores } from './data-stores.ts';
import { Exploration } from './exploration.ts';
import { Keys } from './keys.ts';
import { PageSessions } from './page-sessions.ts';
import { Targeting } from './targeting.ts';
import { Workspaces } from './workspaces.ts';
import type { Clock } from '../lib/clock.ts';
import type { Store } from '../store/port.ts';
import { WorkspaceClocks } from '../time/workspace-clocks.ts';
import { advanceHere, type Advancer } from '../control/advance.ts';
import { FaultRules } from '../control/faults.ts';
import { RequestJournal } from '../control/journal.ts';

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
  /** adcli serve's fault rules (design section 7) */
  faults: FaultRules;
  /** adcli serve's request journal: opened on first use (worker threads never open it) */
  readonly journal: RequestJournal;
  /** moves a workspace's clock, running what falls due: here, or in a job worker thread */
  advance: Advancer;
}

export interface ServiceOptions {
  /** minimum duration of background work (collection, generation), so its states can be watched */
  jobDelayMs?: number;
  /** how often settings and targeting are synced to the ad platform */
  syncIntervalMs?: number;
  /** the lease holder name of this connection's job queue (worker threads name themselves) */
  jobOwner?: string;
  /** where clock advances run (adcli serve: its job worker threads); default this thread */
  advance?: Advancer;
}

/**
 * The domain services over one store connection. `clock` is real time (the system clock, or a test's
 * ManualClock); each workspace's own time is derived from it by WorkspaceClocks.
 */
export function createServices(
  base: { store: Store; clock: Clock },
  opts: ServiceOptions = {},
): Services {
  const clock =
    base.clock instanceof WorkspaceClocks
      ? base.clock
      : new WorkspaceClocks(base.store, base.clock);
  const deps: DomainDeps = { store: base.store, clock };
  const jobs = new JobQueue(deps, { owner: opts.jobOwner });
  const catalog = new Catalog(deps);
  const dataStores = new DataStores(deps, catalog, jobs);
  const audiences = new Audiences(deps, dataStores);
  const campaigns = new Campaigns(deps, dataStores, audiences);
  const targeting = new Targeting(deps, campaigns, jobs);
  dataStores.delayMs = opts.jobDelayMs ?? 0;
  targeting.delayMs = opts.jobDelayMs ?? 0;
  const ads = new Ads(deps, new SimulatedAdPlatform(deps.store, deps.clock), campaigns, jobs);
  if (opts.syncIntervalMs !== undefined) ads.syncIntervalMs = opts.syncIntervalMs;
  let journal: RequestJournal | undefined;
  dataStores.afterCollect = async (id) => {
    for (const c of await campaigns.usingDataStore(id)) await campaigns.refreshStatus(c);
  };
  dataStores.afterDelete = async (ids) => {
    for (const c of ids) await campaigns.refreshStatus(c);
  };
  const services: Services = {
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
    faults: new FaultRules(deps),
    get journal() {
      return (journal ??= new RequestJournal(base.store));
    },
    advance: (work) => (opts.advance ?? advanceHere(services))(work),
  };
  return services;
}
