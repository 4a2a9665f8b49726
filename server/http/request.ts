import type { Context } from 'hono';

/**
 * A request header. Under @hono/node-server it is read from node's own request: asking Hono would
 * build a whole Headers object from it on every request, the largest cost of a cached read.
 */
export function header(c: Context, name: string): string | undefined {
  const incoming = (
    c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined
  )?.incoming;
  if (!incoming) return c.req.header(name);
  const v = incoming.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * The application link base: the address this request reached the server on (its socket's local
 * address, never the client's Host header); in-process, the request URL's origin.
 */
export function appUrlOf(c: Context): string {
  const socket = (
    c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined
  )?.incoming?.socket;
  if (socket?.localAddress && socket.localPort) {
    const address = socket.localAddress.replace(/^::ffff:/, '');
    return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}/app`;
  }
  return `${new URL(c.req.url).origin}/app`;
}
