/**
 * The node HTTP server of `adcli serve`: @hono/node-server's, plus answers in the error shape for
 * what node's own HTTP parser refuses before the app ever sees a request (headers too large, a bad
 * method, a malformed header, a request that took too long). Node's default answer is a bare status
 * line with an empty body; a client of this API always gets the error JSON, and `Connection: close`,
 * since the connection cannot carry another request after a parse error. A CONNECT, which node keeps
 * from the app, is answered the same way (a 405: answerConnect). Request bodies are watched here too
 * (guardBody): one that stops arriving is a 408 in seconds, and an answer sent before the body was
 * read leaves the connection usable, or says it is not.
 */
import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Hono } from 'hono';
import { ApiError, errorBody, type ErrorCode } from '../lib/errors.ts';
import { requestId } from '../lib/ids.ts';
import { malformedAuthorization } from './auth.ts';
import { CLOSE } from './body-limit.ts';

/** Seconds a request body may stop arriving (no byte at all) before it is answered 408. */
export const BODY_TIMEOUT_S = 30;

/**
 * The unread rest of a body answered early (a 401 before the body was read) is read and dropped
 * when it declares at most this many bytes, so the connection can carry the client's next request.
 * A larger body, or one of unknown length (chunked), gets `Connection: close` instead.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;

/**
 * How long a connection closed after an early answer goes on reading what the client still sends.
 * Closing a socket with unread data resets the connection, and a client can lose the answer to it.
 */
const LINGER_MS = 2_000;

/** Node's default limit on the size of request headers (--max-http-header-size). */
const MAX_HEADER_KB = 16;

interface ParseError extends Error {
  code?: string;
  reason?: string;
  /** the bytes the parser was given when it stopped, and where in them it stopped */
  rawPacket?: Buffer;
  bytesParsed?: number;
}

/** A header name: an HTTP token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;

/**
 * The name of the header whose value the parser stopped in (at `bytesParsed` of `rawPacket`), or null
 * when the line is not in this packet. Only the name, a token, is ever said: never the value.
 */
function headerAt(err: ParseError): string | null {
  const raw = err.rawPacket;
  const at = err.bytesParsed;
  if (!Buffer.isBuffer(raw) || typeof at !== 'number' || at <= 0 || at > raw.length) return null;
  const start = raw.lastIndexOf(0x0a, at - 1) + 1;
  const colon = raw.indexOf(0x3a, start);
  if (start === 0 || colon < 0 || colon >= at) return null;
  const name = raw.toString('latin1', start, colon);
  return TOKEN.test(name) ? name : null;
}

/** The status and the message of an error of node's HTTP parser (and headers to send with them). */
export function parserErrorAnswer(err: ParseError): {
  status: number;
  reason: string;
  message: string;
  headers?: Record<string, string>;
} {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        message: `the request's headers are larger than ${MAX_HEADER_KB} KB`,
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        message: 'the request did not arrive in time',
      };
    case 'HPE_INVALID_METHOD':
      return {
        status: 400,
        reason: 'Bad Request',
        message:
          'the request method is not an HTTP method (methods are upper case: GET, POST, PATCH, PUT, DELETE)',
      };
    case 'HPE_INVALID_HEADER_TOKEN': {
      // node's parser says the same code for a bad name and for a control character in a value
      if (!/value/i.test(err.reason ?? ''))
        return {
          status: 400,
          reason: 'Bad Request',
          message: 'a request header has a name that is not allowed in HTTP',
        };
      const name = headerAt(err);
      if (name?.toLowerCase() === 'authorization') {
        const { message, headers } = malformedAuthorization();
        return { status: 400, reason: 'Bad Request', message, headers };
      }
      return {
        status: 400,
        reason: 'Bad Request',
        message: `${name ? `the ${name} header` : "a request header's value"} holds a control character, which HTTP does not allow there`,
      };
    }
    case 'HPE_PAUSED_H2_UPGRADE':
      // node stops at HTTP/2's connection preface (`PRI * HTTP/2.0`), which it does not speak
      return {
        status: 400,
        reason: 'Bad Request',
        message: 'HTTP/2 is not served here: send the request over HTTP/1.1',
      };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return {
        status: 400,
        reason: 'Bad Request',
        message: 'the Content-Length header is not valid',
      };
    default: {
      const why = (err.reason ?? err.message ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
      return {
        status: 400,
        reason: 'Bad Request',
        message: `the request is not valid HTTP/1.1${why ? `: ${why}` : ''}`,
      };
    }
  }
}

/**
 * Answers node's parser errors in the error shape (see above). A socket that is gone, or that has
 * already been answered, is only destroyed.
 */
export function answerParserErrors(server: Server): void {
  server.on('clientError', (err: ParseError, socket: Socket) => {
    if (
      err.code === 'ECONNRESET' ||
      !socket.writable ||
      (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent
    ) {
      socket.destroy();
      return;
    }
    const { status, reason, message, headers } = parserErrorAnswer(err);
    socket.end(rawAnswer(status, reason, 'invalid_request', message, headers));
  });
}

/** The methods the app's routes answer, as a 405 to CONNECT lists them. */
const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * CONNECT (a request for a tunnel) never reaches the app: node hands it to the server's 'connect'
 * listeners, and without one destroys the socket unanswered. This server is no proxy: a 405 in the
 * error shape, `Connection: close`, and the socket closed once what the client still sends has been
 * read for a moment.
 */
export function answerConnect(server: Server): void {
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    // the socket is the listener's now: an error on it must not reach the process
    socket.on('error', () => socket.destroy());
    if (!socket.writable) return void socket.destroy();
    socket.end(
      rawAnswer(
        405,
        'Method Not Allowed',
        'method_not_allowed',
        `${req.method} is not allowed here: adcli serve is an HTTP API, not a proxy; send the request itself (${SERVED_METHODS}) to this server`,
        { Allow: SERVED_METHODS },
      ),
    );
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** An answer in the error shape, written on a socket the app never saw, closing the connection. */
function rawAnswer(
  status: number,
  reason: string,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): string {
  const rid = requestId();
  const body = JSON.stringify(errorBody(code, message, rid));
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `x-request-id: ${rid}\r\n${extra}Connection: close\r\n\r\n${body}`
  );
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
  return new Response(
    JSON.stringify(errorBody(bad ? 'invalid_request' : 'internal', message, rid)),
    {
      status: bad ? 400 : 500,
      headers: { 'content-type': 'application/json', 'x-request-id': rid, connection: 'close' },
    },
  );
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Watches a request's body: a body that stops arriving for timeoutMs fails the app's read of it with
 * a 408 (answered in the error shape, `Connection: close`); an answer sent before the body was read
 * keeps the connection usable (the rest is drained) or says `Connection: close` (see DRAIN_MAX_BYTES).
 */
function guardBody(req: IncomingMessage, res: ServerResponse, timeoutMs: number): void {
  const socket = req.socket;
  socket.setTimeout(timeoutMs);
  // Node emits 'timeout' on the pending response when its socket idles; with a listener it leaves
  // the socket to us instead of destroying it unanswered.
  res.on('timeout', () => {
    if (req.complete)
      socket.setTimeout(0); // the whole body is here: the app takes its time
    else stalled(req, res, timeoutMs);
  });
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) answeredEarly(req, res);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** The body stopped arriving: the app's read of it fails with the 408 it answers. */
function stalled(req: IncomingMessage, res: ServerResponse, timeoutMs: number): void {
  // Answered already (the rest was being drained), or the app is not reading the body: nothing to say.
  if (res.headersSent || req.listenerCount('error') === 0) {
    req.socket.destroy();
    return;
  }
  const seconds = Math.round(timeoutMs / 100) / 10;
  req.emit(
    'error',
    new ApiError(
      408,
      'invalid_request',
      `the request body stopped arriving: nothing came for ${seconds} s; send the whole body without pausing`,
      CLOSE,
    ),
  );
  discard(req);
}

/** The app answers before the body was read: keep the connection by draining a bounded rest, else close it. */
function answeredEarly(req: IncomingMessage, res: ServerResponse): void {
  // Node destroys the socket once an answer with `Connection: close` (this one's, or the app's own)
  // is sent: it is half-closed instead, and what the client still sends is read and dropped for a
  // moment, so the answer is not lost to a reset.
  const socket = req.socket;
  socket.destroySoon = () => {
    closing.add(socket);
    socket.end();
    discard(req);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  if (Number(req.headers['content-length']) <= DRAIN_MAX_BYTES)
    res.once('finish', () => discard(req));
  else res.setHeader('Connection', 'close');
}

/** Connections answered `Connection: close` and lingering: a request that still comes on one is not served. */
const closing = new WeakSet<Socket>();

/** Reads and drops the rest of a body nobody reads any more. */
function discard(req: IncomingMessage): void {
  // The app's body stream would pause the request again at each chunk nobody takes from it.
  req.removeAllListeners('data');
  req.on('data', () => {});
  req.resume();
}

export interface ListenOptions {
  /** default BODY_TIMEOUT_S; for tests */
  bodyTimeoutMs?: number;
  /**
   * Asked of every request but the probes (/livez, /readyz): a message to refuse it with (a 503 in
   * the error shape, `unavailable`), or null to serve it. A replica out of date refuses everything.
   */
  refuse?: () => string | null;
  /** told of each answer sent in full: the request, its answer, and the seconds it took */
  answered?: (req: IncomingMessage, res: ServerResponse, seconds: number) => void;
}

export interface Listening {
  server: Server;
  address: AddressInfo;
  /**
   * Ends keep-alive for a stop: each answer from now on, those under way included, says
   * `Connection: close`, and the connection closes once it is sent; idle connections are closed as
   * the listener stops accepting (`server.close()`) and whenever one becomes idle after that.
   */
  endKeepAlive(): void;
}

const PROBES = new Set(['/livez', '/readyz']);

/**
 * Starts the HTTP server of an app on host:port; resolves once it listens (rejects if it cannot).
 */
export async function listen(
  app: Hono<any>,
  host: string,
  port: number,
  opts: ListenOptions = {},
): Promise<Listening> {
  const bodyTimeoutMs = opts.bodyTimeoutMs ?? BODY_TIMEOUT_S * 1000;
  const { refuse, answered } = opts;
  // Node's own check of the Host header answers an empty 400; the listener's check answers in the
  // error shape (requestError). Bodies are cleaned up here (guardBody), not by the listener, whose
  // cleanup closes a connection whose rest of a body takes over half a second to arrive.
  const listener = getRequestListener(app.fetch, {
    errorHandler: requestError,
    autoCleanupIncoming: false,
  });
  /** the answers under way, for endKeepAlive */
  const underWay = new Set<ServerResponse>();
  let keepAlive = true;
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    if (closing.has(req.socket)) return void req.socket.destroy();
    underWay.add(res);
    res.once('close', () => {
      underWay.delete(res);
      // once the listener is closed, a connection that falls idle goes (it would wait for its timeout)
      if (!keepAlive && !server.listening) setImmediate(() => server.closeIdleConnections());
    });
    if (!keepAlive) res.setHeader('Connection', 'close');
    if (answered) {
      const began = performance.now();
      res.once('finish', () => answered(req, res, (performance.now() - began) / 1000));
    }
    const refusal = refuse?.();
    if (refusal !== null && refusal !== undefined && !PROBES.has(pathOf(req.url))) {
      refused(req, res, refusal);
      return;
    }
    if (hasBody(req)) guardBody(req, res, bodyTimeoutMs);
    void listener(req, res);
  });
  answerParserErrors(server);
  answerConnect(server);
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('listening', () => resolve(server.address() as AddressInfo));
    server.once('error', reject);
    server.listen(port, host);
  });
  return {
    server,
    address,
    endKeepAlive() {
      keepAlive = false;
      for (const res of underWay) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  };
}

/** The path of a request target, without its query. */
function pathOf(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

/** A 503 in the error shape, without the app: this process serves nothing but its probes. */
function refused(req: IncomingMessage, res: ServerResponse, message: string): void {
  const rid = requestId();
  const body = JSON.stringify(errorBody('unavailable', message, rid));
  // a body nobody reads must not keep the connection: it is dropped with it
  if (hasBody(req)) res.setHeader('Connection', 'close');
  res.writeHead(503, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': '1',
    'x-request-id': rid,
  });
  res.end(body);
}
