/**
 * The pages of adcli serve at /app/: the campaign page (/app/campaigns/{id}, every campaign's `url`)
 * and the backend console (/app/). This module puts the routes together (guard.ts, login-routes.ts,
 * page-routes.ts, action-routes.ts; page-kit.ts what they share); the pages themselves (JSX, data,
 * forms) load on the first page request, so the API and the CLI's local profile never pay for them.
 *
 * Access:
 * - a one-time login link (minted through the API by a key: the control `create_login_link`) starts
 *   a session; its cookie is HttpOnly, SameSite=Strict, named after the server's port (two servers on
 *   one host keep their own) and holds a random id, never the key;
 * - every page asks the store for the session's key again: a revoked key ends its sessions, and a
 *   page shows only what the key's scopes and limits allow (the API's own operations answer);
 * - forms carry the session's CSRF token; a request whose Origin is not this server's own (as /mcp
 *   decides it) is refused, and so is a login link followed from another site;
 * - pages count against the key's rate limit as API requests do.
 */
import { Hono } from 'hono';
import { mountActions } from './action-routes.ts';
import { mountGuard } from './guard.ts';
import { mountLogin } from './login-routes.ts';
import { APP_PATH, PageKit, rootOf, type WebOptions } from './page-kit.ts';
import { mountPages } from './page-routes.ts';
import { mountStylesheet } from './stylesheet-route.ts';

export { APP_PATH, type WebOptions } from './page-kit.ts';

/**
 * The pages as a sub-app, mounted at APP_PATH by the HTTP app. What a page shows it reads through
 * the operations (invoke), as the session's key; pages see no faults and are not journaled (both
 * belong to the HTTP API), and they count against the key's rate limit.
 */
export function createWebApp(opts: WebOptions): Hono<any> {
  const app = new Hono<any>();
  const kit = new PageKit(opts);
  // Hono matches in order: the guard first, the catch-all last.
  mountGuard(app, kit);
  // the sub-app's '/' is the bare /app: to the console at /app/, where relative links work
  app.get('/', (c) => c.redirect(`${APP_PATH.slice(1)}/`, 308));
  mountStylesheet(app);
  mountLogin(app, kit);
  mountPages(app, kit);
  mountActions(app, kit);
  app.all('/*', (c) => kit.notFound(c, rootOf(c.req.path)));
  return app;
}
