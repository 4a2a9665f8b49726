/**
 * A real ad platform's failures as the API's answers. The simulation never fails this way; the
 * Google Ads adapter does, and without this every such failure would be a bare 500:
 * - `credentials`: the server's credentials or their reach are the operator's to fix: 503
 *   `unavailable`, the message naming the variable and the fix;
 * - `unavailable`: Google Ads could not be reached or its quota is spent, after the adapter's own
 *   retries: 503 with Retry-After;
 * - `refused`: the platform refused what was asked (a campaign type it will not create, a budget it
 *   will not take): 409 `conflict`, its message saying what to change.
 * Every other code goes through as it is: the domain maps those itself.
 */
import { ApiError, conflict } from '../lib/errors.ts';
import { AdPlatformError, type AdPlatform } from './port.ts';

const RETRY_AFTER_S = 60;

export function apiErrorOf(e: unknown): unknown {
  if (!(e instanceof AdPlatformError)) return e;
  switch (e.code) {
    case 'credentials':
      return new ApiError(503, 'unavailable', `the ad platform refused this server: ${e.message}`, {
        'Retry-After': String(RETRY_AFTER_S),
      });
    case 'unavailable':
      return new ApiError(503, 'unavailable', `the ad platform is unavailable: ${e.message}`, {
        'Retry-After': String(RETRY_AFTER_S),
      });
    case 'refused':
      return conflict(e.message);
    default:
      return e;
  }
}

/** The platform with its failures turned into the API's answers as above. */
export function withApiErrors(platform: AdPlatform): AdPlatform {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn.apply(platform, args);
      } catch (e) {
        throw apiErrorOf(e);
      }
    };
  return {
    accounts: wrap(platform.accounts),
    createCampaign: wrap(platform.createCampaign),
    sync: wrap(platform.sync),
    setStatus: wrap(platform.setStatus),
    campaign: wrap(platform.campaign),
    campaigns: wrap(platform.campaigns),
    dailyMetrics: wrap(platform.dailyMetrics),
  };
}
