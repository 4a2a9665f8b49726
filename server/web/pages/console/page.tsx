/** The console (/app/): the workspace's records and, for the backend scope, the emulator's controls. */
import type { FormState } from '../../actions.ts';
import type { ConsoleView } from '../../data.ts';
import { int } from '../format.ts';
import { doc, Layout, type PageContext } from '../layout.tsx';
import { AudiencesSection } from './audiences.tsx';
import { BrandsSection } from './brands.tsx';
import { CampaignsSection } from './campaigns.tsx';
import { ClockSection } from './clock.tsx';
import { DataStoresSection } from './data-stores.tsx';
import { FaultsSection } from './faults.tsx';
import { JobsSection } from './jobs.tsx';
import { RequestsSection } from './requests.tsx';
import { ResetSection } from './reset.tsx';

export function consolePage(
  v: ConsoleView,
  ctx: PageContext,
  state: FormState | null = null,
): string {
  const root = ctx.root;
  const b = v.backend;
  const toc: [string, string][] = [
    ['campaigns', 'Campaigns'],
    ...(v.audiences ? [['audiences', 'Saved audiences'] as [string, string]] : []),
    ...(v.dataStores ? [['data-stores', 'Data stores'] as [string, string]] : []),
    ...(v.brands ? [['brands', 'Brands'] as [string, string]] : []),
    ...(b
      ? ([
          ['clock', 'Clock'],
          ['jobs', 'Jobs'],
          ['faults', 'Faults'],
          ['requests', 'Requests'],
          ['reset', 'Reset'],
        ] as [string, string][])
      : []),
  ];
  return doc(
    <Layout title={`Console of ${v.header.workspace}`} root={root} header={v.header} ctx={ctx}>
      <h1>Workspace {v.header.workspace}</h1>
      <p class="lede">
        {`${int(v.counts.campaigns)} campaigns · ${int(v.counts.audiences)} saved audiences · ${int(v.counts.dataStores)} data stores · ${int(v.counts.brands)} brands`}
      </p>
      <nav aria-label="On this page">
        <ul class="toc">
          {toc.map(([id, label]) => (
            <li>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {b ? null : (
        <p class="notice">
          The clock, jobs, fault rules, request journal and reset need the backend scope, which this
          key lacks.
        </p>
      )}

      <CampaignsSection v={v} root={root} />

      <AudiencesSection v={v} root={root} />

      <DataStoresSection v={v} root={root} />

      <BrandsSection v={v} root={root} />

      {b ? (
        <>
          <ClockSection b={b} ctx={ctx} state={state} />

          <JobsSection b={b} root={root} />

          <FaultsSection b={b} ctx={ctx} state={state} />

          <RequestsSection b={b} />

          <ResetSection ctx={ctx} state={state} />
        </>
      ) : null}
    </Layout>,
  );
}
