/** One audience slot of a campaign: its audience, its data stores, its targeting and what it leaves out. */
import type { FC } from 'hono/jsx';
import type { Campaign } from '../../../schemas/records.ts';
import type { CampaignView, TargetingSlot } from '../../data.ts';
import { int } from '../format.ts';
import { Badge, Facts, Time } from '../parts.tsx';

const SECTIONS = [
  ['keywords', 'Keywords'],
  ['segments', 'Segments'],
  ['topics', 'Topics'],
  ['websites', 'Websites'],
] as const;

export const Slot: FC<{
  v: CampaignView;
  slot: Campaign['audiences'][number];
  targeting: TargetingSlot | undefined;
  root: string;
}> = ({ v, slot, targeting, root }) => (
  <article class="slot" id={`slot-${slot.id}`} aria-labelledby={`slot-${slot.id}-name`}>
    <h3 id={`slot-${slot.id}-name`}>{slot.name}</h3>
    <Facts
      rows={[
        [
          'Audience',
          slot.audienceId ? (
            <a href={`${root}#audience-${slot.audienceId}`}>saved audience {slot.audienceId}</a>
          ) : (
            "the campaign's own (primary)"
          ),
        ],
        [
          'Data stores',
          slot.dataStoreIds.length ? (
            <ul class="plain">
              {slot.dataStoreIds.map((id) => {
                const ds = v.dataStores?.get(id);
                return (
                  <li>
                    <a href={`${root}#data-store-${id}`}>{ds ? ds.name : id}</a>
                    {ds ? (
                      <>
                        {' '}
                        <Badge value={ds.status} />{' '}
                        <span class="tag">{`${int(ds.channelCount)} channels · ${int(ds.videoCount)} videos`}</span>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : (
            <span class="notice">none</span>
          ),
        ],
        [
          'Targeting',
          targeting ? (
            <>
              <Badge value={targeting.status} />
              {targeting.updatedAt ? (
                <span class="tag">
                  {' '}
                  updated <Time iso={targeting.updatedAt} />
                </span>
              ) : null}
              {targeting.error ? <p class="error">{targeting.error}</p> : null}
            </>
          ) : null,
        ],
      ]}
    />
    {targeting && targeting.items.length ? (
      <div class="sections">
        {SECTIONS.map(([section, title]) => {
          const items = targeting.items.filter((i) => i.section === section);
          return (
            <div>
              <h4 class="tag">{`${title} (${items.length})`}</h4>
              {items.length ? (
                <ul class="items">
                  {items.map((i) => (
                    <li>
                      {i.label}
                      {i.label !== i.text ? <span class="tag"> ({i.text})</span> : null}
                      {i.matchType ? <span class="tag"> · {i.matchType}</span> : null}
                      <span class="tag"> · {i.source}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="notice">none</p>
              )}
            </div>
          );
        })}
      </div>
    ) : (
      <p class="notice">
        No targeting items
        {targeting?.status === 'not_generated'
          ? ' yet: generate them with adcli targeting generate'
          : ''}
        .
      </p>
    )}
    {targeting && targeting.exclusions.length ? (
      <div class="exclusions">
        <h4 class="tag">{`Left out (${targeting.exclusions.length}): generating never adds these back`}</h4>
        <ul class="items">
          {targeting.exclusions.map((e) => (
            <li>
              {e.text}
              <span class="tag"> · {e.section.replace(/s$/, '')}</span>
              <span class="tag"> · {e.reason}</span>
            </li>
          ))}
        </ul>
      </div>
    ) : null}
  </article>
);
