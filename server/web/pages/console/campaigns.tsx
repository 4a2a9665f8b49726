/** The console's list of campaigns: status, budget, ad platform, brand and data stores of each. */
import type { FC } from 'hono/jsx';
import type { ConsoleView } from '../../data.ts';
import { budgetText } from '../format.ts';
import { Badge, DataTable, Time } from '../parts.tsx';
import { More, StoreLinks } from './links.tsx';

export const CampaignsSection: FC<{ v: ConsoleView; root: string }> = ({ v, root }) => {
  const campaigns = v.campaigns.items;
  return (
    <section class="card" aria-labelledby="campaigns">
      <h2 id="campaigns">Campaigns</h2>
      {campaigns.length ? (
        <DataTable
          label="Campaigns"
          columns={[
            { title: 'Name' },
            { title: 'Status' },
            { title: 'Type' },
            { title: 'Budget', num: true },
            { title: 'Ad platform' },
            { title: 'Brand' },
            { title: 'Data stores' },
            { title: 'Updated' },
          ]}
          rows={campaigns.map((c) => {
            const stores = [...new Set(c.audiences.flatMap((a) => a.dataStoreIds))];
            return {
              id: `campaign-${c.id}`,
              cells: [
                <a href={`${root}campaigns/${c.id}`}>{c.name}</a>,
                <Badge value={c.status} />,
                c.campaignType ?? '',
                budgetText(c, v.currencies[c.adsPlatform.customerId ?? '']) ?? '',
                c.adsPlatform.campaignId ? (
                  <Badge value={c.adsPlatform.status} />
                ) : (
                  <span class="notice">not there</span>
                ),
                c.brandId ? (
                  v.brands ? (
                    <a href={`#brand-${c.brandId}`}>{c.brand.name}</a>
                  ) : (
                    c.brand.name
                  )
                ) : (
                  ''
                ),
                <StoreLinks ids={stores} dataStores={v.dataStores} />,
                <Time iso={c.updatedAt} />,
              ],
            };
          })}
        />
      ) : (
        <p class="notice">
          No campaigns yet: adcli campaigns create, or reset with the demo seed below.
        </p>
      )}
      <More more={v.campaigns.more} what="campaigns" />
    </section>
  );
};
