import type { Services } from '../domain/services.ts';
import type { JobHandler } from './runner.ts';
import type { JobKind } from './queue.ts';

/** Which domain service runs each kind of job. */
export function jobHandlers(s: Services): Partial<Record<JobKind, JobHandler>> {
  return {
    collect_data_store: (job) => s.dataStores.runCollect(job),
    generate_targeting: (job) => s.targeting.runJob(job),
    sync_ads: (job) => s.ads.runSync(job),
  };
}
