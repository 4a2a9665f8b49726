/** Every resource declared once (server/schemas/resource.ts), by the noun the CLI and fixtures use. */
import { audienceResource } from './audience.ts';
import { brandResource } from './brand.ts';
import { campaignResource } from './campaign.ts';
import { dataStoreResource } from './data-store.ts';

export const resources = {
  brand: brandResource,
  data_store: dataStoreResource,
  audience: audienceResource,
  campaign: campaignResource,
} as const;
