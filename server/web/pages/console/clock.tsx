/** The workspace's clock: where it stands, and the forms that move, freeze and resume it. */
import type { FC } from 'hono/jsx';
import type { FormState } from '../../actions.ts';
import type { ConsoleView } from '../../data.ts';
import type { PageContext } from '../layout.tsx';
import { formatDuration } from '../../../lib/duration.ts';
import { when } from '../format.ts';
import { Facts } from '../parts.tsx';
import { Csrf, Field, FormError } from './form.tsx';

type Backend = NonNullable<ConsoleView['backend']>;

export const ClockSection: FC<{ b: Backend; ctx: PageContext; state: FormState | null }> = ({
  b,
  ctx,
  state,
}) => {
  const root = ctx.root;
  return (
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
          Runs every job that falls due on the way, in time order: collections, generations, each
          sync and each day's metrics.
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
  );
};
