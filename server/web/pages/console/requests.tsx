/** The request journal: the workspace's latest API requests, newest first. */
import type { FC } from 'hono/jsx';
import type { ConsoleView } from '../../data.ts';
import { DataTable, Time } from '../parts.tsx';

type Backend = NonNullable<ConsoleView['backend']>;

export const RequestsSection: FC<{ b: Backend }> = ({ b }) => (
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
);
