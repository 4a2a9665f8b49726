/**
 * The headers the proxy passes on, both ways: never the hop-by-hop ones, and never adcli's own page
 * sessions (`adcli_session_*`, of any adcli server on this host), neither sent upstream nor set back.
 */
import { isSessionCookieName } from '../web/session-cookie.ts';

/** The header an answer that breaks the contract carries: how many violations. */
export const VIOLATIONS_HEADER = 'Adcli-Contract-Violations';

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

/** The client's request headers as sent upstream. */
export function upstreamRequestHeaders(incoming: Headers): Headers {
  const headers = new Headers();
  const hop = connectionTokens(incoming);
  incoming.forEach((value, name) => {
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
  return headers;
}

/** The upstream's answer headers as passed back; `streamed` when the body goes on unread. */
export function answerHeaders(upstream: Headers, streamed: boolean): Headers {
  const out = new Headers();
  const tokens = connectionTokens(upstream);
  // fetch decodes a compressed body: its encoding and length no longer describe what is sent
  const decoded = !/^(identity)?$/i.test(upstream.get('content-encoding') ?? '');
  upstream.forEach((value, name) => {
    if (HOP_BY_HOP.has(name) || tokens.has(name)) return;
    if (decoded && (name === 'content-encoding' || name === 'content-length')) return;
    if (name === 'content-length' && streamed) return;
    // set-cookie is copied below, one header each; a violations count is this proxy's own to give
    if (name === 'set-cookie' || name === VIOLATIONS_HEADER.toLowerCase()) return;
    out.append(name, value);
  });
  for (const cookie of upstream.getSetCookie()) {
    // the deployment may set its own cookies, never one of adcli's page sessions on this host
    if (!isSessionCookieName(cookieName(cookie))) out.append('set-cookie', cookie);
  }
  return out;
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
