/**
 * A small HTTP client for tests of stops and restarts under load (serve-drain.test.ts): node's own
 * http client on a keep-alive agent, saying of each request whether it was answered, refused before
 * it was sent (the port closed: safe to send again elsewhere), or cut after it may have been sent (a
 * reset: not safe to send again, as a client without idempotency could not know).
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export type Outcome =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; body: any }
  /** the connection was refused: nothing was sent */
  | { kind: 'refused' }
  /** the connection broke after the request went out (on a reused socket when `reused`) */
  | { kind: 'reset'; reused: boolean; code: string };

/** A keep-alive agent with one connection per server, as a client that reuses its connection. */
export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 });
}

/** One request to 127.0.0.1:port; never rejects (a network failure is an outcome). */
export function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
          ...(body !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
          ...opts.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({
            kind: 'answered',
            status: res.statusCode!,
            headers: res.headers,
            body: parsed,
          });
        });
        res.on('error', (e: NodeJS.ErrnoException) =>
          resolve({ kind: 'reset', reused: req.reusedSocket, code: e.code ?? e.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve(
        e.code === 'ECONNREFUSED'
          ? { kind: 'refused' }
          : { kind: 'reset', reused: req.reusedSocket, code: e.code ?? e.message },
      ),
    );
    req.end(body);
  });
}
