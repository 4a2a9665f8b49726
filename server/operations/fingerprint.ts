import { createHash } from 'node:crypto';
import { canonicalJson } from '../lib/json.ts';

/**
 * What an Idempotency-Key is remembered with: the request's method, path, query and body, in a
 * canonical form, so a retry over HTTP and one through /mcp of the same request are the same
 * request, and the same key with another request is told apart.
 */
export function fingerprintOf(
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
): string {
  return createHash('sha256')
    .update(`${method} ${path}?${canonicalJson(query)}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}
