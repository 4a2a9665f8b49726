/**
 * A stand-in for a real deployment that drifts from the contract on purpose: a node:http server on
 * 127.0.0.1 that answers a few operations of the API under /api/v1 with answers recorded once from
 * the real in-process backend (the demo seed), so its conforming answers are the contract's own,
 * and bends them when asked: per request with the `x-drift` header, or per route with `drifts`.
 *
 * Drifts: `missing-field` (a field of the answer removed), `extra-field` (a field added, holding the
 * request's Authorization header: an upstream that echoes the key), `wrong-status` (the right body
 * with a status the operation does not answer), `bad-error-shape` (a 404 whose code is none of the
 * contract's), `hang` (no answer at all), `huge` (a 200 over 1 MB that is not the contract's shape),
 * `bad-format` (a timestamp that is no date-time: `createdAt: "yesterday"`), `bad-id` (a record id
 * that is not 24 hex characters), `missing-enum` (a required enumerated field removed: `status`),
 * `no-request-id` (the conforming answer without its x-request-id header). The last four bend the
 * campaign of `campaign`, the first of `campaigns`, or the brand of `createBrand` (no enum there).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runSeed } from '../../server/seed/index.ts';
import { testBackend } from './backend.ts';

export const DRIFTS = [
  'none',
  'missing-field',
  'extra-field',
  'wrong-status',
  'bad-error-shape',
  'hang',
  'huge',
  'bad-format',
  'bad-id',
  'missing-enum',
  'no-request-id',
] as const;
export type Drift = (typeof DRIFTS)[number];

/** The routes the upstream answers. */
export type RouteName = 'workspace' | 'campaigns' | 'campaign' | 'createBrand';

/** An answer as recorded: status, content type and the exact body text. */
export interface Recorded {
  status: number;
  contentType: string;
  text: string;
}

/** The real backend's answers, recorded once. */
export interface Recording {
  workspace: Recorded;
  campaigns: Recorded;
  campaign: Recorded;
  /** the id of the campaign recorded (one with an audience) */
  campaignId: string;
  createBrand: Recorded;
  /** GET /campaigns/{an id nothing has}: the contract's 404 */
  notFound: Recorded;
}

/** Where each drift shows in each route's answer: the violation's path the check should name. */
export const DRIFT_PATHS: Record<RouteName, { missing: string; extra: string }> = {
  workspace: { missing: 'body.counts.brands', extra: 'body.debugAuth' },
  campaigns: { missing: 'body.data[0].updatedAt', extra: 'body.data[0].debugAuth' },
  campaign: { missing: 'body.audiences[0].name', extra: 'body.adsPlatform.debugAuth' },
  createBrand: { missing: 'body.website', extra: 'body.debugAuth' },
};

/** Where the record-level drifts show: the timestamp, the id and the enumerated field bent. */
export const RECORD_DRIFT_PATHS: Record<'campaigns' | 'campaign', Record<string, string>> = {
  campaigns: {
    'bad-format': 'body.data[0].createdAt',
    'bad-id': 'body.data[0].id',
    'missing-enum': 'body.data[0].status',
  },
  campaign: {
    'bad-format': 'body.createdAt',
    'bad-id': 'body.id',
    'missing-enum': 'body.status',
  },
};

/** A request as the upstream received it. */
export interface SeenRequest {
  method: string;
  /** path and query, as sent */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface DriftingUpstream {
  /** the base to proxy to: http://127.0.0.1:PORT/api/v1 */
  base: string;
  recording: Recording;
  seen: SeenRequest[];
  /** how each route drifts when a request does not say (default none) */
  drifts: Partial<Record<RouteName, Drift>>;
  /** Set-Cookie headers every answer carries (default none) */
  setCookies: string[];
  close(): Promise<void>;
}

const MISSING_ID = 'f'.repeat(24);

/** Records the real backend's answers to the routes the upstream serves. */
export async function recordContract(): Promise<Recording> {
  const b = await testBackend();
  try {
    await b.store.write(() => runSeed(b.services, 'demo'));
    const demo = await b.client({ workspace: 'demo' });
    const call = async (method: string, path: string, body?: unknown): Promise<Recorded> => {
      const res = await b.app.request(`/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${demo.key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        text: await res.text(),
      };
    };
    const campaigns = await call('GET', '/campaigns?limit=100');
    const list = JSON.parse(campaigns.text) as { data: { id: string; audiences: unknown[] }[] };
    const withAudience = list.data.find((c) => c.audiences.length > 0);
    if (!withAudience) throw new Error('the demo seed has no campaign with an audience');
    return {
      workspace: await call('GET', '/workspace'),
      campaigns: await call('GET', '/campaigns?limit=3'),
      campaign: await call('GET', `/campaigns/${withAudience.id}`),
      campaignId: withAudience.id,
      createBrand: await call('POST', '/brands', {
        name: 'Drift Coffee',
        website: 'https://drift.example',
        description: 'a brand made for the recording',
      }),
      notFound: await call('GET', `/campaigns/${MISSING_ID}`),
    };
  } finally {
    await b.store.close();
  }
}

type Json = Record<string, any>;

/** The answer with one field removed, or one added, where DRIFT_PATHS says. */
function bend(route: RouteName, answer: Json, drift: 'missing' | 'extra', echo: string): Json {
  const copy = structuredClone(answer);
  const target =
    route === 'workspace'
      ? drift === 'missing'
        ? copy.counts
        : copy
      : route === 'campaigns'
        ? copy.data[0]
        : route === 'campaign'
          ? drift === 'missing'
            ? copy.audiences[0]
            : copy.adsPlatform
          : copy;
  if (drift === 'missing') {
    const field = DRIFT_PATHS[route].missing.split('.').pop()!;
    delete target[field];
  } else target.debugAuth = echo;
  return copy;
}

/** Starts the upstream on 127.0.0.1, on a port of its own. */
export async function driftingUpstream(
  recording?: Recording,
  drifts: Partial<Record<RouteName, Drift>> = {},
): Promise<DriftingUpstream> {
  const rec = recording ?? (await recordContract());
  const seen: SeenRequest[] = [];
  let served = 0;
  const routeOf = (method: string, path: string): RouteName | 'notFound' | null => {
    if (method === 'GET' && path === '/api/v1/workspace') return 'workspace';
    if (method === 'GET' && path === '/api/v1/campaigns') return 'campaigns';
    if (method === 'POST' && path === '/api/v1/brands') return 'createBrand';
    const m = /^\/api\/v1\/campaigns\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) return m[1] === rec.campaignId ? 'campaign' : 'notFound';
    return null;
  };
  const upstream: DriftingUpstream = {
    base: '',
    recording: rec,
    seen,
    drifts,
    setCookies: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      seen.push({
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const path = url.split('?')[0]!;
      const route = routeOf(req.method ?? '', path);
      const asked = req.headers['x-drift'];
      const drift: Drift =
        typeof asked === 'string' && (DRIFTS as readonly string[]).includes(asked)
          ? (asked as Drift)
          : route && route !== 'notFound'
            ? (upstream.drifts[route] ?? 'none')
            : 'none';
      const send = (status: number, text: string, type = 'application/json') => {
        ++served;
        res.writeHead(status, {
          'content-type': type,
          ...(drift === 'no-request-id' ? {} : { 'x-request-id': `up_${served}` }),
          'x-upstream': 'drifting',
          // hop-by-hop for this message only: a proxy must not pass x-hop on
          connection: 'keep-alive, x-hop',
          'x-hop': 'yes',
          ...(upstream.setCookies.length ? { 'set-cookie': upstream.setCookies } : {}),
        });
        res.end(text);
      };
      if (drift === 'hang') return; // no answer until the server closes
      if (route === null)
        return send(
          404,
          JSON.stringify({
            error: { code: 'not_found', message: 'no such route', requestId: 'up_route' },
          }),
        );
      if (route === 'notFound' || drift === 'bad-error-shape') {
        if (drift !== 'bad-error-shape') return send(rec.notFound.status, rec.notFound.text);
        const body = JSON.parse(rec.notFound.text) as Json;
        body.error.code = 'campaign_not_found';
        return send(404, JSON.stringify(body));
      }
      const recorded = rec[route];
      const echo = String(req.headers.authorization ?? '');
      switch (drift) {
        case 'missing-field':
        case 'extra-field':
          return send(
            recorded.status,
            JSON.stringify(
              bend(
                route,
                JSON.parse(recorded.text) as Json,
                drift === 'missing-field' ? 'missing' : 'extra',
                echo,
              ),
            ),
          );
        case 'bad-format':
        case 'bad-id':
        case 'missing-enum': {
          const body = JSON.parse(recorded.text) as Json;
          const record = route === 'campaigns' ? body.data[0] : body;
          if (drift === 'bad-format') record.createdAt = 'yesterday';
          else if (drift === 'bad-id') record.id = 'campaign-1';
          else delete record.status;
          return send(recorded.status, JSON.stringify(body));
        }
        case 'wrong-status':
          return send(recorded.status === 201 ? 200 : 202, recorded.text);
        case 'huge': {
          const body = JSON.parse(recorded.text) as Json;
          body.padding = 'x'.repeat(1024 * 1024 + 10);
          return send(recorded.status, JSON.stringify(body));
        }
        default:
          return send(recorded.status, recorded.text, recorded.contentType);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return upstream;
}
