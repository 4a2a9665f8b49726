import type { z } from 'zod';
import { usageError } from './errors.ts';
import { inFlagWords, type FlagsOf } from './flag-words.ts';

type Where = 'body' | 'query' | 'path';

/** The id pattern of the API (campaigns, audiences, audience slots, data stores, brands). */
const HEX_ID = '^[a-f0-9]{24}$';

/**
 * Checks a request locally with the operation's own zod schema (its bounds, enumerations, formats,
 * codes and refinements), so a bad value fails before any request, with the message the server
 * would give (exit 2), said in the user's words: the body's and query's fields as the `flags` that set them,
 * the API's patterns as words (src/lib/flag-words.ts). A malformed id also says what an id looks
 * like, and what was given.
 */
export async function validateLocally<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: Where,
  flags: FlagsOf = {},
): Promise<z.output<T>> {
  const { describeIssue, fieldName } = await import('../../server/schemas/validation.ts');
  // reportInput: the messages tell a missing value from a wrong one, and quote a malformed id.
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) return r.data;
  const say = (issue: z.core.$ZodIssue): string => {
    if (
      issue.code === 'invalid_format' &&
      'pattern' in issue &&
      String(issue.pattern).replace(/^\/|\/[a-z]*$/g, '') === HEX_ID
    ) {
      return `${fieldName(issue.path, where)} must match ${HEX_ID} (an id is 24 lowercase hex characters), not ${quote(issue.input)}`;
    }
    return describeIssue(issue, where);
  };
  const said = (issue: z.core.$ZodIssue) => inFlagWords(say(issue), where === 'path' ? {} : flags);
  const messages = [...new Set(r.error.issues.map(said))];
  throw usageError(
    messages.slice(0, 3).join('; ') +
      (messages.length > 3 ? ` (and ${messages.length - 3} more)` : ''),
  );
}

/** A value given on the command line, quoted for a message: JSON escapes control characters; long ones are cut. */
function quote(value: unknown): string {
  const s = typeof value === 'string' ? value : String(value);
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** The operation of the table with this name (loaded lazily: zod and the table are not start-up work). */
export async function operation(name: string) {
  const { operations } = await import('../../server/operations/index.ts');
  const op = operations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation named ${name}`);
  return op;
}

export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** the body's fields as the flags that set them, for the messages */
  flags?: FlagsOf;
}

/**
 * Checks every part of a request to an operation before it is sent: the path parameters, the query
 * and the body with the operation's schemas, whose checks include the rules that span fields (a rule
 * that needs the stored record is the server's). A failure is a usage error (exit 2), nothing sent.
 */
export async function checkRequest(name: string, parts: RequestParts): Promise<void> {
  const op = await operation(name);
  if (op.params) await validateLocally(op.params, parts.params ?? {}, 'path');
  if (op.query && parts.query)
    await validateLocally(op.query, withoutUndefined(parts.query), 'query');
  if (op.body && parts.body !== undefined)
    await validateLocally(op.body, parts.body, 'body', parts.flags);
}

function withoutUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** A number flag; left as the string when it is not a number, so validation names the field. */
export function num(value: string): number | string {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
