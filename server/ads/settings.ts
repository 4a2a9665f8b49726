/**
 * Which ad platform a server publishes to, as plain data: it is built once by `adcli serve` and
 * copied whole into every job worker thread's workerData, so the HTTP thread and the workers talk
 * to the same platform (a function or an object could not cross the thread boundary).
 */
import type { DomainDeps } from '../kernel/deps.ts';
import type { GoogleAdsSettings } from './google-ads/settings.ts';
import type { AdPlatform } from './port.ts';
import { SimulatedAdPlatform } from './simulated.ts';

export type AdsPlatformSettings =
  | { kind: 'simulated' }
  /** `adcli serve --ads-platform google-ads`: the Google Ads API, credentials from the environment */
  | { kind: 'google-ads'; googleAds: GoogleAdsSettings };

/** The ad platform of these settings over a thread's own store and clocks; default the simulation. */
export function adPlatformFor(
  settings: AdsPlatformSettings | undefined,
  deps: DomainDeps,
): AdPlatform {
  const s = settings ?? { kind: 'simulated' };
  switch (s.kind) {
    case 'simulated':
      return new SimulatedAdPlatform(deps.store, deps.clock);
    case 'google-ads':
      return onFirstUse(async () => {
        const { GoogleAdsPlatform } = await import('./google-ads/platform.ts');
        return new GoogleAdsPlatform(s.googleAds, deps);
      });
  }
}

/**
 * A platform made when first asked: the Google Ads adapter's modules load then, not with every
 * backend (the local profile and the simulation never use them).
 */
function onFirstUse(make: () => Promise<AdPlatform>): AdPlatform {
  let made: Promise<AdPlatform> | undefined;
  const platform = () => (made ??= make());
  return {
    accounts: async (...a) => (await platform()).accounts(...a),
    createCampaign: async (...a) => (await platform()).createCampaign(...a),
    sync: async (...a) => (await platform()).sync(...a),
    setStatus: async (...a) => (await platform()).setStatus(...a),
    campaign: async (...a) => (await platform()).campaign(...a),
    campaigns: async (...a) => (await platform()).campaigns(...a),
    dailyMetrics: async (...a) => (await platform()).dailyMetrics(...a),
  };
}
