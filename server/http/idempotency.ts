import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/errors.ts';
import { idempotencyKey } from '../schemas/common.ts';
import { header } from './request.ts';
import type { RequestEnv } from './request-log.ts';

/**
 * A write's Idempotency-Key header, checked (1-200 characters, the contract's Limits) and handed to
 * the route as `idempotencyKey`, which gives it to invoke: the answer is remembered in the write's
 * own transaction, and a repeat replays it.
 */
export function idempotencyHeader(): MiddlewareHandler<RequestEnv> {
  return (c, next) => {
    const key = header(c, 'idempotency-key');
    if (key !== undefined) {
      if (!idempotencyKey.safeParse(key).success) {
        throw new ApiError(
          400,
          'invalid_request',
          `Idempotency-Key must be ${idempotencyKey.minLength} to ${idempotencyKey.maxLength} characters`,
        );
      }
      c.set('idempotencyKey', key);
    }
    return next();
  };
}
