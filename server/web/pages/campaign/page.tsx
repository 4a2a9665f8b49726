/** The campaign page (/app/campaigns/{id}, every campaign's `url`). */
import type { CampaignView } from '../../data.ts';
import { doc, Layout, type PageContext } from '../layout.tsx';
import { Badge } from '../parts.tsx';
import { AdsCard, BrandCard, Settings } from './facts.tsx';
import { PerformanceCard } from './performance.tsx';
import { Slot } from './slot.tsx';

export function campaignPage(v: CampaignView, ctx: PageContext): string {
  const c = v.campaign;
  const root = ctx.root;
  return doc(
    <Layout title={c.name} root={root} header={v.header} ctx={ctx}>
      <p class="crumbs">
        <a href={`${root}#campaigns`}>Campaigns</a> › {c.id}
      </p>
      <h1>
        {c.name} <Badge value={c.status} />
      </h1>
      <div class="cols">
        <Settings c={c} currency={v.currency} />
        <div>
          <BrandCard c={c} root={root} />
          <AdsCard v={v} />
        </div>
      </div>
      <PerformanceCard p={v.performance} note={v.performanceNote} />
      <section class="card" aria-labelledby="slots">
        <h2 id="slots">Audience slots and targeting ({c.audiences.length})</h2>
        {v.dataStores === null ? (
          <p class="notice">
            Data store details need the datasets:read scope, which this key lacks.
          </p>
        ) : null}
        {c.audiences.map((slot) => (
          <Slot
            v={v}
            slot={slot}
            targeting={v.targeting.find((t) => t.id === slot.id)}
            root={root}
          />
        ))}
      </section>
    </Layout>,
  );
}
