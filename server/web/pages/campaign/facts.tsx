/** What a campaign is: its settings, its brand and where it stands in the ad platform. */
import type { FC } from 'hono/jsx';
import type { Campaign } from '../../../schemas/records.ts';
import type { CampaignView } from '../../data.ts';
import { budgetText } from '../format.ts';
import { Badge, Facts, Time } from '../parts.tsx';

export const Settings: FC<{ c: Campaign; currency: string | null }> = ({ c, currency }) => (
  <section class="card" aria-labelledby="settings">
    <h2 id="settings">Settings</h2>
    <Facts
      rows={[
        ['Objective', c.objective],
        ['Type', c.campaignType],
        ['Budget', budgetText(c, currency)],
        ['End date', c.endDate],
        ['Bidding', c.biddingStrategy],
        [
          'Target CPA',
          c.targetCpa === null ? null : `${c.targetCpa}${currency ? ` ${currency}` : ''}`,
        ],
        ['Target ROAS', c.targetRoas === null ? null : String(c.targetRoas)],
        ['Industry', c.industry],
        ['Language', <code>{c.language}</code>],
        ['Locations', c.locations.length ? c.locations.join(', ') : null],
        ['Success metrics', c.successMetrics.length ? c.successMetrics.join('; ') : null],
        ['Created', <Time iso={c.createdAt} />],
        ['Updated', <Time iso={c.updatedAt} />],
        ['Id', <code>{c.id}</code>],
      ]}
    />
  </section>
);

export const BrandCard: FC<{ c: Campaign; root: string }> = ({ c, root }) => (
  <section class="card" aria-labelledby="brand">
    <h2 id="brand">Brand</h2>
    {c.brandId ? (
      <Facts
        rows={[
          ['Name', <a href={`${root}#brand-${c.brandId}`}>{c.brand.name}</a>],
          ['Website', c.brand.website],
          ['Description', c.brand.description],
        ]}
      />
    ) : (
      <p class="notice">No brand.</p>
    )}
  </section>
);

export const AdsCard: FC<{ v: CampaignView }> = ({ v }) => {
  const a = v.campaign.adsPlatform;
  return (
    <section class="card" aria-labelledby="ads">
      <h2 id="ads">Ad platform</h2>
      {a.campaignId ? (
        <Facts
          rows={[
            [
              'Account',
              a.customerId ? `${a.customerId}${a.accountName ? ` · ${a.accountName}` : ''}` : null,
            ],
            ['Campaign there', <code>{a.campaignId}</code>],
            ['Status (as last synced)', <Badge value={a.status} />],
            [
              'Status there now',
              v.ads?.platformStatus ? (
                <>
                  <Badge value={v.ads.platformStatus} />
                  {v.ads.platformStatus !== a.status ? (
                    <span class="notice"> · the service records it at the next sync</span>
                  ) : null}
                </>
              ) : null,
            ],
            [
              'Serving',
              v.ads?.serving ? (
                v.ads.serving.reason ? (
                  <span class="notice">no: {v.ads.serving.reason}</span>
                ) : (
                  'yes'
                )
              ) : null,
            ],
            ['Last sync', <Time iso={v.ads?.lastSyncAt} />],
            [
              'Next sync',
              v.ads?.nextSyncAt ? (
                <Time iso={v.ads.nextSyncAt} />
              ) : (
                <span class="notice">none scheduled</span>
              ),
            ],
          ]}
        />
      ) : (
        <>
          <p>Not in the ad platform yet.</p>
          {a.customerId ? (
            <p class="notice">
              Account: {`${a.customerId}${a.accountName ? ` · ${a.accountName}` : ''}`}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
};
