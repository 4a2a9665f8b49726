import { OPERATIONS } from '../generated/operations.ts';

/**
 * The method and path of an operation of the table, by name, with its path parameters filled in.
 * Commands name the operation they call; they never spell out a route of their own. (The list is
 * generated from server/operations, so this costs no schema loading at start-up.)
 */
export function route(name: string, params: Record<string, string> = {}): { method: string; path: string } {
  const op = OPERATIONS.find((o) => o.name === name);
  if (!op) throw new Error(`no operation named ${name}`);
  const path = op.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${key}`);
    return encodeURIComponent(value);
  });
  return { method: op.method, path };
}
