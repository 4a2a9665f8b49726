/** The console's form parts: fields tied to their hints and errors, the CSRF token, a form's error. */
import type { FC } from 'hono/jsx';
import type { FormState } from '../../actions.ts';
import type { PageContext } from '../layout.tsx';

/** A form field with its label, hint and error, tied together for screen readers. */
export const Field: FC<{
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

export const Csrf: FC<{ ctx: PageContext }> = ({ ctx }) => (
  <input type="hidden" name="csrf" value={ctx.csrf} />
);

export const FormError: FC<{ form: string; state: FormState | null }> = ({ form, state }) =>
  state?.form === form && state.errors[''] ? (
    <p class="form-error" role="alert">
      {state.errors['']}
    </p>
  ) : null;
