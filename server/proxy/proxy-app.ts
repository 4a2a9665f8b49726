/**
 * `adcli serve --proxy URL` (Prism's proxy mode): every request under the API prefix is sent on to a
 * real deployment, and its answer comes back unchanged (status, headers but the hop-by-hop ones,
 * body), while each exchange is held against the operation table (contract.ts). An answer that
 * breaks the contract, or answers a request that does, carries `Adcli-Contract-Violations: N`;
 * `onExchange` hears of every exchange (never a header value, so never the key) for the caller to
 * journal and log. Cookies pass both ways, except adcli's own page sessions (`adcli_session_*`, of
 * any adcli server on this host): never sent upstream, and a Set-Cookie of that name never comes back.
 *
 * Bounds: a request or answer body is read for the check up to `maxBodyBytes` (1 MB, the API's
 * MAX_BODY_BYTES). A bigger one is still passed on whole, streamed, and is not checked: the record
 * says so in `notes`, which are no violations. The upstream has `timeoutMs` (30 s) to answer and to
 * send the part of its body that is checked: then 504; one that cannot be reached is 502. Both are
 * the proxy's own answers, in the error shape with code `unavailable`, naming the upstream's host
 * only, and are no violation of the upstream's.
 */
import { Hono, type Context } from 'hono';
import { MAX_BODY_BYTES } from '../http/app.ts';
import { errorBody } from '../lib/errors.ts';
import { requestId as newRequestId } from '../lib/ids.ts';
import { API_PREFIX, type Operation } from '../operations/operation.ts';
import { decodeText, readUpTo } from './bounded-body.ts';
import { checkExchange, isUncheckedRoute, type Violation } from './contract.ts';
import { answerHeaders, upstreamRequestHeaders, VIOLATIONS_HEADER } from './forwarded-headers.ts';
import { parseUpstream, reasonOf, seconds } from './upstream.ts';

export { VIOLATIONS_HEADER } from './forwarded-headers.ts';
export { parseUpstream } from './upstream.ts';

/** Seconds the upstream has to answer (and to send what is checked of its body). */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/** What the caller hears of each exchange: what the journal keeps of a request, and the check's result. */
export interface ExchangeRecord {
  method: string;
  /** the path and query as requested, under the host (as the request journal keeps them); never a header */
  path: string;
  /** the status answered: the upstream's, or the proxy's own 502/504 */
  status: number;
  durationMs: number;
  /** the upstream's `x-request-id` (an id, kept only when it looks like one), or the proxy's own for its 502/504 */
  requestId: string | null;
  /** `answered`: the upstream answered; else the proxy answered for it */
  upstream: 'answered' | 'timeout' | 'unreachable';
  violations: Violation[];
  /** what was not checked and why (a body over the bound); never a violation */
  notes: string[];
}

export interface ProxyOptions {
  /**
   * The deployment's base URL, up to and including its own API prefix if it has one
   * (`https://ads.example.com/api/v1`): the path after the API prefix is appended to it.
   */
  upstream: string;
  /** the operation table the exchanges are held against */
  ops: readonly Operation[];
  /** where the caller mounts the app (default /api/v1): what is cut from a path before it is sent on */
  prefix?: string;
  /** default: the global fetch */
  fetch?: typeof fetch;
  /** told of every exchange, after its answer is ready; an error it throws is ignored */
  onExchange(record: ExchangeRecord): void;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** An upstream request id worth keeping: an id, not free text. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The options as the route uses them, with their defaults. */
interface Upstream {
  /** the base URL without its trailing slashes */
  baseText: string;
  host: string;
  prefix: string;
  doFetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  ops: readonly Operation[];
  onExchange: ProxyOptions['onExchange'];
}

/** A client's request as the proxy reads it: where it goes, what it carries, what the check needs. */
interface ClientRequest {
  started: number;
  method: string;
  /** as requested, under the host: what the record keeps */
  pathAndQuery: string;
  /** the path after the prefix: what is appended to the upstream base and checked */
  path: string;
  query: string;
  /** `?` and the query, or '' when the request had none */
  search: string;
  /** the Authorization header's value and its credentials: what no answer may echo */
  secrets: string[];
  /** a route the contract does not cover: passed on, not checked */
  unchecked: boolean;
  /** what was not checked and why, filled in as the exchange goes */
  notes: string[];
  headers: Headers;
  sendBody: Uint8Array | ReadableStream<Uint8Array> | undefined;
  /** the body as text; undefined for none, null when over the bound (not read) */
  bodyText: string | undefined | null;
}

/** The answer's body as passed back, and its text for the check (null when not read). */
interface AnswerBody {
  body: Uint8Array | ReadableStream<Uint8Array> | null;
  text: string | null;
}

/** The Hono app of the proxy, for the caller to mount at `prefix` (`app.route('/api/v1', proxy)`). */
export function createProxyApp(opts: ProxyOptions): Hono {
  const upstream = upstreamOf(opts);
  const app = new Hono();
  app.all('*', async (c) => forward(upstream, await readClientRequest(c, upstream)));
  app.onError((_err, c: Context) => {
    const rid = newRequestId();
    return c.json(
      errorBody('internal', `the proxy failed on this request; quote request id ${rid}`, rid),
      500,
      { 'x-request-id': rid },
    );
  });
  return app;
}

function upstreamOf(opts: ProxyOptions): Upstream {
  const base = parseUpstream(opts.upstream);
  return {
    baseText: base.href.replace(/\/+$/, ''),
    host: base.host,
    prefix: (opts.prefix ?? API_PREFIX).replace(/\/+$/, ''),
    doFetch: opts.fetch ?? fetch,
    timeoutMs: opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
    maxBytes: opts.maxBodyBytes ?? MAX_BODY_BYTES,
    ops: opts.ops,
    onExchange: (record) => opts.onExchange(record),
  };
}

/** The request's target and headers, and its body: read whole within the bound (checked), else streamed on. */
async function readClientRequest(c: Context, u: Upstream): Promise<ClientRequest> {
  const started = performance.now();
  const method = c.req.method;
  const pathAndQuery = pathAndQueryOf(c.req.url);
  const q = pathAndQuery.indexOf('?');
  const fullPath = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q < 0 ? '' : pathAndQuery.slice(q + 1);
  const path = fullPath.startsWith(u.prefix) ? fullPath.slice(u.prefix.length) : fullPath;
  const notes: string[] = [];
  const authorization = c.req.header('authorization');
  const secrets = authorization
    ? [authorization, authorization.replace(/^\S+\s+/, '')].filter(Boolean)
    : [];
  const unchecked = isUncheckedRoute(method, path);

  let sendBody: ClientRequest['sendBody'];
  let bodyText: ClientRequest['bodyText'];
  const raw = c.req.raw.body;
  if (raw && method !== 'GET' && method !== 'HEAD') {
    const read = await readUpTo(raw, u.maxBytes);
    if (read.rest) {
      sendBody = read.rest;
      bodyText = null;
      if (!unchecked)
        notes.push(`the request body is over ${u.maxBytes} bytes: passed on, not checked`);
    } else {
      sendBody = read.bytes;
      bodyText = read.bytes.length ? decodeText(read.bytes) : undefined;
    }
  }
  const headers = upstreamRequestHeaders(c.req.raw.headers);
  const search = q < 0 ? '' : `?${query}`;
  return {
    started,
    method,
    pathAndQuery,
    path,
    query,
    search,
    secrets,
    unchecked,
    notes,
    headers,
    sendBody,
    bodyText,
  };
}

/** Sends the request on and passes the answer back, or answers 504/502 for an upstream that fails. */
async function forward(u: Upstream, req: ClientRequest): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), u.timeoutMs);
  let upstreamRes: Response;
  try {
    upstreamRes = await u.doFetch(u.baseText + req.path + req.search, {
      method: req.method,
      headers: req.headers,
      body: req.sendBody,
      redirect: 'manual',
      signal: abort.signal,
      ...(req.sendBody instanceof ReadableStream ? { duplex: 'half' as const } : {}),
    } as RequestInit);
  } catch (e) {
    clearTimeout(timer);
    if (abort.signal.aborted)
      return ownAnswer(
        u,
        req,
        504,
        `the upstream ${u.host} did not answer within ${seconds(u.timeoutMs)}`,
      );
    return ownAnswer(u, req, 502, `the upstream ${u.host} cannot be reached${reasonOf(e)}`);
  }
  let answer: AnswerBody;
  try {
    answer = await readAnswerBody(upstreamRes, req, u.maxBytes);
  } catch {
    clearTimeout(timer);
    return abort.signal.aborted
      ? ownAnswer(
          u,
          req,
          504,
          `the upstream ${u.host} did not send its answer within ${seconds(u.timeoutMs)}`,
        )
      : ownAnswer(u, req, 502, `the upstream ${u.host} broke off its answer`);
  }
  clearTimeout(timer);
  return passBack(u, req, upstreamRes, answer);
}

/** The answer's body: read whole when within the bound (checked), else streamed on (unchecked). */
async function readAnswerBody(
  res: Response,
  req: ClientRequest,
  maxBytes: number,
): Promise<AnswerBody> {
  if (res.body && req.method !== 'HEAD' && !NULL_BODY.has(res.status)) {
    const read = await readUpTo(res.body, maxBytes);
    if (read.rest) {
      if (!req.unchecked)
        req.notes.push(`the answer's body is over ${maxBytes} bytes: passed on, not checked`);
      return { body: read.rest, text: null };
    }
    return { body: read.bytes, text: decodeText(read.bytes) };
  }
  return { body: null, text: req.method !== 'HEAD' ? '' : null };
}

/** What the contract check reads of the client's request, and the secrets its report must not show. */
const requestSide = (req: ClientRequest) => ({
  method: req.method,
  path: req.path,
  query: req.query,
  body: req.bodyText,
  secrets: req.secrets,
});

/** The upstream's answer, checked against the contract, as the client gets it. */
function passBack(
  u: Upstream,
  req: ClientRequest,
  upstreamRes: Response,
  answer: AnswerBody,
): Response {
  const status = upstreamRes.status;
  const violations = req.unchecked
    ? []
    : checkExchange(u.ops, {
        ...requestSide(req),
        status,
        contentType: upstreamRes.headers.get('content-type'),
        responseText: answer.text,
        requestIdHeader: upstreamRes.headers.has('x-request-id'),
      });
  const headers = answerHeaders(upstreamRes.headers, answer.body instanceof ReadableStream);
  const rid = upstreamRes.headers.get('x-request-id');
  const res = new Response(answer.body as ConstructorParameters<typeof Response>[0], {
    status,
    statusText: upstreamRes.statusText,
    headers,
  });
  return report(
    u,
    req,
    status,
    res,
    'answered',
    violations,
    rid && REQUEST_ID.test(rid) ? rid : null,
  );
}

/** The proxy's own 502/504, in the error shape; only the request's side of the contract is checked. */
function ownAnswer(u: Upstream, req: ClientRequest, status: 502 | 504, message: string): Response {
  const requestViolations = req.unchecked
    ? []
    : checkExchange(u.ops, {
        ...requestSide(req),
        status: 0,
        contentType: null,
        responseText: null,
      }).filter((v) => v.where === 'request');
  const rid = newRequestId();
  const res = new Response(JSON.stringify(errorBody('unavailable', message, rid)), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': rid },
  });
  return report(
    u,
    req,
    status,
    res,
    status === 504 ? 'timeout' : 'unreachable',
    requestViolations,
    rid,
  );
}

/** Marks an answer that breaks the contract and tells the caller of the exchange. */
function report(
  u: Upstream,
  req: ClientRequest,
  status: number,
  res: Response,
  upstream: ExchangeRecord['upstream'],
  violations: Violation[],
  requestId: string | null,
): Response {
  if (violations.length) res.headers.set(VIOLATIONS_HEADER, String(violations.length));
  const record: ExchangeRecord = {
    method: req.method,
    path: req.pathAndQuery,
    status,
    durationMs: performance.now() - req.started,
    requestId,
    upstream,
    violations,
    notes: req.notes,
  };
  try {
    u.onExchange(record);
  } catch {
    // the caller's journal or log must not cost the client its answer
  }
  return res;
}

/**
 * One line for the server's log (stderr) when an exchange broke the contract or was not checked
 * whole; null when there is nothing to say. Field paths and messages only, never a header value; the
 * path without its query. The caller's logger escapes control characters (lib/log.ts).
 */
export function describeExchange(record: ExchangeRecord): string | null {
  if (!record.violations.length && !record.notes.length) return null;
  const q = record.path.indexOf('?');
  const path = q < 0 ? record.path : record.path.slice(0, q);
  const head = `contract: ${record.method} ${path} → ${record.status}`;
  const parts = record.violations.map((v) => `${v.where} ${v.path}: ${v.message}`);
  const n = record.violations.length;
  return [
    n ? `${head}: ${n} violation${n === 1 ? '' : 's'}: ${parts.join('; ')}` : head,
    ...record.notes.map((note) => `(${note})`),
  ].join(' ');
}

/** The path and query of a URL under its host, as sent. */
function pathAndQueryOf(url: string): string {
  const i = url.indexOf('/', url.indexOf('//') + 2);
  return i < 0 ? '/' : url.slice(i);
}
