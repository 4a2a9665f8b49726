/**
 * Signing a browser in and out: /app/login redeems a one-time login link (asking first when it is
 * not clear the link was opened directly), /app/logout ends the session.
 */
import type { Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { PageSessions, SESSION_TTL_MS } from '../domain/page-sessions.ts';
import { GET_A_LINK, type PageKit } from './page-kit.ts';

const LINK_USED =
  'This login link was already used or has expired: each link works once, for 5 minutes.';

export function mountLogin(app: Hono<any>, kit: PageKit): void {
  app.get('/login', async (c) => {
    const from = cameFrom(c, kit);
    if (from === 'elsewhere') return openDirectly(c, kit);
    // A HEAD (a link checker, a preview) must not use up the link: only a GET opens it.
    if (c.req.method === 'HEAD') return c.body(null, 200);
    const token = new URL(c.req.url).searchParams.get('token');
    if (from === 'direct') return signInWith(c, kit, token);
    const workspace = token ? await kit.sessions.linkWorkspace(token) : null;
    if (!token || !workspace) return kit.signIn(c, '', LINK_USED);
    const { pages } = await kit.load();
    return c.html(pages.confirmLoginPage({ workspace, token }));
  });

  // The confirmation's form: a browser sends Origin with every POST, and the guard refuses a
  // foreign one; a POST with neither Origin nor Sec-Fetch-Site is no browser's and signs nobody in.
  app.post('/login', async (c) => {
    if (c.req.header('origin') === undefined && c.req.header('sec-fetch-site') === undefined)
      return openDirectly(c, kit);
    if (cameFrom(c, kit) === 'elsewhere') return openDirectly(c, kit);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return signInWith(c, kit, typeof form.token === 'string' ? form.token : null);
  });

  app.post('/logout', async (c) => {
    const s = await kit.sessionOf(c);
    const form = await c.req.parseBody().catch(() => ({}));
    if (s && !PageSessions.csrfMatches(s.session, (form as Record<string, unknown>).csrf))
      return kit.message(c, 403, '', 'This form has expired', ['Reload the page and try again.']);
    if (s) await kit.sessions.end(s.id);
    deleteCookie(c, kit.cookieName(c), { path: kit.cookiePath, secure: kit.secure(c) });
    return kit.message(
      c,
      200,
      '',
      'Signed out',
      ['This browser no longer has a session with adcli serve.'],
      GET_A_LINK,
    );
  });
}

/**
 * Where a login link was followed from: directly (adcli opened it, or it was pasted), from another
 * site (refused: nobody may sign a browser in unseen), or unknown (no Sec-Fetch-Site nor Referer:
 * a page of ours asks first).
 */
function cameFrom(c: Context, kit: PageKit): 'direct' | 'elsewhere' | 'unknown' {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'none' || site === 'same-origin' ? 'direct' : 'elsewhere';
  const referer = c.req.header('referer');
  if (referer === undefined) return 'unknown';
  let from: string;
  try {
    from = new URL(referer).origin;
  } catch {
    return 'elsewhere';
  }
  return from === new URL(c.req.url).origin || kit.allowedOrigins.includes(from)
    ? 'direct'
    : 'elsewhere';
}

function openDirectly(c: Context, kit: PageKit): Promise<Response> {
  return kit.message(
    c,
    403,
    '',
    'Open the link directly',
    [
      'A login link works only when opened directly (by adcli, or pasted into the address bar), not from another site.',
    ],
    GET_A_LINK,
  );
}

/** Signs the browser in with a login link's token and opens its page. */
async function signInWith(
  c: Context,
  kit: PageKit,
  token: string | null | undefined,
): Promise<Response> {
  const opened = token ? await kit.sessions.redeem(token) : null;
  if (!opened) return kit.signIn(c, '', LINK_USED);
  setCookie(c, kit.cookieName(c), opened.id, {
    httpOnly: true,
    sameSite: 'Strict',
    path: kit.cookiePath,
    secure: kit.secure(c),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  // Relative to /app/login: '' opens the console, campaigns/{id} a campaign.
  return c.redirect(opened.page || './', 303);
}
