/**
 * `adcli serve --proxy URL`'s app: /api/v1 through the contract check to the deployment, the rest to
 * this server's own app, each exchange logged and journaled in the server's own workspace.
 */
import { Hono } from 'hono';
import { errorBody } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import type { createLogger } from '../lib/log.ts';
import { operations } from '../operations/index.ts';
import { API_PREFIX } from '../operations/operation.ts';
import {
  createProxyApp,
  describeExchange,
  parseUpstream,
  type ExchangeRecord,
} from '../proxy/proxy-app.ts';
import type { Backend } from './backend.ts';
import type { SharedBootResult } from './bootstrap.ts';

/**
 * Where --proxy journals the exchanges: the server's own workspace (the first key's), so `adcli
 * backend requests --violations` with that key lists them. The deployment's keys are not this
 * server's, so an entry names no key (a key limited to campaigns never sees them).
 */
export async function journaling(
  backend: Backend,
  boot: SharedBootResult,
): Promise<(r: ExchangeRecord) => void> {
  const { services, controls } = backend;
  const ws = await services.workspaces.bySlug(boot.workspace);
  if (!ws) return () => {};
  const clock = services.deps.clock;
  return (r) =>
    void clock
      .within(ws.id, () => clock.now().toISOString())
      .then((at) =>
        controls.journal.record({
          workspaceId: ws.id,
          keyId: '',
          at,
          method: r.method,
          path: r.path,
          status: r.status,
          durationMs: r.durationMs,
          requestId: r.requestId ?? '',
          idempotencyKey: null,
          replayed: false,
          fault: null,
          violations: r.violations,
        }),
      )
      .catch(() => {
        // the journal is a convenience: the exchange was answered and logged either way
      });
}

/**
 * --proxy: /api/v1 goes to the deployment through the contract check, everything else to this
 * server's own app. Each exchange is one request-log line; one that breaks the contract is a warning
 * naming the field paths (never a header, so never the key).
 *
 * Two keys are in play, and a 401 says which one was wrong: this server's own key on /api/v1 is
 * refused here (never sent on to the deployment), naming the deployment's keys as the ones to use;
 * a key this server does not know on its controls, /mcp or pages is told to use this server's own.
 */
export function proxying(
  own: Hono<any>,
  upstream: string,
  events: ReturnType<typeof createLogger>,
  logRequests: boolean,
  journal: (r: ExchangeRecord) => void,
  isOwnKey: (token: string) => Promise<boolean>,
): Hono {
  const proxy = createProxyApp({
    upstream,
    ops: operations,
    onExchange: (r) => {
      journal(r);
      if (logRequests) {
        const q = r.path.indexOf('?');
        events.request({
          method: r.method,
          path: q < 0 ? r.path : r.path.slice(0, q),
          status: r.status,
          durationMs: r.durationMs,
          requestId: r.requestId ?? '',
        });
      }
      const line = describeExchange(r);
      if (line) events.event('warn', line);
    },
  });
  const root = new Hono();
  const underApi = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
  const host = parseUpstream(upstream).host;
  const unauthorized = (message: string, headers: Headers | Record<string, string>) => {
    const h = new Headers(headers);
    h.delete('content-length');
    h.set('content-type', 'application/json; charset=UTF-8');
    return new Response(JSON.stringify(errorBody('unauthorized', message, newRequestId())), {
      status: 401,
      headers: h,
    });
  };
  // each app answers in full, with its own middleware, error handler and 404
  root.all('*', async (c) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (underApi(c.req.path)) {
      if (token && (await isOwnKey(token)))
        return unauthorized(
          `this is adcli serve --proxy's own API key, which opens only its controls (/_adcli/v1), /mcp and pages; ${API_PREFIX} is sent on to the deployment at ${host}, which knows only its own keys: use an API key of that deployment for ${API_PREFIX} (this one was not sent on)`,
          { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        );
      return proxy.fetch(c.req.raw, c.env);
    }
    const res = await own.fetch(c.req.raw, c.env);
    if (res.status !== 401 || !token) return res;
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { error?: { message?: unknown } } | null;
    if (typeof body?.error?.message !== 'string') return res;
    return unauthorized(
      `${body.error.message}: with adcli serve --proxy, only ${API_PREFIX} goes to the deployment at ${host} (with its keys); the controls (/_adcli/v1), /mcp and pages take this server's own key (the one adcli serve printed at start, or one made with adcli serve keys create), not the deployment's`,
      res.headers,
    );
  });
  return root;
}
