/**
 * One delivery of a campaign's settings to Google Ads (a sync, or the first one at creation): the
 * budget's amount and the campaign's fields when they changed, the ad group's criteria for the
 * targeting, and the campaign's location and language criteria. What Google Ads did not take is
 * returned item by item, for the campaign's problems.
 */
import type { AdsCampaignSettings } from '../port.ts';
import type { CriteriaSync } from './criteria.ts';
import { budgetResource, campaignFields, dailyAmount, wantedCriteria } from './mapping.ts';
import type { GoogleCampaignRow } from './records.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';
import { isTargetKey, type CampaignTargets } from './targets.ts';

export interface DeliverParts {
  api: GoogleAdsRestClient;
  criteria: CriteriaSync;
  targets: CampaignTargets;
}

export async function deliver(
  p: DeliverParts,
  row: GoogleCampaignRow,
  s: AdsCampaignSettings,
  today: string,
): Promise<{ criteria: Record<string, string>; problems: string[] }> {
  const customer = row.customer_id.replace(/-/g, '');
  const before = JSON.parse(row.settings) as AdsCampaignSettings;
  const problems: string[] = [];
  if (
    s.budget !== before.budget ||
    s.budgetType !== before.budgetType ||
    s.endDate !== before.endDate
  ) {
    const amount = dailyAmount(s, today);
    if (typeof amount === 'string')
      problems.push(`budget: ${amount}; the budget was left as it was`);
    else
      await p.api.mutate(customer, 'campaignBudgets', [
        {
          update: {
            resourceName: row.budget,
            amountMicros: budgetResource('', amount).amountMicros,
          },
          updateMask: 'amount_micros',
        },
      ]);
  }
  const fields = campaignFields(s, row.service_campaign_id);
  if (JSON.stringify(fields) !== JSON.stringify(campaignFields(before, row.service_campaign_id)))
    await p.api.mutate(customer, 'campaigns', [
      {
        update: {
          resourceName: `customers/${customer}/campaigns/${row.campaign_id}`,
          ...fields.fields,
        },
        updateMask: fields.mask.join(','),
      },
    ]);
  const all = JSON.parse(row.criteria) as Record<string, string>;
  const own = (want: boolean) =>
    Object.fromEntries(Object.entries(all).filter(([k]) => isTargetKey(k) === want));
  const { wanted, problems: uncarried } = wantedCriteria(s.campaignType, s.targeting);
  problems.push(...uncarried);
  const group = await p.criteria.apply(
    customer,
    row.ad_group,
    own(false),
    wanted,
    s.campaignType ?? 'SEARCH',
  );
  problems.push(...group.problems);
  let targets = own(true);
  const moved =
    JSON.stringify([s.locations, s.language]) !==
    JSON.stringify([before.locations, before.language]);
  if (moved || Object.keys(targets).length === 0) {
    const done = await p.targets.apply(customer, row.campaign_id, targets, s.locations, s.language);
    targets = done.criteria;
    problems.push(...done.problems);
  } else {
    // unchanged: the problems of the last delivery that were about them still hold
    problems.push(
      ...(JSON.parse(row.problems) as string[]).filter((x) =>
        /^(locations|language|location:|language:)/.test(x),
      ),
    );
  }
  return { criteria: { ...group.criteria, ...targets }, problems };
}
