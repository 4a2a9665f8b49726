import type { z } from 'zod';
import { usageError } from './errors.ts';

/**
 * Checks a request locally with the operation's own zod schema, so a bad value fails before any
 * request, with the very message the server would give (exit 2).
 */
export async function validateLocally<T extends z.ZodType>(schema: T, value: unknown, where: 'body' | 'query' | 'path'): Promise<z.output<T>> {
  const { parseOrThrow } = await import('../../server/http/validation.ts');
  try {
    return parseOrThrow(schema, value, where);
  } catch (e) {
    throw usageError((e as Error).message);
  }
}

/** The operation of the table with this name (loaded lazily: zod and the table are not start-up work). */
export async function operation(name: string) {
  const { operations } = await import('../../server/operations/index.ts');
  const op = operations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation ${name}`);
  return op;
}

/** A number flag; left as the string when it is not a number, so validation names the field. */
export function num(value: string): number | string {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
