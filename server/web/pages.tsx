/**
 * The pages of adcli serve, rendered on the server with Hono's JSX: the campaign page, the console,
 * and the message pages (not found, no session, a used or expired link). No script: links and forms.
 *
 * Links are relative (`root` leads back to /app/), so the pages work under any --public-url path.
 */
import { formatDuration } from '../control/duration.ts';
import type { Child, FC, PropsWithChildren } from 'hono/jsx';
import type { Campaign } from '../schemas/records.ts';
import { SEEDS } from '../seed/index.ts';
import { FAULT_METHODS } from '../control/faults.ts';
import { PACKAGE_VERSION } from '../lib/version.ts';
import type { JobRow } from '../jobs/queue.ts';
import type { FormState } from './actions.ts';
import { BarChart } from './charts.tsx';
import type { CampaignView, ConsoleView, Header, Performance, TargetingSlot } from './data.ts';

export interface PageContext {
  /** the way back to /app/ from this page: '' or '../' */
  root: string;
  /** the session's token for forms */
  csrf: string;
  /** what the last form did, shown once */
  flash: string | null;
}

const SECTIONS = [
  ['keywords', 'Keywords'],
  ['segments', 'Segments'],
  ['topics', 'Topics'],
  ['websites', 'Websites'],
] as const;

// ---------------------------------------------------------------------------------------- formats

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const money = (n: number, currency: string) =>
  `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;
const percent = (f: number) => `${(f * 100).toFixed(2)} %`;
/** What a ratio without a denominator shows: there is none (the API's 0 would read as a real 0). */
const NO_RATIO = '–';
/** A budget as people read it: `50 USD daily` (the currency of the campaign's account, when known). */
const budgetText = (c: Campaign, currency: string | null | undefined) =>
  c.budget === null
    ? null
    : `${c.budget}${currency ? ` ${currency}` : ''}${c.budgetType ? ` ${c.budgetType}` : ''}`;

/** 2026-03-02T10:00:00.000Z → 2026-03-02 10:00 UTC */
function when(iso: string | null | undefined): string {
  if (!iso) return '';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const TONES: Record<string, string> = {
  ready: 'ok',
  ENABLED: 'ok',
  done: 'ok',
  loading: 'warn',
  generating: 'warn',
  collecting: 'warn',
  running: 'warn',
  error: 'bad',
  failed: 'bad',
  REMOVED: 'bad',
};

const Badge: FC<{ value: string | null | undefined }> = ({ value }) =>
  value ? (
    <span class={`badge ${TONES[value] ?? ''}`.trim()}>{value}</span>
  ) : (
    <span class="notice">none</span>
  );

/** A time, breaking (if it must) between its day and its hour only. */
const Time: FC<{ iso: string | null | undefined }> = ({ iso }) =>
  iso ? (
    <time datetime={iso}>
      <span class="nw">{iso.slice(0, 10)}</span>{' '}
      <span class="nw">{`${iso.slice(11, 16)} UTC`}</span>
    </time>
  ) : (
    <span class="notice">never</span>
  );

/** A table that scrolls sideways on a narrow screen, reachable with the keyboard. */
const Scroll: FC<PropsWithChildren<{ label: string }>> = ({ label, children }) => (
  <div class="scroll" role="region" aria-label={label} tabindex={0}>
    {children}
  </div>
);

interface Column {
  title: string;
  num?: boolean;
}

/**
 * A table of records. On a phone each row becomes a card of "label value" lines (the labels come from
 * the columns); on a wider screen it is a table, scrolling sideways when it must.
 */
const DataTable: FC<{
  label: string;
  columns: Column[];
  rows: { id?: string; cells: Child[] }[];
}> = ({ label, columns, rows }) => (
  <Scroll label={label}>
    <table class="rows">
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" class={c.num ? 'num' : undefined}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr id={r.id}>
            {r.cells.map((cell, i) => (
              <td class={columns[i]?.num ? 'num' : undefined} data-label={columns[i]?.title}>
                <div class="cell">{cell}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </Scroll>
);

// ---------------------------------------------------------------------------------------- layout

const Layout: FC<
  PropsWithChildren<{
    title: string;
    root: string;
    header?: Header | null;
    ctx?: PageContext | null;
  }>
> = (p) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="same-origin" />
      <link rel="icon" href="data:," />
      <title>{`${p.title} · adcli serve`}</title>
      <link rel="stylesheet" href={`${p.root}style.css`} />
    </head>
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <div class="wrap bar">
          <a class="brand" href={p.root || './'}>
            adcli serve
          </a>
          {p.header ? (
            <span class="meta">
              workspace <strong>{p.header.workspace}</strong>
            </span>
          ) : null}
          {p.header?.clock ? (
            <span class="meta">
              time <strong>{when(p.header.clock.now)}</strong>
              {p.header.clock.frozen
                ? ' (frozen)'
                : p.header.clock.offsetMs >= 1000
                  ? ` (${formatDuration(p.header.clock.offsetMs)} ahead)`
                  : ''}
            </span>
          ) : null}
          {p.ctx ? (
            <form method="post" action={`${p.root}logout`}>
              <input type="hidden" name="csrf" value={p.ctx.csrf} />
              <button type="submit" class="link">
                Sign out
              </button>
            </form>
          ) : null}
        </div>
      </header>
      <main id="main" class="wrap" tabindex={-1}>
        {p.ctx?.flash ? (
          <p class="flash" role="status">
            {p.ctx.flash}
          </p>
        ) : null}
        {p.children}
      </main>
      <footer class="wrap foot">
        adcli {PACKAGE_VERSION} · the local backend's own pages, read through the same operations as
        the API
      </footer>
    </body>
  </html>
);

const doc = (node: Child): string => '<!doctype html>' + String(node);

// ---------------------------------------------------------------------------------------- messages

/** A page that says what happened and what to do: not found, no session, a used link, refused. */
export function messagePage(opts: {
  title: string;
  root: string;
  lines: string[];
  commands?: string[];
}): string {
  return doc(
    <Layout title={opts.title} root={opts.root}>
      <div class="message card">
        <h1>{opts.title}</h1>
        {opts.lines.map((l) => (
          <p>{l}</p>
        ))}
        {opts.commands?.length ? (
          <pre>
            <code>{opts.commands.join('\n')}</code>
          </pre>
        ) : null}
      </div>
    </Layout>,
  );
}

/**
 * The login link opened with no sign of where it came from (a browser that sends no Sec-Fetch-Site
 * nor Referer): one click of a form of this very page signs in, so another site cannot do it unseen.
 */
export function confirmLoginPage(opts: { workspace: string; token: string }): string {
  return doc(
    <Layout title="Sign in" root="">
      <div class="message card">
        <h1>Sign in to workspace {opts.workspace}?</h1>
        <p>
          This login link opens the pages of adcli serve with an API key of workspace{' '}
          {opts.workspace}. Continue only if you asked adcli for it.
        </p>
        <form method="post" action="login">
          <input type="hidden" name="token" value={opts.token} />
          <button type="submit">Sign in</button>
        </form>
      </div>
    </Layout>,
  );
}

// ---------------------------------------------------------------------------------------- campaign

const Facts: FC<{ rows: [string, Child][] }> = ({ rows }) => (
  <dl class="facts">
    {rows.map(([k, v]) => (
      <>
        <dt>{k}</dt>
        <dd>
          {v === null || v === undefined || v === '' ? <span class="notice">not set</span> : v}
        </dd>
      </>
    ))}
  </dl>
);

const Settings: FC<{ c: Campaign; currency: string | null }> = ({ c, currency }) => (
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

const BrandCard: FC<{ c: Campaign; root: string }> = ({ c, root }) => (
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

const AdsCard: FC<{ v: CampaignView }> = ({ v }) => {
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

/** The campaign's own figures: its totals, and charts and a table of its own days (not the account's). */
const PerformanceCard: FC<{ p: Performance | null; note: string | null }> = ({ p, note }) => (
  <section class="card" aria-labelledby="performance">
    <h2 id="performance">Performance, last 30 days</h2>
    {p ? (
      <>
        <p class="lede">
          This campaign's figures, {p.startDate} to {p.endDate}, days in the account's time zone;
          only days the campaign was ENABLED have figures.
          {p.totals.impressions === 0 ? ' It did not run in these days.' : ''}
        </p>
        <ul class="totals" aria-label="Totals of this campaign">
          <li>
            <span class="label">Impressions</span>
            <span class="value" data-total="impressions">
              {int(p.totals.impressions)}
            </span>
          </li>
          <li>
            <span class="label">Clicks</span>
            <span class="value" data-total="clicks">
              {int(p.totals.clicks)}
            </span>
          </li>
          <li>
            <span class="label">Cost</span>
            <span class="value" data-total="cost">
              {money(p.totals.cost, p.currency)}
            </span>
          </li>
          <li>
            <span class="label">Conversions</span>
            <span class="value">{p.totals.conversions.toLocaleString('en-US')}</span>
          </li>
          <li>
            <span class="label">CTR</span>
            <span class="value" data-total="ctr">
              {p.totals.ctr === null ? NO_RATIO : percent(p.totals.ctr)}
            </span>
          </li>
          <li>
            <span class="label">Avg. CPC</span>
            <span class="value" data-total="cpc">
              {p.totals.cpc === null ? NO_RATIO : money(p.totals.cpc, p.currency)}
            </span>
          </li>
          <li>
            <span class="label">Cost / conversion</span>
            <span class="value" data-total="cost-per-conversion">
              {p.totals.costPerConversion === null
                ? NO_RATIO
                : money(p.totals.costPerConversion, p.currency)}
            </span>
          </li>
        </ul>
        <div class="charts">
          <BarChart
            id="chart-impressions"
            title="Impressions of this campaign"
            kind="impressions"
            points={p.daily.map((d) => ({ date: d.date, value: d.impressions }))}
            format={int}
            total={int(p.totals.impressions)}
          />
          <BarChart
            id="chart-clicks"
            title="Clicks of this campaign"
            kind="clicks"
            points={p.daily.map((d) => ({ date: d.date, value: d.clicks }))}
            format={int}
            total={int(p.totals.clicks)}
          />
          <BarChart
            id="chart-cost"
            title={`Cost of this campaign${p.currency ? ` (${p.currency})` : ''}`}
            kind="cost"
            points={p.daily.map((d) => ({ date: d.date, value: d.cost }))}
            format={(n) => money(n, p.currency)}
            total={money(p.totals.cost, p.currency)}
          />
        </div>
        <details>
          <summary>The figures of each day of this campaign</summary>
          <DataTable
            label="Daily figures of this campaign"
            columns={[
              { title: 'Day' },
              { title: 'Impressions', num: true },
              { title: 'Clicks', num: true },
              { title: p.currency ? `Cost (${p.currency})` : 'Cost', num: true },
              { title: 'Conversions', num: true },
            ]}
            rows={p.daily.map((d) => ({
              cells: [
                d.date,
                int(d.impressions),
                int(d.clicks),
                money(d.cost, ''),
                d.conversions.toLocaleString('en-US'),
              ],
            }))}
          />
        </details>
      </>
    ) : (
      <p class="notice">{note}</p>
    )}
  </section>
);

const Slot: FC<{
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

// ---------------------------------------------------------------------------------------- console

const More: FC<{ more: boolean; what: string }> = ({ more, what }) =>
  more ? <p class="notice">Showing the newest 100 {what}; adcli lists them all.</p> : null;

const Missing: FC<{ what: string; scope: string }> = ({ what, scope }) => (
  <p class="notice">{`${what} need the ${scope} scope, which this key lacks.`}</p>
);

/** A form field with its label, hint and error, tied together for screen readers. */
const Field: FC<{
  form: string;
  name: string;
  label: string;
  hint?: string;
  state?: FormState | null;
  type?: string;
  required?: boolean;
  options?: readonly (readonly [string, string])[];
  grow?: boolean;
  inputmode?: 'numeric' | 'decimal';
}> = (p) => {
  const id = `${p.form}-${p.name}`;
  const mine = p.state?.form === p.form ? p.state : null;
  const error = mine?.errors[p.name];
  const value = mine?.values[p.name] ?? '';
  const described =
    [p.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  if (p.type === 'checkbox') {
    return (
      <div class="field check">
        <input
          type="checkbox"
          id={id}
          name={p.name}
          value="yes"
          checked={value === 'yes'}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={described}
        />
        <label for={id}>{p.label}</label>
        {error ? (
          <p class="error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div class={`field${p.grow ? ' grow' : ''}`}>
      <label for={id}>{p.label}</label>
      {p.options ? (
        <select
          id={id}
          name={p.name}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={described}
        >
          {p.options.map(([v, text]) => (
            <option value={v} selected={v === value}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input
          type="text"
          id={id}
          name={p.name}
          value={value}
          required={p.required}
          inputmode={p.inputmode}
          autocomplete="off"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={described}
        />
      )}
      {p.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {p.hint}
        </p>
      ) : null}
      {error ? (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
};

const Csrf: FC<{ ctx: PageContext }> = ({ ctx }) => (
  <input type="hidden" name="csrf" value={ctx.csrf} />
);

const FormError: FC<{ form: string; state: FormState | null }> = ({ form, state }) =>
  state?.form === form && state.errors[''] ? (
    <p class="form-error" role="alert">
      {state.errors['']}
    </p>
  ) : null;

function jobSubject(job: JobRow, root: string): Child {
  if (job.kind === 'collect_data_store')
    return <a href={`${root}#data-store-${job.subject}`}>data store {job.subject}</a>;
  if (job.kind === 'generate_targeting') {
    let campaignId: string | undefined;
    try {
      campaignId = (JSON.parse(job.payload) as { campaignId?: string }).campaignId;
    } catch {
      campaignId = undefined;
    }
    return campaignId ? (
      <a href={`${root}campaigns/${campaignId}#slot-${job.subject}`}>slot {job.subject}</a>
    ) : (
      `slot ${job.subject}`
    );
  }
  return 'the campaigns in the ad platform';
}

function jobTook(job: JobRow): string {
  if (!job.finished_at) return '';
  const start = Math.max(Date.parse(job.run_at), Date.parse(job.created_at));
  return formatDuration(Math.max(0, Date.parse(job.finished_at) - start));
}

export function consolePage(
  v: ConsoleView,
  ctx: PageContext,
  state: FormState | null = null,
): string {
  const root = ctx.root;
  const campaigns = v.campaigns.items;
  const usedBy = (test: (c: Campaign) => boolean) => campaigns.filter(test);
  const CampaignLinks: FC<{ list: Campaign[] }> = ({ list }) =>
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
  const StoreLinks: FC<{ ids: string[] }> = ({ ids }) => (
    <>
      {ids.map((id, i) => (
        <>
          {i ? ', ' : ''}
          {v.dataStores ? (
            <a href={`#data-store-${id}`}>
              {v.dataStores.items.find((d) => d.id === id)?.name ?? id}
            </a>
          ) : (
            <code>{id}</code>
          )}
        </>
      ))}
    </>
  );
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
                  <StoreLinks ids={stores} />,
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

      {v.audiences ? (
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
                  <StoreLinks ids={a.dataStoreIds} />,
                  <CampaignLinks
                    list={usedBy((c) => c.audiences.some((s) => s.audienceId === a.id))}
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
      )}

      {v.dataStores ? (
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
                    list={usedBy((c) => c.audiences.some((s) => s.dataStoreIds.includes(d.id)))}
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
      )}

      {v.brands ? (
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
                  <CampaignLinks list={usedBy((c) => c.brandId === br.id)} />,
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
      )}

      {b ? (
        <>
          <section class="card" aria-labelledby="clock">
            <h2 id="clock">Clock</h2>
            <Facts
              rows={[
                ['Now', <time datetime={b.clock.now}>{when(b.clock.now)}</time>],
                ['Frozen', b.clock.frozen ? 'yes' : 'no'],
                [
                  'Ahead of real time',
                  b.clock.offsetMs >= 1000 ? formatDuration(b.clock.offsetMs) : 'no',
                ],
              ]}
            />
            <form method="post" action={`${root}actions/advance`} aria-labelledby="advance-title">
              <h3 id="advance-title">Move the clock forward</h3>
              <p class="hint">
                Runs every job that falls due on the way, in time order: collections, generations,
                each sync and each day's metrics.
              </p>
              <Csrf ctx={ctx} />
              <FormError form="advance" state={state} />
              <div class="form-row">
                <Field
                  form="advance"
                  name="by"
                  label="Advance by"
                  hint="90s, 25h, 7d, 1h30m, 2w or PT25H"
                  state={state}
                  required
                />
                <div class="actions">
                  <button type="submit">Advance</button>
                </div>
              </div>
            </form>
            <form method="post" action={`${root}actions/${b.clock.frozen ? 'resume' : 'freeze'}`}>
              <Csrf ctx={ctx} />
              <FormError form={b.clock.frozen ? 'resume' : 'freeze'} state={state} />
              <button type="submit" class="secondary">
                {b.clock.frozen ? 'Resume real time' : 'Freeze the clock'}
              </button>
            </form>
          </section>

          <section class="card" aria-labelledby="jobs">
            <h2 id="jobs">Background jobs</h2>
            <p class="lede">{`${b.jobCounts.queued} queued · ${b.jobCounts.running} running · ${b.jobCounts.done} done · ${b.jobCounts.failed} failed (finished jobs are kept 7 days of the workspace's time)`}</p>
            {b.jobs.length ? (
              <DataTable
                label="Background jobs"
                columns={[
                  { title: 'Kind' },
                  { title: 'Of' },
                  { title: 'State' },
                  { title: 'Queued' },
                  { title: 'Due' },
                  { title: 'Finished' },
                  { title: 'Took', num: true },
                  { title: 'Attempts', num: true },
                ]}
                rows={b.jobs.map((j) => ({
                  cells: [
                    j.kind,
                    jobSubject(j, root),
                    <>
                      <Badge value={j.state} />
                      {j.error ? <div class="error">{j.error}</div> : null}
                    </>,
                    <Time iso={j.created_at} />,
                    <Time iso={j.run_at} />,
                    j.finished_at ? <Time iso={j.finished_at} /> : '',
                    jobTook(j),
                    String(j.attempts),
                  ],
                }))}
              />
            ) : (
              <p class="notice">No jobs.</p>
            )}
          </section>

          <section class="card" aria-labelledby="faults">
            <h2 id="faults">Fault rules</h2>
            {b.faults.length ? (
              <DataTable
                label="Fault rules"
                columns={[
                  { title: 'Rule' },
                  { title: 'Answer' },
                  { title: 'For' },
                  { title: 'Applied', num: true },
                  { title: 'Remove' },
                ]}
                rows={b.faults.map((r) => ({
                  id: `fault-${r.id}`,
                  cells: [
                    <code>{`${r.method} ${r.path}`}</code>,
                    [
                      r.status !== null ? `status ${r.status}` : '',
                      r.drop ? 'drop the connection' : '',
                      r.delayMs ? `wait ${r.delayMs} ms` : '',
                    ]
                      .filter(Boolean)
                      .join(', '),
                    r.remaining !== null
                      ? `${r.remaining} more`
                      : r.probability !== null
                        ? `each with p = ${r.probability}`
                        : 'until removed',
                    String(r.matched),
                    <form method="post" action={`${root}actions/delete-fault`}>
                      <Csrf ctx={ctx} />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        class="secondary"
                        aria-label={`Remove the rule ${r.method} ${r.path}`}
                      >
                        Remove
                      </button>
                    </form>,
                  ],
                }))}
              />
            ) : (
              <p class="notice">No fault rules: every request is answered normally.</p>
            )}
            <FormError form="delete-fault" state={state} />
            <form
              method="post"
              action={`${root}actions/add-fault`}
              aria-labelledby="add-fault-title"
            >
              <h3 id="add-fault-title">Add a rule</h3>
              <p class="hint">
                Requests of this workspace whose method and path match get the fault: a status in
                the error shape, a delay, or a dropped connection. Paths are under /api/v1; * or{' '}
                {'{name}'} is one segment, a final ** the rest.
              </p>
              <Csrf ctx={ctx} />
              <FormError form="add-fault" state={state} />
              <div class="form-row">
                <Field
                  form="add-fault"
                  name="method"
                  label="Method"
                  state={state}
                  options={FAULT_METHODS.map(
                    (m) => [m === '*' ? '' : m, m === '*' ? 'any' : m] as const,
                  )}
                />
                <Field
                  form="add-fault"
                  name="path"
                  label="Path"
                  hint="e.g. /campaigns/*"
                  state={state}
                  required
                  grow
                />
                <Field
                  form="add-fault"
                  name="status"
                  label="Status"
                  hint="400-599"
                  state={state}
                  inputmode="numeric"
                />
                <Field
                  form="add-fault"
                  name="delayMs"
                  label="Delay (ms)"
                  hint="0-60000"
                  state={state}
                  inputmode="numeric"
                />
              </div>
              <div class="form-row">
                <Field
                  form="add-fault"
                  name="count"
                  label="Count"
                  hint="this many requests; empty: until removed"
                  state={state}
                  inputmode="numeric"
                />
                <Field
                  form="add-fault"
                  name="probability"
                  label="Probability"
                  hint="greater than 0, at most 1"
                  state={state}
                  inputmode="decimal"
                />
                <Field
                  form="add-fault"
                  name="drop"
                  label="Drop the connection"
                  type="checkbox"
                  state={state}
                />
                <div class="actions">
                  <button type="submit">Add the rule</button>
                </div>
              </div>
            </form>
            {b.faults.length ? (
              <form method="post" action={`${root}actions/clear-faults`}>
                <Csrf ctx={ctx} />
                <FormError form="clear-faults" state={state} />
                <button type="submit" class="danger">
                  Remove every rule
                </button>
              </form>
            ) : null}
          </section>

          <section class="card" aria-labelledby="requests">
            <h2 id="requests">Recent API requests</h2>
            <p class="lede">The request journal: the newest first, never a header or a key.</p>
            {b.journal.length ? (
              <DataTable
                label="Recent API requests"
                columns={[
                  { title: 'Time' },
                  { title: 'Request' },
                  { title: 'Status', num: true },
                  { title: 'Took', num: true },
                  { title: 'Request id' },
                  { title: 'Idempotency key' },
                  { title: 'Fault' },
                ]}
                rows={b.journal.map((e) => ({
                  cells: [
                    <Time iso={e.at} />,
                    <code>{`${e.method} ${e.path}`}</code>,
                    <span class={e.status >= 500 || e.status === 0 ? 'error' : undefined}>
                      {e.status === 0 ? 'dropped' : String(e.status)}
                    </span>,
                    `${e.durationMs.toFixed(1)} ms`,
                    <code>{e.requestId}</code>,
                    <>
                      {e.idempotencyKey ? <code>{e.idempotencyKey}</code> : ''}
                      {e.replayed ? ' (replayed)' : ''}
                    </>,
                    e.fault ?? '',
                  ],
                }))}
              />
            ) : (
              <p class="notice">No API requests yet.</p>
            )}
          </section>

          <section class="card" aria-labelledby="reset">
            <h2 id="reset">Reset the workspace</h2>
            <p class="hint">
              Empties the workspace (campaigns, audiences, data stores, brands, jobs, fault rules,
              journal) or loads a seed into it; its keys stay and its clock returns to real time.
            </p>
            <form method="post" action={`${root}actions/reset`}>
              <Csrf ctx={ctx} />
              <FormError form="reset" state={state} />
              <div class="form-row">
                <Field
                  form="reset"
                  name="seed"
                  label="Then load"
                  state={state}
                  options={[
                    ['', 'nothing (empty)'],
                    ...SEEDS.map((s) => [s, `the ${s} seed`] as const),
                  ]}
                />
                <Field
                  form="reset"
                  name="confirm"
                  label="Yes, empty this workspace"
                  type="checkbox"
                  state={state}
                />
                <div class="actions">
                  <button type="submit" class="danger">
                    Reset
                  </button>
                </div>
              </div>
            </form>
          </section>
        </>
      ) : null}
    </Layout>,
  );
}
