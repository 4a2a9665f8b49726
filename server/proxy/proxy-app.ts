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
import { isSessionCookieName } from '../web/session-cookie.ts';
import { checkExchange, isUncheckedRoute, type Violation } from './contract.ts';

/** The header an answer that breaks the contract carries: how many violations. */
export const VIOLATIONS_HEADER = 'Adcli-Contract-Violations';

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

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1), never passed on in either direction, with those a proxy
 * sets itself: Host (the upstream's own), Content-Length (of the body as sent), Expect.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'content-length', 'expect']);

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** An upstream request id worth keeping: an id, not free text. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The upstream base as a URL, or an error saying why it cannot be one: http(s), no credentials,
 * no query or fragment. For a `--proxy` flag to check before the server starts.
 */
export function parseUpstream(upstream: string): URL {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(
      `the upstream must be an absolute http(s) URL, such as https://ads.example.com/api/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`the upstream must be an http or https URL, not ${url.protocol.slice(0, -1)}`);
  if (url.username || url.password)
    throw new Error(
      'the upstream URL must not hold credentials: the requests carry their own Authorization',
    );
  if (url.search || url.hash)
    throw new Error('the upstream URL must be a base, without a query or a fragment');
  return url;
}

/** The Hono app of the proxy, for the caller to mount at `prefix` (`app.route('/api/v1', proxy)`). */
export function createProxyApp(opts: ProxyOptions): Hono {
  const base = parseUpstream(opts.upstream);
  const baseText = base.href.replace(/\/+$/, '');
  const host = base.host;
  const prefix = (opts.prefix ?? API_PREFIX).replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const maxBytes = opts.maxBodyBytes ?? MAX_BODY_BYTES;
  const { ops } = opts;

  const app = new Hono();
  app.all('*', async (c) => {
    const started = performance.now();
    const method = c.req.method;
    const pathAndQuery = pathAndQueryOf(c.req.url);
    const q = pathAndQuery.indexOf('?');
    const fullPath = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
    const query = q < 0 ? '' : pathAndQuery.slice(q + 1);
    const path = fullPath.startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
    const notes: string[] = [];
    const authorization = c.req.header('authorization');
    const secrets = authorization
      ? [authorization, authorization.replace(/^\S+\s+/, '')].filter(Boolean)
      : [];
    const unchecked = isUncheckedRoute(method, path);

    // the request body: read whole when within the bound (checked), else streamed on (unchecked)
    let sendBody: Uint8Array | ReadableStream<Uint8Array> | undefined;
    let bodyText: string | undefined | null;
    const raw = c.req.raw.body;
    if (raw && method !== 'GET' && method !== 'HEAD') {
      const read = await readUpTo(raw, maxBytes);
      if (read.rest) {
        sendBody = read.rest;
        bodyText = null;
        if (!unchecked)
          notes.push(`the request body is over ${maxBytes} bytes: passed on, not checked`);
      } else {
        sendBody = read.bytes;
        bodyText = read.bytes.length ? decodeText(read.bytes) : undefined;
      }
    }

    const headers = new Headers();
    const hop = connectionTokens(c.req.raw.headers);
    c.req.raw.headers.forEach((value, name) => {
      if (NOT_FORWARDED.has(name) || hop.has(name)) return;
      if (name === 'cookie') {
        // adcli's own page sessions are this host's, never the deployment's: they stay here
        const kept = withoutSessionCookies(value);
        if (kept) headers.append(name, kept);
        return;
      }
      headers.append(name, value);
    });
    // the body comes back as sent, so the client's encoding and the check's reading agree
    headers.set('accept-encoding', 'identity');

    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    const finish = (
      status: number,
      res: Response,
      upstream: ExchangeRecord['upstream'],
      violations: Violation[],
      requestId: string | null,
    ): Response => {
      if (violations.length) res.headers.set(VIOLATIONS_HEADER, String(violations.length));
      const record: ExchangeRecord = {
        method,
        path: pathAndQuery,
        status,
        durationMs: performance.now() - started,
        requestId,
        upstream,
        violations,
        notes,
      };
      try {
        opts.onExchange(record);
      } catch {
        // the caller's journal or log must not cost the client its answer
      }
      return res;
    };
    const own = (status: 502 | 504, message: string, requestViolations: Violation[]) => {
      const rid = newRequestId();
      const res = new Response(JSON.stringify(errorBody('unavailable', message, rid)), {
        status,
        headers: { 'content-type': 'application/json', 'x-request-id': rid },
      });
      return finish(
        status,
        res,
        status === 504 ? 'timeout' : 'unreachable',
        requestViolations,
        rid,
      );
    };
    const requestOnly = () =>
      unchecked
        ? []
        : checkExchange(ops, {
            method,
            path,
            query,
            body: bodyText,
            status: 0,
            contentType: null,
            responseText: null,
            secrets,
          }).filter((v) => v.where === 'request');

    let upstreamRes: Response;
    try {
      upstreamRes = await doFetch(baseText + path + (q < 0 ? '' : `?${query}`), {
        method,
        headers,
        body: sendBody,
        redirect: 'manual',
        signal: abort.signal,
        ...(sendBody instanceof ReadableStream ? { duplex: 'half' as const } : {}),
      } as RequestInit);
    } catch (e) {
      clearTimeout(timer);
      if (abort.signal.aborted)
        return own(
          504,
          `the upstream ${host} did not answer within ${seconds(timeoutMs)}`,
          requestOnly(),
        );
      return own(502, `the upstream ${host} cannot be reached${reasonOf(e)}`, requestOnly());
    }

    // the answer's body: read whole when within the bound (checked), else streamed on (unchecked)
    const status = upstreamRes.status;
    let answerBody: Uint8Array | ReadableStream<Uint8Array> | null = null;
    let responseText: string | null = null;
    if (upstreamRes.body && method !== 'HEAD' && !NULL_BODY.has(status)) {
      let read: Awaited<ReturnType<typeof readUpTo>>;
      try {
        read = await readUpTo(upstreamRes.body, maxBytes);
      } catch {
        clearTimeout(timer);
        return abort.signal.aborted
          ? own(
              504,
              `the upstream ${host} did not send its answer within ${seconds(timeoutMs)}`,
              requestOnly(),
            )
          : own(502, `the upstream ${host} broke off its answer`, requestOnly());
      }
      if (read.rest) {
        answerBody = read.rest;
        if (!unchecked)
          notes.push(`the answer's body is over ${maxBytes} bytes: passed on, not checked`);
      } else {
        answerBody = read.bytes;
        responseText = decodeText(read.bytes);
      }
    } else if (method !== 'HEAD') {
      responseText = '';
    }
    clearTimeout(timer);

    const violations = unchecked
      ? []
      : checkExchange(ops, {
          method,
          path,
          query,
          body: bodyText,
          status,
          contentType: upstreamRes.headers.get('content-type'),
          responseText,
          requestIdHeader: upstreamRes.headers.has('x-request-id'),
          secrets,
        });

    const out = new Headers();
    const tokens = connectionTokens(upstreamRes.headers);
    // fetch decodes a compressed body: its encoding and length no longer describe what is sent
    const decoded = !/^(identity)?$/i.test(upstreamRes.headers.get('content-encoding') ?? '');
    upstreamRes.headers.forEach((value, name) => {
      if (HOP_BY_HOP.has(name) || tokens.has(name)) return;
      if (decoded && (name === 'content-encoding' || name === 'content-length')) return;
      if (name === 'content-length' && answerBody instanceof ReadableStream) return;
      // set-cookie is copied below, one header each; a violations count is this proxy's own to give
      if (name === 'set-cookie' || name === VIOLATIONS_HEADER.toLowerCase()) return;
      out.append(name, value);
    });
    for (const cookie of upstreamRes.headers.getSetCookie()) {
      // the deployment may set its own cookies, never one of adcli's page sessions on this host
      if (!isSessionCookieName(cookieName(cookie))) out.append('set-cookie', cookie);
    }
    const rid = upstreamRes.headers.get('x-request-id');
    const res = new Response(answerBody as ConstructorParameters<typeof Response>[0], {
      status,
      statusText: upstreamRes.statusText,
      headers: out,
    });
    return finish(status, res, 'answered', violations, rid && REQUEST_ID.test(rid) ? rid : null);
  });
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

/** A pair's start in a Cookie header: after `;`, or after `,` where repeated headers were joined. */
const COOKIE_PAIRS = /;|,(?=\s*[\w!#$%&'*+.^`|~-]+=)/;

/**
 * A Cookie header without adcli's session cookies (`adcli_session_<port>`, of any adcli server on
 * this host), or '' when nothing else is left; a header that holds none is passed on as it came.
 */
function withoutSessionCookies(header: string): string {
  const pairs = header.split(COOKIE_PAIRS);
  const kept = pairs.filter((p) => !isSessionCookieName(cookieName(p)));
  if (kept.length === pairs.length) return header;
  return kept
    .map((p) => p.trim())
    .filter(Boolean)
    .join('; ');
}

/** The name of a cookie pair (`name=value`) or of a Set-Cookie value (`name=value; Path=/`). */
function cookieName(pair: string): string {
  const eq = pair.indexOf('=');
  return (eq < 0 ? pair : pair.slice(0, eq)).trim();
}

/** Header names a Connection header lists: hop-by-hop for this one message. */
function connectionTokens(headers: Headers): Set<string> {
  const value = headers.get('connection');
  if (!value) return new Set();
  return new Set(
    value
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The first `limit` bytes of a stream and more: the whole body when it holds at most `limit` bytes
 * (`rest` null), else a stream of all of it (what was read, then the rest) to pass on unread.
 */
async function readUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array; rest: ReadableStream<Uint8Array> | null }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      const head = chunks.slice();
      const rest = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          const next = head.shift();
          if (next) return controller.enqueue(next);
          const r = await reader.read();
          if (r.done) controller.close();
          else controller.enqueue(r.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { bytes: new Uint8Array(0), rest };
    }
  }
  if (chunks.length === 1) return { bytes: chunks[0]!, rest: null };
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, rest: null };
}

/** UTF-8 text; bytes that are not UTF-8 become U+FFFD (and so fail the check as text). */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Why a fetch failed, in a few words, from its cause's code: never its message (it may hold a URL). */
function reasonOf(err: unknown): string {
  const code = (err as { cause?: { code?: unknown } })?.cause?.code;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the name did not resolve',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'the connection closed',
    CERT_HAS_EXPIRED: 'its TLS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
    ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate names another host',
  };
  return typeof code === 'string' && reasons[code] ? ` (${reasons[code]})` : '';
}
