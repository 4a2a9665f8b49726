import type { Rewrite } from '../../lib/cli-words.ts';
import { bodyFrom } from '../../lib/crud.ts';

/** Flag name → API field, for the settings flags of create and update. */
const FLAG_FIELDS: Record<string, string> = {
  name: 'name',
  objective: 'objective',
  brand: 'brandId',
  industry: 'industry',
  language: 'language',
  location: 'locations',
  successMetric: 'successMetrics',
  type: 'campaignType',
  budget: 'budget',
  budgetType: 'budgetType',
  endDate: 'endDate',
  bidding: 'biddingStrategy',
  targetCpa: 'targetCpa',
  targetRoas: 'targetRoas',
  dataStore: 'dataStoreIds',
  audience: 'audienceIds',
  customerId: 'customerId',
};

/** The body from the flags: `--no-X` clears a nullable setting (null). */
export const bodyFromFlags = (opts: Record<string, unknown>) => bodyFrom(opts, FLAG_FIELDS, null);

/** The API's next steps about a campaign's settings, said with the flags of create and update. */
export const CAMPAIGN_WORDS: readonly Rewrite[] = [
  // an end date already past: "… or has no end date (null)"
  [/\bor has no end date \(null\)/g, 'or has no end date (--no-end-date)'],
];
