/**
 * Answers typed at a prompt, checked as a flag would be: with the operation's own schema for that
 * field of its body (its bounds, codes and formats), so a bad answer is refused with the message
 * local validation and the server give, and asked again (Prompter.ask's `validate`).
 */
import type { z } from 'zod';
import { inFlagWords } from './flag-words.ts';
import { operation } from './validate.ts';

/** A prompt's check: true, or why the answer is not taken. */
export type Check = (text: string) => true | string;

/** An answer read as the field's value: the text itself, or `undefined` for none. */
export type Reader = (text: string) => unknown;

/** "50" → 50, "" → undefined (none), "abc" → "abc" (the schema then says it must be a number). */
export const numberAnswer: Reader = (text) => {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
};

/** "US, CA DE" → ["US", "CA", "DE"]: codes separated by commas or spaces. */
export const listAnswer: Reader = (text) => text.split(/[\s,]+/).filter(Boolean);

/**
 * The check of one body field of an operation (`create_campaign`, `budget`), reading the typed text
 * with `read`. Its messages are the operation's: `budget must be greater than 0`; an item of a list
 * is said without the field's path (`"Germany" is not an ISO 3166 country or region code; did you
 * mean "DE" (Germany)?`), the question being about that field.
 */
export async function answerCheck(
  operationName: string,
  field: string,
  read: Reader = (text) => text,
): Promise<Check> {
  const op = await operation(operationName);
  const { describeIssue } = await import('../../server/schemas/validation.ts');
  const shape = (op.body as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  const schema = shape?.[field];
  if (!schema) throw new Error(`${operationName} has no body field ${field}`);
  return (text) => {
    const r = schema.safeParse(read(text), { reportInput: true });
    if (r.success) return true;
    const said = r.error.issues.map((issue) =>
      describeIssue({ ...issue, path: [field, ...issue.path] } as z.core.$ZodIssue, 'body')
        // a custom check's message says all there is (the value, why, the nearest code)
        .replace(new RegExp(`^${field}\\[\\d+\\]: `), ''),
    );
    // the API's patterns in words (`must be a date as YYYY-MM-DD`), as the flags' checks say them
    return inFlagWords([...new Set(said)].slice(0, 2).join('; '));
  };
}
