/** The console's brands and the campaigns of each. */
import type { FC } from 'hono/jsx';
import type { ConsoleView } from '../../data.ts';
import { DataTable, Time } from '../parts.tsx';
import { CampaignLinks, Missing, More, usedBy } from './links.tsx';

export const BrandsSection: FC<{ v: ConsoleView; root: string }> = ({ v, root }) =>
  v.brands ? (
    <section class="card" aria-labelledby="brands">
      <h2 id="brands">Brands</h2>
      {v.brands.items.length ? (
        <DataTable
          label="Brands"
          columns={[
            { title: 'Name' },
            { title: 'Website' },
            { title: 'Campaigns' },
            { title: 'Updated' },
          ]}
          rows={v.brands.items.map((br) => ({
            id: `brand-${br.id}`,
            cells: [
              <>
                {br.name}
                {br.description ? <div class="tag">{br.description}</div> : null}
              </>,
              br.website,
              <CampaignLinks root={root} list={usedBy(v, (c) => c.brandId === br.id)} />,
              <Time iso={br.updatedAt} />,
            ],
          }))}
        />
      ) : (
        <p class="notice">No brands.</p>
      )}
      <More more={v.brands.more} what="brands" />
    </section>
  ) : (
    <Missing what="Brands" scope="brands:read" />
  );
