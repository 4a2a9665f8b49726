import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, errorBody } from '../lib/errors.ts';

/**
 * A 413 is answered before the body has been read, so the connection cannot carry another request
 * (the rest of the body would be read as one): the answer says `Connection: close`, and node closes
 * the socket once it is sent. A client then sends its next request on a new connection.
 */
export const CLOSE = { Connection: 'close' } as const;

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`;
}

/** Bodies of at most maxSize bytes (declared or streamed); larger ones get the 413 in the error shape. */
export function limitBody(
  maxSize: number,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(
        errorBody(
          'payload_too_large',
          `the request body is larger than ${formatBytes(maxSize)}`,
          c.get('requestId'),
        ),
        413,
        CLOSE,
      ),
  });
}

/** A file body (a snapshot upload), at most maxBytes; not empty. */
export async function readFileBody(c: Context, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  const tooBig = () =>
    new ApiError(
      413,
      'payload_too_large',
      `the file is larger than ${formatBytes(maxBytes)}`,
      CLOSE,
    );
  if (declared > maxBytes) throw tooBig();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.length > maxBytes) throw tooBig();
  if (bytes.length === 0)
    throw new ApiError(
      400,
      'invalid_request',
      'the body must be the file (an SQLite snapshot), not empty',
    );
  return bytes;
}
