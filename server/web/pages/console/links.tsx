/** How the console's lists point at each other: campaigns using a record, data stores by name. */
import type { FC } from 'hono/jsx';
import type { Campaign } from '../../../schemas/records.ts';
import type { ConsoleView } from '../../data.ts';

export const More: FC<{ more: boolean; what: string }> = ({ more, what }) =>
  more ? <p class="notice">Showing the newest 100 {what}; adcli lists them all.</p> : null;

export const Missing: FC<{ what: string; scope: string }> = ({ what, scope }) => (
  <p class="notice">{`${what} need the ${scope} scope, which this key lacks.`}</p>
);

/** The campaigns of the list that pass the test. */
export const usedBy = (v: ConsoleView, test: (c: Campaign) => boolean) =>
  v.campaigns.items.filter(test);

export const CampaignLinks: FC<{ list: Campaign[]; root: string }> = ({ list, root }) =>
  list.length ? (
    <>
      {list.map((c, i) => (
        <>
          {i ? ', ' : ''}
          <a href={`${root}campaigns/${c.id}`}>{c.name}</a>
        </>
      ))}
    </>
  ) : (
    <span class="notice">none</span>
  );

export const StoreLinks: FC<{ ids: string[]; dataStores: ConsoleView['dataStores'] }> = ({
  ids,
  dataStores,
}) => (
  <>
    {ids.map((id, i) => (
      <>
        {i ? ', ' : ''}
        {dataStores ? (
          <a href={`#data-store-${id}`}>{dataStores.items.find((d) => d.id === id)?.name ?? id}</a>
        ) : (
          <code>{id}</code>
        )}
      </>
    ))}
  </>
);
