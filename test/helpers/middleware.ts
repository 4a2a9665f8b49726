/**
 * For the tests of one HTTP middleware at a time (server/http/*.test.ts): a bare Hono app with only
 * what every stage takes for granted in front of it (a request id, as requestLog gives one, and the
 * error handler that answers an ApiError in the contract's shape), the API's operations by name, and
 * a request to such an app answered as the in-process clients answer.
 */
import { Hono } from 'hono';
import type { Backend } from '../../server/app/backend.ts';
import { errorHandler } from '../../server/http/on-error.ts';
import type { RequestEnv } from '../../server/http/request-log.ts';
import type { Logger } from '../../server/lib/log.ts';
import { controlOperations } from '../../server/operations/controls.ts';
import { operations } from '../../server/operations/index.ts';
import type { Operation } from '../../server/operations/operation.ts';
import { SCOPES, type Scope } from '../../server/schemas/common.ts';
import type { Reply } from './backend.ts';

/** An operation of the API's table (or, failing that, of the controls') by name. */
export function operation(name: string): Operation {
  const op = [...operations, ...controlOperations].find((o) => o.name === name);
  if (!op) throw new Error(`no operation ${name}`);
  return op;
}

/**
 * A Hono app whose requests get a request id (`rid-1`, `rid-2`, … in `x-request-id`) and whose errors
 * are answered by the app's own error handler; the stages under test are added by the caller.
 */
export function middlewareApp(logger: Logger): Hono<RequestEnv> {
  const app = new Hono<RequestEnv>();
  let n = 0;
  app.use('*', (c, next) => {
    const rid = `rid-${++n}`;
    c.set('requestId', rid);
    c.header('x-request-id', rid);
    return next();
  });
  app.onError(errorHandler(logger));
  return app;
}

export interface Sent extends Reply {
  text: string;
}

/**
 * A request to the app, in-process: `key` as a bearer token, `body` sent as it is (a string) or as
 * JSON; the answer's body parsed when it is JSON.
 */
export async function send(
  app: Hono<RequestEnv>,
  method: string,
  path: string,
  opts: { key?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Sent> {
  const headers: Record<string, string> = {
    ...(opts.key !== undefined ? { authorization: `Bearer ${opts.key}` } : {}),
    ...(opts.body !== undefined && typeof opts.body !== 'string'
      ? { 'content-type': 'application/json' }
      : {}),
    ...opts.headers,
  };
  const body =
    opts.body === undefined
      ? undefined
      : typeof opts.body === 'string'
        ? opts.body
        : JSON.stringify(opts.body);
  const res = await app.request(path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text && /json/.test(res.headers.get('content-type') ?? '')) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed ?? text, text };
}

/** A new key of the backend (every scope in workspace `acme` unless said), with its id and workspace. */
export async function newKey(
  b: Pick<Backend, 'store' | 'services'>,
  opts: {
    scopes?: readonly Scope[];
    workspace?: string;
    customerIds?: string[];
    campaignIds?: string[];
  } = {},
): Promise<{ key: string; keyId: string; workspaceId: string }> {
  return b.store.write(async () => {
    const ws = await b.services.workspaces.ensure(opts.workspace ?? 'acme');
    const { key, record } = await b.services.keys.create(ws.id, {
      scopes: opts.scopes ?? SCOPES,
      customerIds: opts.customerIds ?? null,
      campaignIds: opts.campaignIds ?? null,
    });
    return { key, keyId: record.id, workspaceId: ws.id };
  });
}
