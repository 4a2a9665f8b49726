const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request's Origin may use the server's browser-reachable surfaces (/mcp, the pages):
 * none (not a browser), one of `allowed`, or this server's own loopback origin.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed pages, file://) and anything unparsable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // A rebound name (evil.example → 127.0.0.1) arrives with Host and Origin both evil.example: so the
  // origin must name a loopback host, and the very host:port the request was sent to.
  return LOOPBACK.has(url.hostname) && host !== undefined && url.host === host.toLowerCase();
}
