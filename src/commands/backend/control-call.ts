/** How every `adcli backend` command reaches a control of adcli serve, and says when it is not one. */
import { CONTROL_PREFIX } from '../../generated/operations.ts';
import { ApiCallError, type ApiClient, type RequestOptions } from '../../lib/client.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { GlobalOptions } from '../../lib/target.ts';

/** A control's declaration (its zod schemas), loaded only to check input before any request. */
export async function control(name: string) {
  const { controlOperations } = await import('../../../server/operations/controls.ts');
  const op = controlOperations.find((o) => o.name === name);
  if (!op) throw new Error(`no control ${name}`);
  return op;
}

/**
 * Calls a control of adcli serve. A deployment that is not adcli serve has no such route (404): that
 * is said plainly, with exit 3. A 404 of a control that names a record (a fault rule) is told apart
 * by asking for the clock, which every adcli serve has.
 */
export async function callControl<T>(
  client: ApiClient,
  name: string,
  opts: RequestOptions & { params?: Record<string, string> } = {},
): Promise<T> {
  try {
    return await client.call<T>(name, opts);
  } catch (e) {
    throw await explain(client, e, opts.params !== undefined);
  }
}

export async function explain(
  client: ApiClient,
  e: unknown,
  namesRecord: boolean,
): Promise<unknown> {
  if (!(e instanceof ApiCallError) || e.status !== 404) return e;
  if (namesRecord) {
    try {
      await client.call('get_clock');
      return e;
    } catch (probe) {
      if (!(probe instanceof ApiCallError) || probe.status !== 404) return e;
    }
  }
  const t = client.target;
  return new CliError(
    `${t.baseUrl} (profile ${t.profile}) is not adcli serve: backend commands work only with adcli serve and the local profile (it has no ${client.url('', undefined, CONTROL_PREFIX)} controls: 404)`,
    EXIT.refused,
  );
}

/** Which backend a confirmation is about: the profile and where it points. */
export function describeTarget(f: Factory, o: GlobalOptions): string {
  const t = f.target(o);
  return t.profile === t.baseUrl ? `profile ${t.profile}` : `profile ${t.profile} (${t.baseUrl})`;
}
