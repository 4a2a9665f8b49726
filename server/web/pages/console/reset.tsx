/** The form that empties the workspace or loads a seed into it. */
import type { FC } from 'hono/jsx';
import { SEEDS } from '../../../seed/index.ts';
import type { FormState } from '../../actions.ts';
import type { PageContext } from '../layout.tsx';
import { Csrf, Field, FormError } from './form.tsx';

export const ResetSection: FC<{ ctx: PageContext; state: FormState | null }> = ({ ctx, state }) => {
  const root = ctx.root;
  return (
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
            options={[['', 'nothing (empty)'], ...SEEDS.map((s) => [s, `the ${s} seed`] as const)]}
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
  );
};
