/**
 * HTTP/1.1 over raw sockets, where an HTTP client would hide what goes over the wire (a keep-alive
 * connection after an early answer, a body that stops halfway), against an app behind the real node
 * server of adcli serve (server/http/listen.ts). `serveApp` servers are closed by `closeServers()`
 * (call it in afterEach).
 */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { Hono } from 'hono';
import { listen, type ListenOptions } from '../../server/http/listen.ts';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

/** Parses one HTTP/1.1 response (Content-Length bodies) from the start of `raw`; the rest is left over. */
export function parseAnswer(raw: string): { answer: Answer; rest: string } | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const bodyStart = end + 4;
  if (raw.length < bodyStart + length) return null;
  const text = raw.slice(bodyStart, bodyStart + length);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return {
    answer: { status: Number(statusLine!.split(' ')[1]), headers, body, text },
    rest: raw.slice(bodyStart + length),
  };
}

export interface Exchange {
  answers: Answer[];
  /** the server ended the connection before `answers` had come */
  closedByServer: boolean;
  /** the connection was reset (ECONNRESET, EPIPE) rather than closed */
  reset: boolean;
}

/**
 * Sends `chunks` on one new connection (each after the answers so far) and collects the answers
 * until the server closes the connection or `answers` have come.
 */
export function exchange(
  port: number,
  chunks: (string | Buffer)[],
  answers = 1,
  timeoutMs = 10_000,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    const got: Answer[] = [];
    let closedByServer = false;
    let reset = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('connect', () => socket.write(chunks.shift()!));
    socket.on('data', (d: string) => {
      raw += d;
      for (let p = parseAnswer(raw); p; p = parseAnswer(raw)) {
        got.push(p.answer);
        raw = p.rest;
        if (got.length >= answers) socket.end();
        else if (chunks.length) socket.write(chunks.shift()!);
      }
    });
    socket.on('end', () => (closedByServer = got.length < answers || closedByServer));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNRESET' || e.code === 'EPIPE' ? (reset = true) : reject(e),
    );
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answers: got, closedByServer, reset });
    });
  });
}

/** A request's text: the request line, Host, the headers given, and the body (with its Content-Length). */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): string | Buffer {
  const all = {
    Host: '127.0.0.1',
    ...headers,
    ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}),
  };
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  if (body === undefined) return head;
  return typeof body === 'string'
    ? head + body
    : Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

const servers: Server[] = [];

/** The app behind adcli serve's node server on a free port of 127.0.0.1; answers the port. */
export async function serveApp(app: Hono<any>, opts: ListenOptions = {}): Promise<number> {
  return (await serveAppServer(app, opts)).port;
}

/** serveApp, with the node server too (to watch its events, such as 'request'). */
export async function serveAppServer(
  app: Hono<any>,
  opts: ListenOptions = {},
): Promise<{ port: number; server: Server }> {
  const { server, address } = await listen(app, '127.0.0.1', 0, opts);
  servers.push(server);
  return { port: address.port, server };
}

/** Closes every server serveApp started, and their connections. */
export async function closeServers(): Promise<void> {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
}
