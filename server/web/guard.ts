/**
 * The pages' guard, in front of every route: the security headers, no caching unless a route says
 * otherwise, and a refusal of any request whose Origin is not this server's own (as /mcp decides it).
 */
import type { Hono } from 'hono';
import { originAllowed } from '../http/origin.ts';
import { rootOf, type PageKit } from './page-kit.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on the pages' own forms
  'referrer-policy': 'same-origin',
};

export function mountGuard(app: Hono<any>, kit: PageKit): void {
  app.use('*', async (c, next) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.header(k, v);
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const origin = c.req.header('origin');
    if (!originAllowed(origin, host, kit.allowedOrigins)) {
      c.header('cache-control', 'no-store');
      return kit.message(c, 403, rootOf(c.req.path), 'Refused', [
        `Requests from pages at ${origin} are not allowed here: the pages of adcli serve accept requests only from this server's own origin.`,
      ]);
    }
    await next();
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
  });
}
