/**
 * What the Google Ads adapter's tests share: a workspace and a service campaign on the suite's store
 * (SQLite, or Postgres in the Postgres pass), the stand-in, and a GoogleAdsPlatform pointed at it.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { GoogleAdsPlatform } from '../../server/ads/google-ads/platform.ts';
import type { GoogleAdsSettings } from '../../server/ads/google-ads/settings.ts';
import { AdPlatformError, type AdsCampaignSettings } from '../../server/ads/port.ts';
import type { DomainDeps } from '../../server/kernel/deps.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import type { Store } from '../../server/store/port.ts';
import type { TargetingItem } from '../../server/targeting/types.ts';
import { testStore } from './backend.ts';
import { CREDS, startGoogleAdsStandIn, type GoogleAdsStandIn } from './google-ads-stand-in.ts';
import { standInWorld } from './google-ads-world.ts';

export const SVC = 'c0ffee0000000000000000a1';
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

export interface AdsFixture {
  store: Store;
  standIn: GoogleAdsStandIn;
  platform(over?: Partial<GoogleAdsSettings['credentials']>): GoogleAdsPlatform;
  addWorkspace(id: string, slug: string): Promise<void>;
}

/** Installs the hooks: a fresh store, workspace ws1 with campaign SVC, and a stand-in, for each test. */
export function useGoogleAds(): AdsFixture {
  const f = {} as AdsFixture;
  beforeEach(async () => {
    f.store = await testStore();
    f.standIn = await startGoogleAdsStandIn(standInWorld());
    f.platform = (over = {}) =>
      new GoogleAdsPlatform(
        {
          credentials: { ...CREDS, ...over },
          baseUrl: f.standIn.baseUrl,
          tokenUrl: f.standIn.tokenUrl,
          retryBaseMs: 1,
        },
        { store: f.store, clock: { now: () => clock.now() } } as unknown as DomainDeps,
      );
    f.addWorkspace = (id, slug) =>
      f.store
        .run(
          'INSERT INTO workspaces (id, slug, exploration, created_at) VALUES (?, ?, 0, ?)',
          id,
          slug,
          '2026-01-01T00:00:00.000Z',
        )
        .then(() => undefined);
    await f.addWorkspace('ws1', 'acme');
    await f.store.run(
      `INSERT INTO campaigns (id, workspace_id, name, status, objective, industry, language, locations, success_metrics, created_at, updated_at)
       VALUES (?, 'ws1', 'Espresso at home', 'draft', 'sales', 'food', 'de', '["DE"]', '[]', ?, ?)`,
      SVC,
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    );
  });
  afterEach(async () => {
    await f.standIn.close();
  });
  return f;
}

export function settings(over: Partial<AdsCampaignSettings> = {}): AdsCampaignSettings {
  return {
    name: 'Espresso at home',
    campaignType: 'SEARCH',
    budget: 50,
    budgetType: 'daily',
    endDate: null,
    biddingStrategy: 'MAXIMIZE_CONVERSIONS',
    targetCpa: null,
    targetRoas: null,
    locations: ['DE'],
    language: 'de',
    targeting: [],
    ...over,
  };
}

export const kw = (text: string, matchType: TargetingItem['matchType']): TargetingItem => ({
  section: 'keywords',
  label: text,
  text,
  matchType,
  source: 'titles',
});

export const item = (section: TargetingItem['section'], text: string): TargetingItem => ({
  section,
  label: text,
  text,
  matchType: '',
  source: 'taxonomy',
});

export async function failureOf(p: Promise<unknown>): Promise<AdPlatformError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AdPlatformError);
    return e as AdPlatformError;
  }
  throw new Error('expected a failure');
}
