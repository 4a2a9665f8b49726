/**
 * A test backend that publishes to the Google Ads stand-in (./google-ads-stand-in.ts) instead of
 * the simulation, with the stand-in's account linked to its workspace: what the tests of the
 * service's Google Ads side start from.
 */
import { afterEach, beforeEach } from 'vitest';
import { linkAccount } from '../../server/ads/google-ads/records.ts';
import { testBackend, type TestBackend } from './backend.ts';
import { CREDS, startGoogleAdsStandIn, type GoogleAdsStandIn } from './google-ads-stand-in.ts';
import { standInWorld } from './google-ads-world.ts';

/** The stand-in's account, linked to the backend's workspace. */
export const STAND_IN_ACCOUNT = '123-456-7890';

export interface GoogleAdsBackend {
  standIn: GoogleAdsStandIn;
  b: TestBackend;
}

/**
 * A fresh stand-in and backend on it before each test of the file (or describe block), handed to
 * `use`; the stand-in is closed after each test.
 */
export function googleAdsBackendEach(use: (fresh: GoogleAdsBackend) => void): void {
  let standIn: GoogleAdsStandIn | undefined;
  beforeEach(async () => {
    const fresh = await googleAdsBackend();
    standIn = fresh.standIn;
    use(fresh);
  });
  afterEach(async () => {
    await standIn?.close();
    standIn = undefined;
  });
}

/** The stand-in and a backend on it; close the stand-in after the test. */
async function googleAdsBackend(): Promise<GoogleAdsBackend> {
  const standIn = await startGoogleAdsStandIn(standInWorld());
  const b = await testBackend({
    ads: {
      kind: 'google-ads',
      googleAds: {
        credentials: { ...CREDS },
        baseUrl: standIn.baseUrl,
        tokenUrl: standIn.tokenUrl,
        retryBaseMs: 1,
        // every read asks the stand-in (the adapter's caches are the port tests')
        cacheMs: 0,
      },
    },
  });
  await linkAccount(b.store, await b.workspaceId(), STAND_IN_ACCOUNT, '2026-03-01T00:00:00.000Z');
  return { standIn, b };
}
