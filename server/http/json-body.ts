import type { Context } from 'hono';
import { ApiError } from '../lib/errors.ts';
import { MAX_JSON_DEPTH, jsonDepth } from '../lib/json.ts';

/**
 * A JSON text parsed, or a 400 saying why not: not JSON, or nested deeper than MAX_JSON_DEPTH (a
 * deeper body has no use here, and the depth is checked before parsing, without recursion).
 */
export function parseJsonText(text: string): unknown {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError(
      400,
      'invalid_request',
      `the body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ApiError(
      400,
      'invalid_request',
      `the body is not valid JSON: ${(e as Error).message}`,
    );
  }
}

/** The request's JSON body; a blank body is `{}`, or a 400 when the operation requires a body. */
export async function readJson(c: Context, required: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (required) throw new ApiError(400, 'invalid_request', 'a JSON object body is required');
    return {};
  }
  return parseJsonText(text);
}
