/**
 * The node HTTP server of `adcli serve`: @hono/node-server's, plus answers in the error shape for
 * what node's own HTTP parser refuses before the app ever sees a request (headers too large, a bad
 * method, a malformed header, a request that took too long). Node's default answer is a bare status
 * line with an empty body; a client of this API always gets the error JSON, and `Connection: close`,
 * since the connection cannot carry another request after a parse error.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Hono } from 'hono';
import { errorBody } from '../lib/errors.ts';
import { requestId } from '../lib/ids.ts';

/** Node's default limit on the size of request headers (--max-http-header-size). */
const MAX_HEADER_KB = 16;

interface ParseError extends Error {
  code?: string;
  reason?: string;
}

/** The status and the message of an error of node's HTTP parser. */
export function parserErrorAnswer(err: ParseError): { status: number; reason: string; message: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', message: `the request's headers are larger than ${MAX_HEADER_KB} KB` };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', message: 'the request did not arrive in time' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, reason: 'Bad Request', message: 'the request method is not an HTTP method (methods are upper case: GET, POST, PATCH, PUT, DELETE)' };
    case 'HPE_INVALID_HEADER_TOKEN':
      return { status: 400, reason: 'Bad Request', message: 'a request header has a name that is not allowed in HTTP' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, reason: 'Bad Request', message: 'the Content-Length header is not valid' };
    default: {
      const why = (err.reason ?? err.message ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
      return { status: 400, reason: 'Bad Request', message: `the request is not valid HTTP/1.1${why ? `: ${why}` : ''}` };
    }
  }
}

/**
 * Answers node's parser errors in the error shape (see above). A socket that is gone, or that has
 * already been answered, is only destroyed.
 */
export function answerParserErrors(server: Server): void {
  server.on('clientError', (err: ParseError, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, reason, message } = parserErrorAnswer(err);
    const rid = requestId();
    const body = JSON.stringify(errorBody('invalid_request', message, rid));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${rid}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * A request node parsed but @hono/node-server cannot turn into a URL (no Host header, a Host that is
 * no host name, a bad request target): a 400 in the error shape. Anything else failing this early
 * is a 500, also in the error shape.
 */
function requestError(err: unknown): Response {
  const rid = requestId();
  const bad = err instanceof Error && err.name === 'RequestError';
  const message = bad
    ? /host/i.test(err.message)
      ? 'the request needs a Host header naming this server (a host name or address, and a port)'
      : `the request's Host header or target is not valid (${err.message})`
    : `something went wrong on our side; quote request id ${rid} when asking for help`;
  return new Response(JSON.stringify(errorBody(bad ? 'invalid_request' : 'internal', message, rid)), {
    status: bad ? 400 : 500,
    headers: { 'content-type': 'application/json', 'x-request-id': rid, connection: 'close' },
  });
}

/** Starts the HTTP server of an app on host:port; resolves once it listens (rejects if it cannot). */
export async function listen(app: Hono<any>, host: string, port: number): Promise<{ server: Server; address: AddressInfo }> {
  // Node's own check of the Host header answers an empty 400; the listener's check answers in the
  // error shape (requestError).
  const listener = getRequestListener(app.fetch, { errorHandler: requestError });
  // The listener answers every failure itself (errorHandler): its promise never rejects.
  const server = createServer({ requireHostHeader: false }, (req, res) => void listener(req, res));
  answerParserErrors(server);
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as AddressInfo));
    server.once('error', reject);
    server.listen(port, host);
  });
  return { server, address };
}
