/**
 * Creating a campaign in Google Ads: its budget (`campaignBudgets:mutate`, the amount in micros of
 * the account's currency), the campaign (`campaigns:mutate`, status PAUSED whatever else is asked)
 * and one ad group for its criteria (`adGroups:mutate`). Three calls, so three chances to fail half
 * way: what was made before the failing step is removed again, and what cannot be removed is named
 * in the error (its resource name), so nothing half-made is left unsaid.
 */
import { AdPlatformError } from '../port.ts';
import { GoogleAdsCallError, platformError } from './errors.ts';
import {
  adGroupResource,
  budgetResource,
  campaignName,
  campaignResource,
  dailyAmount,
  idOf,
} from './mapping.ts';
import type { AdsCampaignSettings } from '../port.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';

export interface Made {
  campaignId: string;
  budget: string;
  adGroup: string;
}

export async function createInGoogleAds(
  api: GoogleAdsRestClient,
  customer: string,
  serviceCampaignId: string,
  s: AdsCampaignSettings,
  today: string,
): Promise<Made> {
  const amount = dailyAmount(s, today);
  if (typeof amount === 'string')
    throw new AdPlatformError('refused', `the campaign cannot be created in Google Ads: ${amount}`);
  const doing = `creating campaign ${serviceCampaignId} in Google Ads account ${customer}`;
  const made: { service: 'campaignBudgets' | 'campaigns'; resourceName: string }[] = [];
  try {
    const budget = await one(api, customer, 'campaignBudgets', {
      create: budgetResource(`${campaignName(s.name, serviceCampaignId)} budget`, amount),
    });
    made.push({ service: 'campaignBudgets', resourceName: budget });
    const campaign = await one(api, customer, 'campaigns', {
      create: campaignResource(s, serviceCampaignId, budget),
    });
    made.push({ service: 'campaigns', resourceName: campaign });
    const adGroup = await one(api, customer, 'adGroups', { create: adGroupResource(s, campaign) });
    return { campaignId: idOf(campaign), budget, adGroup };
  } catch (e) {
    const failed = platformError(doing, e);
    const left = await undo(api, customer, made);
    const tail =
      made.length === 0
        ? ''
        : left.length === 0
          ? `; what was made before (${made.map((m) => m.resourceName).join(', ')}) was removed again`
          : `; these could not be removed and are left in Google Ads (PAUSED, spending nothing): ${left.join(', ')}`;
    throw new AdPlatformError(failed.code, `${failed.message}${tail}`);
  }
}

async function one(
  api: GoogleAdsRestClient,
  customer: string,
  service: 'campaignBudgets' | 'campaigns' | 'adGroups',
  op: object,
): Promise<string> {
  let results: string[];
  try {
    ({ results } = await api.mutate(customer, service, [op], { once: true }));
  } catch (e) {
    // no answer, or a 5xx: Google Ads may have made it all the same, so it is named to be looked for
    if (e instanceof GoogleAdsCallError && (e.status === 0 || e.status >= 500)) {
      const name = (op as { create?: { name?: string } }).create?.name ?? '';
      throw new AdPlatformError(
        'unavailable',
        `${e.message}; Google Ads may have made the ${service === 'campaignBudgets' ? 'budget' : service === 'campaigns' ? 'campaign' : 'ad group'} "${name}" all the same: look for it in account ${customer} before publishing again`,
      );
    }
    throw e;
  }
  if (!results[0])
    throw new AdPlatformError(
      'unavailable',
      `Google Ads ${service}:mutate answered no resource name`,
    );
  return results[0];
}

/** Removes what was made, newest first; the resource names that could not be removed. */
async function undo(
  api: GoogleAdsRestClient,
  customer: string,
  made: readonly { service: 'campaignBudgets' | 'campaigns'; resourceName: string }[],
): Promise<string[]> {
  const left: string[] = [];
  for (const m of [...made].reverse()) {
    try {
      await api.mutate(customer, m.service, [{ remove: m.resourceName }]);
    } catch {
      left.push(m.resourceName);
    }
  }
  return left;
}
