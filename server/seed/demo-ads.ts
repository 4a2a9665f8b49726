import { SimulatedAdPlatform } from '../ads/simulated.ts';
import { adsSettingsOf } from '../domain/ads.ts';
import type { CampaignRow } from '../domain/campaigns.ts';
import type { Services } from '../domain/services.ts';
import { ManualClock } from '../lib/clock.ts';
import { DEMO_CAMPAIGNS } from './demo.ts';

const DAY = 24 * 3600_000;

/**
 * Gives the demo's platform campaign a history: created in the ad platform (paused) a little over
 * `days` days ago and turned on by a person the next day, so performance has something to show at
 * once. The platform's records are written with a clock set back in time; nothing is faked later.
 */
export async function seedDemoAdsHistory(services: Services, workspaceId: string, days = 90): Promise<void> {
  const { store, clock } = services.deps;
  await store.write(() => clock.within(workspaceId, async () => {
    const row = await store.get<CampaignRow>('SELECT * FROM campaigns WHERE workspace_id = ? AND name = ?', workspaceId, DEMO_CAMPAIGNS.platform);
    if (!row || row.ads_campaign_id || !row.customer_id) return;
    const now = clock.now().getTime();
    const past = new ManualClock(now - (days + 1) * DAY);
    const platform = new SimulatedAdPlatform(store, past);
    const { campaignId } = await platform.createCampaign(row.customer_id, row.id, { ...adsSettingsOf(row), targeting: [] });
    past.set(now - days * DAY);
    await platform.setStatus(campaignId, 'ENABLED');
    await store.run(
      "UPDATE campaigns SET ads_campaign_id = ?, ads_status = 'ENABLED', created_at = ? WHERE id = ?",
      campaignId,
      new Date(now - (days + 2) * DAY).toISOString(),
      row.id,
    );
  }));
}
