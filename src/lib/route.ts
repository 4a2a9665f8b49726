import {
  API_PREFIX,
  CONTROL_OPERATIONS,
  CONTROL_PREFIX,
  OPERATIONS,
} from '../generated/operations.ts';

export interface Route {
  method: string;
  /** the path under `prefix`, its parameters filled in */
  path: string;
  /** where the operation lives on the host: the API's /api/v1, or adcli serve's controls */
  prefix: string;
}

/**
 * The method and path of an operation by name, with its path parameters filled in: an operation of
 * the API's table, or one of adcli serve's controls (then `prefix` says so). Commands name the
 * operation they call; they never spell out a route of their own. (The lists are generated from the
 * server's tables, so this costs no schema loading at start-up.)
 */
export function route(name: string, params: Record<string, string> = {}): Route {
  const api = OPERATIONS.find((o) => o.name === name);
  const op = api ?? CONTROL_OPERATIONS.find((o) => o.name === name);
  if (!op) throw new Error(`no operation named ${name}`);
  const path = op.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${key}`);
    return encodeURIComponent(value);
  });
  return { method: op.method, path, prefix: api ? API_PREFIX : CONTROL_PREFIX };
}
