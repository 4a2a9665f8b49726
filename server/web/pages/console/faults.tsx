/** The workspace's fault rules, and the forms that add and remove them. */
import type { FC } from 'hono/jsx';
import type { FormState } from '../../actions.ts';
import type { ConsoleView } from '../../data.ts';
import type { PageContext } from '../layout.tsx';
import { FAULT_BOUNDS, FAULT_METHODS } from '../../../control/faults.ts';
import { DataTable } from '../parts.tsx';
import { Csrf, Field, FormError } from './form.tsx';

type Backend = NonNullable<ConsoleView['backend']>;

export const FaultsSection: FC<{ b: Backend; ctx: PageContext; state: FormState | null }> = ({
  b,
  ctx,
  state,
}) => {
  const root = ctx.root;
  return (
    <section class="card" aria-labelledby="faults">
      <h2 id="faults">Fault rules</h2>
      <FaultRules b={b} ctx={ctx} />
      <FormError form="delete-fault" state={state} />
      <AddFaultForm ctx={ctx} state={state} />
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
  );
};

/** Each rule, in the order they are tried, with how often it applied and its remove button. */
const FaultRules: FC<{ b: Backend; ctx: PageContext }> = ({ b, ctx }) => {
  const root = ctx.root;
  return b.faults.length ? (
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
  );
};

/** The form that adds a rule; its hints say the bounds the API checks. */
const AddFaultForm: FC<{ ctx: PageContext; state: FormState | null }> = ({ ctx, state }) => {
  const root = ctx.root;
  return (
    <form method="post" action={`${root}actions/add-fault`} aria-labelledby="add-fault-title">
      <h3 id="add-fault-title">Add a rule</h3>
      <p class="hint">
        Requests of this workspace whose method and path match get the fault: a status in the error
        shape, a delay, or a dropped connection. Paths are under /api/v1; * or {'{name}'} is one
        segment, a final ** the rest.
      </p>
      <Csrf ctx={ctx} />
      <FormError form="add-fault" state={state} />
      <div class="form-row">
        <Field
          form="add-fault"
          name="method"
          label="Method"
          state={state}
          options={FAULT_METHODS.map((m) => [m === '*' ? '' : m, m === '*' ? 'any' : m] as const)}
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
          hint={`${FAULT_BOUNDS.status.min}-${FAULT_BOUNDS.status.max}`}
          state={state}
          inputmode="numeric"
        />
        <Field
          form="add-fault"
          name="delayMs"
          label="Delay (ms)"
          hint={`${FAULT_BOUNDS.delayMs.min}-${FAULT_BOUNDS.delayMs.max}`}
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
  );
};
