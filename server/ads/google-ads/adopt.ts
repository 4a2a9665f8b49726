/**
 * A campaign adcli made in Google Ads but never recorded (its process stopped between
 * `campaigns:mutate` and the record, records.ts): found by the suffix every name adcli gives a
 * campaign, "(adcli <service campaign id>)" (mapping.ts, campaignName), among the account's
 * campaigns that are not REMOVED (a half-made one that was undone is), with its budget and its ad
 * group, made now when the creation stopped before it. Two GAQL searches (reference: the campaign
 * and ad_group resources, LIKE on a string field).
 */
import type { AdsCampaignSettings } from '../port.ts';
import { platformError } from './errors.ts';
import type { Made } from './create.ts';
import { adGroupResource } from './mapping.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';

/** Only ids of letters and digits go into the query: nothing of them can be read as GAQL. */
const PLAIN_ID = /^[A-Za-z0-9]{1,64}$/;

export async function findUnrecorded(
  api: GoogleAdsRestClient,
  customer: string,
  serviceCampaignId: string,
  s: AdsCampaignSettings,
): Promise<Made | null> {
  if (!PLAIN_ID.test(serviceCampaignId)) return null;
  const doing = `looking for campaign ${serviceCampaignId} in Google Ads account ${customer}`;
  try {
    const [found] = await api.searchStream(
      customer,
      `SELECT campaign.id, campaign.campaign_budget FROM campaign WHERE campaign.name LIKE '%(adcli ${serviceCampaignId})' AND campaign.status != 'REMOVED'`,
    );
    const id = String(found?.campaign?.id ?? '');
    if (!/^\d+$/.test(id)) return null;
    const campaign = `customers/${customer}/campaigns/${id}`;
    const [group] = await api.searchStream(
      customer,
      `SELECT ad_group.resource_name FROM ad_group WHERE campaign.id = ${id} AND ad_group.status != 'REMOVED'`,
    );
    let adGroup = String(group?.adGroup?.resourceName ?? '');
    if (!adGroup) {
      const made = await api.mutate(
        customer,
        'adGroups',
        [{ create: adGroupResource(s, campaign) }],
        { once: true },
      );
      adGroup = made.results[0] ?? '';
    }
    return { campaignId: id, budget: String(found?.campaign?.campaignBudget ?? ''), adGroup };
  } catch (e) {
    throw platformError(doing, e);
  }
}
