/**
 * The assertions every API test makes, written once: a success with its status, and an error in the
 * contract's shape (`{"error": {"code", "message", "requestId"}}`, the request id the header's).
 */
import { expect } from 'vitest';
import type { Reply } from './backend.ts';

/** The body of a successful answer with this status (200 unless said), failing with the body shown. */
export function ok<T = any>(r: Reply<T>, status = 200): T {
  expect({ status: r.status, body: r.body }).toMatchObject({ status });
  return r.body;
}

/** An error answer in the contract's shape, whose message holds every fragment given. */
export function expectError(
  r: Reply,
  status: number,
  code: string,
  ...fragments: (string | RegExp)[]
): void {
  expect({ status: r.status, body: r.body }).toMatchObject({ status, body: { error: { code } } });
  expect(Object.keys(r.body)).toEqual(['error']);
  expect(Object.keys(r.body.error).sort()).toEqual(['code', 'message', 'requestId']);
  expect(r.body.error.message.length).toBeGreaterThan(0);
  expect(r.body.error.requestId).toBe(r.headers.get('x-request-id'));
  for (const f of fragments) {
    if (typeof f === 'string') expect(r.body.error.message).toContain(f);
    else expect(r.body.error.message).toMatch(f);
  }
}
