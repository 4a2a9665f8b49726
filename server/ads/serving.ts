import type { AdsCampaign } from './port.ts';

/**
 * Whether a platform campaign serves ads now, and why not, as Google Ads tells it beside a campaign's
 * status: an ENABLED campaign whose end date has passed stays ENABLED but has ENDED (the platform
 * stops it by itself), one with no budget serves nothing, a paused or removed one does not serve.
 */
export type ServingStatus = 'SERVING' | 'ENDED' | 'NO_BUDGET' | 'PAUSED' | 'REMOVED';

export interface Serving {
  status: ServingStatus;
  /** why it does not serve, for a person; null while it serves */
  reason: string | null;
}

/** `today` is the date (YYYY-MM-DD) in the account's time zone, on the workspace's clock. */
export function servingOf(ads: Pick<AdsCampaign, 'status' | 'settings'>, today: string): Serving {
  if (ads.status === 'PAUSED')
    return { status: 'PAUSED', reason: 'paused in the ad platform: turn it on there to serve' };
  if (ads.status === 'REMOVED')
    return { status: 'REMOVED', reason: 'removed in the ad platform: it never serves again' };
  const { endDate, budget } = ads.settings;
  if (endDate !== null && today > endDate)
    return {
      status: 'ENDED',
      reason: `its end date ${endDate} has passed: it stopped serving after that day`,
    };
  if (budget === null)
    return { status: 'NO_BUDGET', reason: 'it has no budget, so nothing spends' };
  return { status: 'SERVING', reason: null };
}
