/**
 * Requests over Node's own http and https modules: the transport when no proxy is configured, which
 * is nearly always. They load in a few milliseconds, where undici's agent (with its HTTP parser
 * compiled from WebAssembly) costs a command about 25 ms before its first byte; undici stays for
 * HTTPS_PROXY/HTTP_PROXY (transport.ts), which Node's modules do not honour.
 *
 * The same timeouts as undici's path (TIMEOUTS): connecting, waiting for the answer's headers, and
 * silence while its body arrives each fail as `ETIMEDOUT`, which the client retries like a dropped
 * connection. Connections are kept alive for the run (a --wait polls on one) and closed by close().
 */
import type { Agent as HttpAgent, IncomingMessage } from 'node:http';
import { TIMEOUTS, type BytesRequest, type HttpRequest, type Transport } from './transport.ts';

// process.getBuiltinModule, not import(): an ESM import of node:http reads every export, and its
// lazy WebSocket getter loads Node's bundled undici (~25 ms); node:https (and TLS) only for https URLs.
const http = () => process.getBuiltinModule('node:http');
const https = () => process.getBuiltinModule('node:https');

export function nodeHttpTransport(): Transport {
  const agents = new Map<string, HttpAgent>();
  const agentFor = (protocol: string): HttpAgent | undefined => {
    if (protocol !== 'http:' && protocol !== 'https:') return undefined;
    let agent = agents.get(protocol);
    if (!agent) {
      agent =
        protocol === 'https:'
          ? new (https().Agent)({ keepAlive: true })
          : new (http().Agent)({ keepAlive: true });
      agents.set(protocol, agent);
    }
    return agent;
  };

  const exchange = (req: HttpRequest | BytesRequest) =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        const url = new URL(req.url);
        const agent = agentFor(url.protocol);
        if (!agent) {
          reject(new Error(`cannot send a request to ${url.protocol} URLs`));
          return;
        }
        const body = req.body === undefined ? undefined : Buffer.from(req.body);
        const headers = { ...req.headers };
        if (body) headers['content-length'] = String(body.byteLength);
        const send = url.protocol === 'https:' ? https().request : http().request;
        const out = send(url, {
          method: req.method,
          headers,
          agent,
          ...(req.signal ? { signal: req.signal } : {}),
        });
        const fail = (code: string, message: string) =>
          out.destroy(Object.assign(new Error(message), { code }));
        let headersTimer: NodeJS.Timeout | undefined;
        let answered = false;
        // a request ended (answered, failed or aborted) leaves no timer behind (adcli mcp lives on)
        out.on('close', () => clearTimeout(headersTimer));
        out.on('socket', (socket) => {
          if (!socket.connecting) return;
          const connectTimer = setTimeout(
            () => fail('ETIMEDOUT', `no connection within ${TIMEOUTS.connectMs / 1000} s`),
            TIMEOUTS.connectMs,
          );
          socket.once('connect', () => clearTimeout(connectTimer));
          socket.once('close', () => clearTimeout(connectTimer));
        });
        out.on('finish', () => {
          // an answer may come before the body has gone (an early 401 or 413)
          if (answered) return;
          headersTimer = setTimeout(
            () => fail('ETIMEDOUT', `no answer within ${TIMEOUTS.headersMs / 1000} s`),
            TIMEOUTS.headersMs,
          );
        });
        out.on('error', (e) => {
          clearTimeout(headersTimer);
          reject(e);
        });
        out.on('response', (res: IncomingMessage) => {
          answered = true;
          clearTimeout(headersTimer);
          res.setTimeout(TIMEOUTS.bodyMs, () =>
            res.destroy(
              Object.assign(new Error(`the answer stalled for ${TIMEOUTS.bodyMs / 1000} s`), {
                code: 'ETIMEDOUT',
              }),
            ),
          );
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          // a body cut short (the connection closed mid-answer) is an error, not a short answer
          res.on('close', () => {
            if (!res.complete)
              reject(
                Object.assign(new Error('the connection closed mid-answer'), {
                  code: 'ECONNRESET',
                }),
              );
          });
          res.on('end', () => {
            const flat: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
            resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
          });
        });
        out.end(body);
      },
    );

  return {
    async send(req) {
      const res = await exchange(req);
      return { status: res.status, headers: res.headers, text: res.body.toString('utf8') };
    },
    async sendBytes(req) {
      const res = await exchange(req);
      return { status: res.status, headers: res.headers, bytes: new Uint8Array(res.body) };
    },
    close() {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
