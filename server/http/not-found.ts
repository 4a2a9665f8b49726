/**
 * 404 and 405 in the contract's shape, behind the front like every request (once: a mounted app
 * that answers none of its paths has had it already). Exact shapes only: the routes are strict, so
 * `/campaigns/` is no route at all (404), not a 405 that would tell a GET to use GET.
 */
import type { Context, Hono } from 'hono';
import { errorBody } from '../lib/errors.ts';
import { CONTROL_PREFIX, controlOperations } from '../operations/controls.ts';
import { API_PREFIX, type Operation } from '../operations/operation.ts';
import { pipeline } from './pipeline.ts';
import type { OnError, RequestFront } from './request-front.ts';
import type { RequestEnv } from './request-log.ts';

export function mountNotFound(
  app: Hono<RequestEnv>,
  ops: readonly Operation[],
  front: RequestFront,
  onError: OnError,
): void {
  const routes = [
    ...ops.map((op) => ({ prefix: API_PREFIX, op })),
    ...controlOperations.map((op) => ({ prefix: CONTROL_PREFIX, op })),
  ].map(({ prefix, op }) => ({
    method: op.method,
    re: new RegExp('^' + prefix + op.path.replace(/\{\w+\}/g, '[^/]+') + '$'),
  }));
  const notFound = (c: Context<RequestEnv>): Response => {
    const allowed = routes.filter((r) => r.re.test(c.req.path)).map((r) => r.method);
    if (allowed.length) {
      return c.json(
        errorBody(
          'method_not_allowed',
          `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`,
          c.get('requestId'),
        ),
        405,
        {
          Allow: allowed.join(', '),
        },
      );
    }
    return c.json(
      errorBody('not_found', `no such route: ${c.req.method} ${c.req.path}`, c.get('requestId')),
      404,
    );
  };
  const notFoundBehindFront = pipeline<RequestEnv>(front.unrouted, notFound, onError);
  app.notFound((c) =>
    c.get('requestId') === undefined
      ? (notFoundBehindFront(c, () => Promise.resolve()) as Response | Promise<Response>)
      : notFound(c),
  );
}
