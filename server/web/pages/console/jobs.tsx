/** The workspace's background jobs: what each is of, its state, when it ran and how long it took. */
import type { Child, FC } from 'hono/jsx';
import { formatDuration } from '../../../lib/duration.ts';
import type { JobRow } from '../../../jobs/queue.ts';
import type { ConsoleView } from '../../data.ts';
import { Badge, DataTable, Time } from '../parts.tsx';

type Backend = NonNullable<ConsoleView['backend']>;

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

export const JobsSection: FC<{ b: Backend; root: string }> = ({ b, root }) => (
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
);
