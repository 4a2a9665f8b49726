/** The pieces every page is made of: status badges, times, fact lists and tables of records. */
import type { Child, FC, PropsWithChildren } from 'hono/jsx';

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

export const Badge: FC<{ value: string | null | undefined }> = ({ value }) =>
  value ? (
    <span class={`badge ${TONES[value] ?? ''}`.trim()}>{value}</span>
  ) : (
    <span class="notice">none</span>
  );

/** A time, breaking (if it must) between its day and its hour only. */
export const Time: FC<{ iso: string | null | undefined }> = ({ iso }) =>
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
export const DataTable: FC<{
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

/** Labelled facts; an empty one says it is not set. */
export const Facts: FC<{ rows: [string, Child][] }> = ({ rows }) => (
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
