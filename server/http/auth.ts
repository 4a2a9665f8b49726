import type { Context } from 'hono';
import { ApiError, bearerChallenge } from '../lib/errors.ts';

type Incoming = { headers: Record<string, string | string[] | undefined>; rawHeaders: string[] };

/**
 * The request's Authorization header, the same rule on every route (/api/v1, /mcp, /_adcli/v1): more
 * than one is a 400 (RFC 6750: one way of sending one token), never "the first one wins". Under
 * @hono/node-server it is read from node's own request, which keeps only the first of repeated
 * Authorization headers, so they are counted in its raw headers; elsewhere (the in-process app)
 * repeated headers arrive joined by commas, which no API key holds. A control character in it is a
 * 400 as well (malformedAuthorization).
 */
export function authorizationOf(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: Incoming } | undefined)?.incoming;
  let value: string | undefined;
  if (incoming) {
    const raw = incoming.rawHeaders;
    let n = 0;
    for (let i = 0; i < raw.length; i += 2)
      if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === 'authorization') n++;
    if (n > 1) throw repeated();
    value = incoming.headers.authorization as string | undefined;
  } else {
    value = c.req.header('authorization');
    if (value !== undefined && value.includes(',')) throw repeated();
  }
  if (value !== undefined && CONTROL.test(value)) throw malformedAuthorization();
  return value;
}

/** A control character (a tab aside, which HTTP allows between words): no API key holds one. */
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * An Authorization header holding a control character (a NUL, say): a 400 saying so, never quoting
 * the value. Node's parser refuses one before the app sees it; listen.ts answers it with this too.
 */
export function malformedAuthorization(): ApiError {
  return new ApiError(
    400,
    'invalid_request',
    'the Authorization header holds a control character, which no API key has; send Authorization: Bearer <key>',
    { 'WWW-Authenticate': bearerChallenge('invalid_request') },
  );
}

function repeated(): ApiError {
  return new ApiError(
    400,
    'invalid_request',
    'send one Authorization header with one API key, not several',
    {
      'WWW-Authenticate': bearerChallenge('invalid_request'),
    },
  );
}
