/**
 * The console's forms: each one runs a control of adcli serve (server/control/operations.ts) as the
 * session's key, its values checked by that control's own schema, so a form says what the API would
 * say, next to the field it is about.
 */
import type { z } from 'zod';
import type { Actor } from '../domain/actor.ts';
import { controlOperations } from '../operations/controls.ts';
import { ApiError } from '../lib/errors.ts';
import { invoke } from '../operations/invoke.ts';
import { authorize, type OperationContext } from '../operations/operation.ts';
import { describeIssue, fieldName, nulAt } from '../schemas/validation.ts';

/** What a form sent and what was wrong with it, to show the page again. */
export interface FormState {
  form: ActionName;
  values: Record<string, string>;
  /** by field; '' for the form as a whole */
  errors: Record<string, string>;
}

export type ActionOutcome =
  | { ok: true; flash: string; anchor: string }
  | { ok: false; state: FormState; status: 400 | 403 | 404 };

interface Action {
  control: string;
  anchor: string;
  /** the form's fields as the control's body (and path parameters) */
  input(form: Record<string, string>): {
    body?: Record<string, unknown>;
    params?: Record<string, string>;
  };
  /** what the form needs beyond the control's schema (a confirmation) */
  check?(form: Record<string, string>): Record<string, string>;
  done(result: any, form: Record<string, string>): string;
}

/** A number field: empty is absent, anything else a number (NaN when it is not one, so the schema names the field). */
const number = (v: string | undefined): number | undefined =>
  v === undefined || v.trim() === ''
    ? undefined
    : /^-?\d+(\.\d+)?$/.test(v.trim())
      ? Number(v)
      : Number.NaN;
const text = (v: string | undefined): string | undefined =>
  v === undefined || v === '' ? undefined : v;

const ACTIONS = {
  advance: {
    control: 'advance_clock',
    anchor: 'clock',
    input: (f) => ({ body: { by: (f.by ?? '').trim() } }),
    done: (r: { clock: { now: string }; ran: Record<string, number> }, f) => {
      const ran = Object.entries(r.ran)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ');
      return `Moved the clock forward by ${f.by?.trim()}: it is now ${r.clock.now}.${ran ? ` Jobs that fell due and ran: ${ran}.` : ' No job fell due on the way.'}`;
    },
  },
  freeze: {
    control: 'freeze_clock',
    anchor: 'clock',
    input: () => ({}),
    done: (r: { now: string }) => `Froze the clock at ${r.now}.`,
  },
  resume: {
    control: 'resume_clock',
    anchor: 'clock',
    input: () => ({}),
    done: (r: { now: string }) => `The clock runs again, from ${r.now}.`,
  },
  reset: {
    control: 'reset_workspace',
    anchor: 'reset',
    input: (f) => ({ body: text(f.seed) === undefined ? {} : { seed: f.seed } }),
    check: (f): Record<string, string> =>
      f.confirm === 'yes'
        ? {}
        : { confirm: 'tick this box to confirm: a reset empties the workspace' },
    done: (r: { workspace: string; seed: string | null }) =>
      `Reset workspace ${r.workspace}${r.seed ? ` and loaded the ${r.seed} seed` : ''}.`,
  },
  'add-fault': {
    control: 'add_fault',
    anchor: 'faults',
    input: (f) => {
      const body: Record<string, unknown> = {
        method: text(f.method),
        path: f.path ?? '',
        status: number(f.status),
        delayMs: number(f.delayMs),
        drop: f.drop === 'yes' ? true : undefined,
        count: number(f.count),
        probability: number(f.probability),
      };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      return { body };
    },
    done: (r: { id: string; method: string; path: string }) =>
      `Added fault rule ${r.id} for ${r.method} ${r.path}.`,
  },
  'delete-fault': {
    control: 'delete_fault',
    anchor: 'faults',
    input: (f) => ({ params: { faultId: f.id ?? '' } }),
    done: (r: { id: string }) => `Removed fault rule ${r.id}.`,
  },
  'clear-faults': {
    control: 'clear_faults',
    anchor: 'faults',
    input: () => ({}),
    done: (r: { deleted: number }) =>
      `Removed ${r.deleted} fault rule${r.deleted === 1 ? '' : 's'}.`,
  },
} satisfies Record<string, Action>;

export type ActionName = keyof typeof ACTIONS;

export function isAction(name: string): name is ActionName {
  return Object.hasOwn(ACTIONS, name);
}

/** The fields of a form, as strings (a file field is no field of ours). */
export function formValues(parsed: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed))
    if (typeof v === 'string' && k !== 'csrf') out[k] = v;
  return out;
}

/**
 * Runs a form's control as the actor, through invoke as the API's routes do; the form's values are
 * checked first by the control's own schemas, so each message stands next to its field.
 */
export async function runAction(
  ctx: OperationContext,
  actor: Actor,
  name: ActionName,
  form: Record<string, string>,
): Promise<ActionOutcome> {
  const action: Action = ACTIONS[name];
  const op = controlOperations.find((o) => o.name === action.control)!;
  const fail = (errors: Record<string, string>, status: 400 | 403 | 404 = 400): ActionOutcome => ({
    ok: false,
    state: { form: name, values: form, errors },
    status,
  });
  try {
    authorize(op, actor);
  } catch (e) {
    return fail({ '': (e as Error).message }, 403);
  }

  const fields = action.input(form);
  const errors: Record<string, string> = { ...action.check?.(form) };
  parse(op.params, fields.params ?? {}, 'path', errors);
  if (op.body) parse(op.body, fields.body ?? {}, 'body', errors);
  if (Object.keys(errors).length) return fail(errors);

  try {
    const result = await invoke(ctx, op, actor, { params: fields.params, body: fields.body ?? {} });
    const value = result.replayed ? JSON.parse(result.text) : result.value;
    return { ok: true, flash: action.done(value, form), anchor: action.anchor };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status >= 500) throw e;
    // A handler's message names its field first ("path: …", "time: …") when it is about one.
    const field = Object.keys(form).find(
      (k) => k !== '' && (e.message.startsWith(`${k}:`) || e.message.startsWith(`${k} `)),
    );
    return fail(
      { [field ?? '']: e.message },
      e.status === 404 ? 404 : e.status === 403 ? 403 : 400,
    );
  }
}

function parse(
  schema: z.ZodType | undefined,
  value: unknown,
  where: 'body' | 'path',
  errors: Record<string, string>,
): any {
  if (!schema) return undefined;
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) {
    // the rule the API applies to every body: no NUL in any text (one behaviour on both stores)
    const nul = nulAt(value, []);
    if (!nul) return r.data;
    errors[where === 'path' ? 'id' : typeof nul[0] === 'string' ? nul[0] : ''] ??=
      `${fieldName(nul, where)} holds a NUL character (U+0000), which no text accepts`;
    return undefined;
  }
  for (const issue of r.error.issues) {
    const field = where === 'path' ? 'id' : typeof issue.path[0] === 'string' ? issue.path[0] : '';
    errors[field] ??= describeIssue(issue, where);
  }
  return undefined;
}
