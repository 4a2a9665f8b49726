import { SimulatedAdPlatform } from '../ads/simulated.ts';
import { systemActor } from '../domain/actor.ts';
import { adsSettingsOf } from '../domain/ads.ts';
import type { CampaignRow } from '../domain/campaigns.ts';
import type { Services } from '../domain/services.ts';
import { jobHandlers } from '../domain/job-handlers.ts';
import { JobRunner } from '../jobs/runner.ts';
import { ManualClock } from '../lib/clock.ts';
import { SCOPES } from '../schemas/common.ts';
import type { TargetingItem } from '../targeting/types.ts';
import { DEMO_CAMPAIGNS } from './demo.ts';

const DAY = 24 * 3600_000;

/**
 * Gives the demo's platform campaign a history that tells one story: its targeting generated (so it
 * is `ready`), created in the ad platform (paused) a little over `days` days ago, turned on by a
 * person the next day, and synced just now with its settings and targeting, so performance has
 * something to show at once and its page says when it last synced. The platform's records are
 * written with a clock set back in time; nothing is faked later.
 */
export async function seedDemoAdsHistory(
  services: Services,
  workspaceId: string,
  days = 90,
): Promise<void> {
  const { store, clock } = services.deps;
  await store.write(() =>
    clock.within(workspaceId, async () => {
      const row = await store.get<CampaignRow>(
        'SELECT * FROM campaigns WHERE workspace_id = ? AND name = ?',
        workspaceId,
        DEMO_CAMPAIGNS.platform,
      );
      if (!row || row.ads_campaign_id || !row.customer_id) return;
      const now = clock.now().getTime();
      const past = new ManualClock(now - (days + 1) * DAY);
      const platform = new SimulatedAdPlatform(store, past);
      const { campaignId } = await platform.createCampaign(row.customer_id, row.id, {
        ...adsSettingsOf(row),
        targeting: [],
      });
      past.set(now - days * DAY);
      await platform.setStatus(campaignId, 'ENABLED');
      await store.run(
        "UPDATE campaigns SET ads_campaign_id = ?, ads_status = 'ENABLED', created_at = ? WHERE id = ?",
        campaignId,
        new Date(now - (days + 2) * DAY).toISOString(),
        row.id,
      );
      // its targeting, generated as a job would (the seed waits for it), then the sync that carried it over
      const ws = (await store.get<{ id: string; slug: string; exploration: number }>(
        'SELECT id, slug, exploration FROM workspaces WHERE id = ?',
        workspaceId,
      ))!;
      await services.targeting.generate(systemActor(ws, SCOPES), row.id, undefined);
      const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services));
      const due = { workspaceId, until: now + DAY };
      for (let job = await services.jobs.claim(due); job; job = await services.jobs.claim(due))
        await runner.run(job);
      const slots = await services.campaigns.slots(row.id);
      const targeting = slots.flatMap((s) => JSON.parse(s.targeting_items) as TargetingItem[]);
      await services.ads.platform.sync(campaignId, { ...adsSettingsOf(row), targeting });
      await store.run(
        'UPDATE campaigns SET ads_synced_at = ? WHERE id = ?',
        new Date(now).toISOString(),
        row.id,
      );
      // and the syncs that follow, one interval on
      await services.ads.scheduleSync(workspaceId);
    }),
  );
}
