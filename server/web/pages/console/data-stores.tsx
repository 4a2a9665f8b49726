/** The console's data stores: how far collection got and the campaigns that use each. */
import type { FC } from 'hono/jsx';
import type { ConsoleView } from '../../data.ts';
import { int } from '../format.ts';
import { Badge, DataTable, Time } from '../parts.tsx';
import { CampaignLinks, Missing, More, usedBy } from './links.tsx';

export const DataStoresSection: FC<{ v: ConsoleView; root: string }> = ({ v, root }) =>
  v.dataStores ? (
    <section class="card" aria-labelledby="data-stores">
      <h2 id="data-stores">Data stores</h2>
      {v.dataStores.items.length ? (
        <DataTable
          label="Data stores"
          columns={[
            { title: 'Name' },
            { title: 'Status' },
            { title: 'Scope' },
            { title: 'Channels', num: true },
            { title: 'Videos', num: true },
            { title: 'Used by' },
            { title: 'Ready' },
          ]}
          rows={v.dataStores.items.map((d) => ({
            id: `data-store-${d.id}`,
            cells: [
              d.name,
              <>
                <Badge value={d.status} />
                {d.error ? <div class="error">{d.error}</div> : null}
              </>,
              d.scope,
              int(d.channelCount),
              int(d.videoCount),
              <CampaignLinks
                root={root}
                list={usedBy(v, (c) => c.audiences.some((s) => s.dataStoreIds.includes(d.id)))}
              />,
              d.readyAt ? <Time iso={d.readyAt} /> : <span class="notice">not yet</span>,
            ],
          }))}
        />
      ) : (
        <p class="notice">No data stores.</p>
      )}
      <More more={v.dataStores.more} what="data stores" />
    </section>
  ) : (
    <Missing what="Data stores" scope="datasets:read" />
  );
