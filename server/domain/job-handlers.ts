import type { JobHandlers } from '../jobs/runner.ts';
import type { Services } from './services.ts';

/**
 * Which domain service runs each kind of job, and what a job that failed for good leaves behind.
 * A kind without a handler here does not compile (JobHandlers names every kind).
 */
export function jobHandlers(s: Services): JobHandlers {
  return {
    collect_data_store: {
      run: (job) => s.dataStores.runCollect(job),
      failed: (job, message) => s.dataStores.collectionFailed(job.subject, message),
    },
    generate_targeting: {
      run: (job) => s.targeting.runJob(job),
      failed: (job, message) => s.targeting.generationFailed(job.subject, message),
    },
    sync_ads: {
      run: (job) => s.ads.runSync(job),
      // The sync is periodic: one that failed must not stop the next ones.
      failed: (job) => s.ads.scheduleSync(job.subject),
    },
  };
}
