/**
 * The pages of adcli serve at /app/: the campaign page (/app/campaigns/{id}, every campaign's `url`)
 * and the backend console (/app/). This module holds the routes and the access rules; the pages
 * themselves (JSX, data, forms) load on the first page request, so the API and the CLI's local
 * profile never pay for them.
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
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Actor } from '../domain/actor.ts';
import type { AuthenticatedKey } from '../domain/keys.ts';
import { originAllowed } from '../http/origin.ts';
import { countRequests, type RequestLimiter } from '../http/rate-limit.ts';
import { ApiError } from '../lib/errors.ts';
import type { OperationContext } from '../operations/operation.ts';
import { PageSessions, SESSION_TTL_MS, type Session } from '../domain/page-sessions.ts';
import { sessionCookieName } from './session-cookie.ts';

export const APP_PATH = '/app';

export interface WebOptions {
  ctx: OperationContext;
  /** the base of the application's links (adcli serve --public-url …/app): its origin may use the pages too */
  appUrl?: string;
  /** the rate limit per key, or null for none: pages count as API requests do */
  limiter: RequestLimiter | null;
}

type Lazy = {
  pages: typeof import('./pages/index.ts');
  data: typeof import('./data.ts');
  actions: typeof import('./actions.ts');
};

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on the pages' own forms
  'referrer-policy': 'same-origin',
};

const ID = /^[a-f0-9]{24}$/;

/** The commands that make a new login link: the console's, a campaign page's. */
const GET_A_LINK = ['adcli backend console', 'adcli campaigns open CAMPAIGN_ID'];

/**
 * The pages as a sub-app, mounted at APP_PATH by the HTTP app. What a page shows it reads through
 * the operations (invoke), as the session's key; pages see no faults and are not journaled (both
 * belong to the HTTP API), and they count against the key's rate limit.
 */
export function createWebApp(opts: WebOptions): Hono<any> {
  const app = new Hono<any>();
  const { ctx } = opts;
  const services = ctx;
  const sessions = services.sessions;
  const rateLimit = (key: AuthenticatedKey) =>
    opts.limiter
      ? countRequests(opts.limiter, key.keyId, services.deps.clock.base.now().getTime())
      : null;
  const allowedOrigins = opts.appUrl ? [new URL(opts.appUrl).origin] : [];
  const cookiePath = opts.appUrl
    ? new URL(opts.appUrl).pathname.replace(/\/$/, '') || '/'
    : APP_PATH;
  let style: Promise<{ text: string; tag: string }> | undefined;
  const stylesheet = () =>
    (style ??= import('./style.ts').then(({ STYLESHEET }) => ({
      text: STYLESHEET,
      tag: `"${hashText(STYLESHEET)}"`,
    })));

  let lazy: Promise<Lazy> | undefined;
  const load = () =>
    (lazy ??= Promise.all([import('./pages/index.ts'), import('./data.ts'), import('./actions.ts')])
      .then(([pages, data, actions]) => ({ pages, data, actions }))
      .catch((e: unknown) => {
        lazy = undefined;
        throw e;
      }));

  /** A session cookie per server: cookies are per host, not per port. */
  const cookieName = (c: Context) => sessionCookieName(c.req.url);
  const secure = (c: Context) => (opts.appUrl ?? c.req.url).startsWith('https:');

  const message = async (
    c: Context,
    status: number,
    root: string,
    title: string,
    lines: string[],
    commands?: string[],
    headers: Record<string, string> = {},
  ) => {
    const { pages } = await load();
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    return c.html(pages.messagePage({ title, root, lines, commands }), status as 200);
  };

  const notFound = (c: Context, root: string, what = 'This page does not exist.') =>
    message(
      c,
      404,
      root,
      'Not found',
      [what, 'The console lists what this workspace holds.'],
      undefined,
    );

  const signIn = (c: Context, root: string, why: string, campaignId?: string) =>
    message(
      c,
      401,
      root,
      'Sign in with a new link',
      [
        why,
        'Pages of adcli serve open with a one-time link that adcli makes with your API key (the link holds no key). Run one of these, where adcli talks to this server:',
      ],
      campaignId ? [`adcli campaigns open ${campaignId}`, GET_A_LINK[0]!] : GET_A_LINK,
    );

  /** The request's session, its key (asked again: a revoked key has no session) and the actor it acts as. */
  const sessionOf = async (
    c: Context,
  ): Promise<{ id: string; session: Session; key: AuthenticatedKey; actor: Actor } | null> => {
    const id = getCookie(c, cookieName(c));
    const session = await sessions.get(id);
    if (!id || !session) return null;
    const key = await services.keys.byId(session.keyId);
    if (!key || key.workspaceId !== session.workspaceId) {
      await sessions.end(id);
      return null;
    }
    return {
      id,
      session,
      key,
      actor: { ...key, appUrl: opts.appUrl ?? `${new URL(c.req.url).origin}${APP_PATH}` },
    };
  };

  /** The key's rate limit, as for an API request: its headers, or the 429 page. */
  const limited = async (
    c: Context,
    key: AuthenticatedKey,
    root: string,
  ): Promise<Response | null> => {
    try {
      const headers = await rateLimit(key);
      if (headers) for (const [k, v] of Object.entries(headers)) c.header(k, v);
      return null;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 429) throw e;
      return message(
        c,
        429,
        root,
        'Too many requests',
        [
          e.message,
          'Pages count against the API key’s rate limit, as API requests do. Wait a moment and reload.',
        ],
        undefined,
        e.headers,
      );
    }
  };

  /** A page's ApiError as a page in the same style: 404 and 400 (a bad id) as not found, 403 as refused. */
  const failed = (c: Context, e: unknown, root: string) => {
    if (!(e instanceof ApiError) || e.status >= 500 || e.status === 429) throw e;
    if (e.status === 403)
      return message(c, 403, root, 'Not allowed', [
        e.message,
        'The page shows only what the API key of this session may read.',
      ]);
    return notFound(c, root, e.message);
  };

  app.use('*', async (c, next) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.header(k, v);
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const origin = c.req.header('origin');
    if (!originAllowed(origin, host, allowedOrigins)) {
      c.header('cache-control', 'no-store');
      return message(c, 403, rootOf(c.req.path), 'Refused', [
        `Requests from pages at ${origin} are not allowed here: the pages of adcli serve accept requests only from this server's own origin.`,
      ]);
    }
    await next();
    if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
  });
  // the sub-app's '/' is the bare /app: to the console at /app/, where relative links work
  app.get('/', (c) => c.redirect(`${APP_PATH.slice(1)}/`, 308));

  app.get('/style.css', async (c) => {
    const { text, tag } = await stylesheet();
    c.header('cache-control', 'no-cache');
    c.header('etag', tag);
    if (c.req.header('if-none-match') === tag) return c.body(null, 304);
    return c.body(text, 200, { 'content-type': 'text/css; charset=utf-8' });
  });

  /**
   * Where a login link was followed from: directly (adcli opened it, or it was pasted), from another
   * site (refused: nobody may sign a browser in unseen), or unknown (no Sec-Fetch-Site nor Referer:
   * a page of ours asks first).
   */
  const cameFrom = (c: Context): 'direct' | 'elsewhere' | 'unknown' => {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined)
      return site === 'none' || site === 'same-origin' ? 'direct' : 'elsewhere';
    const referer = c.req.header('referer');
    if (referer === undefined) return 'unknown';
    let from: string;
    try {
      from = new URL(referer).origin;
    } catch {
      return 'elsewhere';
    }
    return from === new URL(c.req.url).origin || allowedOrigins.includes(from)
      ? 'direct'
      : 'elsewhere';
  };
  const openDirectly = (c: Context) =>
    message(
      c,
      403,
      '',
      'Open the link directly',
      [
        'A login link works only when opened directly (by adcli, or pasted into the address bar), not from another site.',
      ],
      GET_A_LINK,
    );

  /** Signs the browser in with a login link's token and opens its page. */
  const signInWith = async (c: Context, token: string | null | undefined) => {
    const opened = token ? await sessions.redeem(token) : null;
    if (!opened)
      return signIn(
        c,
        '',
        'This login link was already used or has expired: each link works once, for 5 minutes.',
      );
    setCookie(c, cookieName(c), opened.id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: cookiePath,
      secure: secure(c),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    // Relative to /app/login: '' opens the console, campaigns/{id} a campaign.
    return c.redirect(opened.page || './', 303);
  };

  app.get('/login', async (c) => {
    const from = cameFrom(c);
    if (from === 'elsewhere') return openDirectly(c);
    // A HEAD (a link checker, a preview) must not use up the link: only a GET opens it.
    if (c.req.method === 'HEAD') return c.body(null, 200);
    const token = new URL(c.req.url).searchParams.get('token');
    if (from === 'direct') return signInWith(c, token);
    const workspace = token ? await sessions.linkWorkspace(token) : null;
    if (!token || !workspace)
      return signIn(
        c,
        '',
        'This login link was already used or has expired: each link works once, for 5 minutes.',
      );
    const { pages } = await load();
    return c.html(pages.confirmLoginPage({ workspace, token }));
  });

  // The confirmation's form: a browser sends Origin with every POST, and the middleware above refuses
  // a foreign one; a POST with neither Origin nor Sec-Fetch-Site is no browser's and signs nobody in.
  app.post('/login', async (c) => {
    if (c.req.header('origin') === undefined && c.req.header('sec-fetch-site') === undefined)
      return openDirectly(c);
    if (cameFrom(c) === 'elsewhere') return openDirectly(c);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return signInWith(c, typeof form.token === 'string' ? form.token : null);
  });

  app.post('/logout', async (c) => {
    const s = await sessionOf(c);
    const form = await c.req.parseBody().catch(() => ({}));
    if (s && !PageSessions.csrfMatches(s.session, (form as Record<string, unknown>).csrf))
      return message(c, 403, '', 'This form has expired', ['Reload the page and try again.']);
    if (s) await sessions.end(s.id);
    deleteCookie(c, cookieName(c), { path: cookiePath, secure: secure(c) });
    return message(
      c,
      200,
      '',
      'Signed out',
      ['This browser no longer has a session with adcli serve.'],
      GET_A_LINK,
    );
  });

  // the console, at /app/ (a sub-app's own '/' is the bare /app)
  app.get('/*', async (c, next) => {
    if (c.req.path !== `${APP_PATH}/`) return next();
    const s = await sessionOf(c);
    if (!s) return signIn(c, '', 'You are not signed in, or your session has ended.');
    const stop = await limited(c, s.key, '');
    if (stop) return stop;
    const { pages, data } = await load();
    try {
      const view = await data.consoleView(new data.Reader(services, s.actor));
      return c.html(
        pages.consolePage(view, {
          root: '',
          csrf: s.session.csrf,
          flash: await sessions.takeFlash(s.session),
        }),
      );
    } catch (e) {
      return failed(c, e, '');
    }
  });

  app.get('/campaigns/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id))
      return notFound(
        c,
        '../',
        `There is no campaign ${JSON.stringify(id.slice(0, 40))}: a campaign id is 24 lowercase hex characters.`,
      );
    const s = await sessionOf(c);
    if (!s) return signIn(c, '../', 'You are not signed in, or your session has ended.', id);
    const stop = await limited(c, s.key, '../');
    if (stop) return stop;
    const { pages, data } = await load();
    try {
      const view = await data.campaignView(new data.Reader(services, s.actor), id);
      return c.html(
        pages.campaignPage(view, {
          root: '../',
          csrf: s.session.csrf,
          flash: await sessions.takeFlash(s.session),
        }),
      );
    } catch (e) {
      return failed(c, e, '../');
    }
  });

  app.post('/actions/:name', async (c) => {
    const { pages, data, actions } = await load();
    const name = c.req.param('name');
    if (!actions.isAction(name)) return notFound(c, '../');
    const s = await sessionOf(c);
    if (!s)
      return signIn(
        c,
        '../',
        'You are not signed in, or your session has ended: nothing was changed.',
      );
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (!PageSessions.csrfMatches(s.session, form.csrf)) {
      return message(c, 403, '../', 'This form has expired', [
        'The form did not carry this session’s token, so nothing was changed. Reload the console and try again.',
      ]);
    }
    const stop = await limited(c, s.key, '../');
    if (stop) return stop;
    const outcome = await actions.runAction(services, s.actor, name, actions.formValues(form));
    if (outcome.ok) {
      await sessions.setFlash(s.session, outcome.flash);
      return c.redirect(`../#${outcome.anchor}`, 303);
    }
    if (outcome.status === 403)
      return message(c, 403, '../', 'Not allowed', [
        outcome.state.errors[''] ?? '',
        'Nothing was changed.',
      ]);
    try {
      const view = await data.consoleView(new data.Reader(services, s.actor));
      return c.html(
        pages.consolePage(view, { root: '../', csrf: s.session.csrf, flash: null }, outcome.state),
        outcome.status,
      );
    } catch (e) {
      return failed(c, e, '../');
    }
  });

  app.all('/*', (c) => notFound(c, rootOf(c.req.path)));
  return app;
}

/** The way back to /app/ from a path under it. */
function rootOf(path: string): string {
  const depth = path.slice(APP_PATH.length + 1).split('/').length - 1;
  return depth > 0 ? '../'.repeat(depth) : '';
}

function hashText(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}
