/** The console's saved audiences, their data stores and the campaigns that use them. */
import type { FC } from 'hono/jsx';
import type { ConsoleView } from '../../data.ts';
import { DataTable, Time } from '../parts.tsx';
import { CampaignLinks, Missing, More, StoreLinks, usedBy } from './links.tsx';

export const AudiencesSection: FC<{ v: ConsoleView; root: string }> = ({ v, root }) =>
  v.audiences ? (
    <section class="card" aria-labelledby="audiences">
      <h2 id="audiences">Saved audiences</h2>
      {v.audiences.items.length ? (
        <DataTable
          label="Saved audiences"
          columns={[
            { title: 'Name' },
            { title: 'Kind' },
            { title: 'Data stores' },
            { title: 'Used by' },
            { title: 'Updated' },
          ]}
          rows={v.audiences.items.map((a) => ({
            id: `audience-${a.id}`,
            cells: [
              <>
                {a.name}
                {a.description ? <div class="tag">{a.description}</div> : null}
              </>,
              a.kind,
              <StoreLinks ids={a.dataStoreIds} dataStores={v.dataStores} />,
              <CampaignLinks
                root={root}
                list={usedBy(v, (c) => c.audiences.some((s) => s.audienceId === a.id))}
              />,
              <Time iso={a.updatedAt} />,
            ],
          }))}
        />
      ) : (
        <p class="notice">No saved audiences.</p>
      )}
      <More more={v.audiences.more} what="saved audiences" />
    </section>
  ) : (
    <Missing what="Saved audiences" scope="audiences:read" />
  );
