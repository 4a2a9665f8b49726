/**
 * What every route of the pages shares (web/mount.ts): the lazily loaded pages, the message pages
 * (not found, sign in, refused, too many requests), the request's session and the key's rate limit.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Actor } from '../domain/actor.ts';
import type { AuthenticatedKey } from '../domain/keys.ts';
import type { Session } from '../domain/page-sessions.ts';
import { countRequests, type RequestLimiter } from '../http/rate-limit.ts';
import { ApiError } from '../lib/errors.ts';
import type { OperationContext } from '../operations/operation.ts';
import { sessionCookieName } from './session-cookie.ts';

export const APP_PATH = '/app';

export interface WebOptions {
  ctx: OperationContext;
  /** the base of the application's links (adcli serve --public-url …/app): its origin may use the pages too */
  appUrl?: string;
  /** the rate limit per key, or null for none: pages count as API requests do */
  limiter: RequestLimiter | null;
}

/** The modules behind the pages, loaded on the first page request. */
export type PageModules = {
  pages: typeof import('./pages/index.ts');
  data: typeof import('./data.ts');
  actions: typeof import('./actions.ts');
};

/** The request's session, its key and the actor it acts as. */
export interface SignedIn {
  id: string;
  session: Session;
  key: AuthenticatedKey;
  actor: Actor;
}

/** The commands that make a new login link: the console's, a campaign page's. */
export const GET_A_LINK = ['adcli backend console', 'adcli campaigns open CAMPAIGN_ID'];

export class PageKit {
  readonly services: OperationContext;
  readonly sessions: OperationContext['sessions'];
  /** origins besides the server's own whose requests the pages accept: the --public-url's */
  readonly allowedOrigins: string[];
  /** the session cookie's path: the pages' base under --public-url, else /app */
  readonly cookiePath: string;
  private readonly opts: WebOptions;
  private lazy: Promise<PageModules> | undefined;

  constructor(opts: WebOptions) {
    this.opts = opts;
    this.services = opts.ctx;
    this.sessions = opts.ctx.sessions;
    this.allowedOrigins = opts.appUrl ? [new URL(opts.appUrl).origin] : [];
    this.cookiePath = opts.appUrl
      ? new URL(opts.appUrl).pathname.replace(/\/$/, '') || '/'
      : APP_PATH;
  }

  /** The pages' modules, loaded once; a failed load is tried again on the next request. */
  load(): Promise<PageModules> {
    return (this.lazy ??= Promise.all([
      import('./pages/index.ts'),
      import('./data.ts'),
      import('./actions.ts'),
    ])
      .then(([pages, data, actions]) => ({ pages, data, actions }))
      .catch((e: unknown) => {
        this.lazy = undefined;
        throw e;
      }));
  }

  /** A session cookie per server: cookies are per host, not per port. */
  cookieName(c: Context): string {
    return sessionCookieName(c.req.url);
  }

  secure(c: Context): boolean {
    return (this.opts.appUrl ?? c.req.url).startsWith('https:');
  }

  async message(
    c: Context,
    status: number,
    root: string,
    title: string,
    lines: string[],
    commands?: string[],
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const { pages } = await this.load();
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    return c.html(pages.messagePage({ title, root, lines, commands }), status as 200);
  }

  notFound(c: Context, root: string, what = 'This page does not exist.'): Promise<Response> {
    return this.message(
      c,
      404,
      root,
      'Not found',
      [what, 'The console lists what this workspace holds.'],
      undefined,
    );
  }

  signIn(c: Context, root: string, why: string, campaignId?: string): Promise<Response> {
    return this.message(
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
  }

  /** The request's session, its key (asked again: a revoked key has no session) and the actor it acts as. */
  async sessionOf(c: Context): Promise<SignedIn | null> {
    const id = getCookie(c, this.cookieName(c));
    const session = await this.sessions.get(id);
    if (!id || !session) return null;
    const key = await this.services.keys.byId(session.keyId);
    if (!key || key.workspaceId !== session.workspaceId) {
      await this.sessions.end(id);
      return null;
    }
    return {
      id,
      session,
      key,
      actor: { ...key, appUrl: this.opts.appUrl ?? `${new URL(c.req.url).origin}${APP_PATH}` },
    };
  }

  /** The key's rate limit, as for an API request: its headers, or the 429 page. */
  async limited(c: Context, key: AuthenticatedKey, root: string): Promise<Response | null> {
    try {
      const headers = await this.countRequest(key);
      if (headers) for (const [k, v] of Object.entries(headers)) c.header(k, v);
      return null;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 429) throw e;
      return this.message(
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
  }

  /** A page's ApiError as a page in the same style: 404 and 400 (a bad id) as not found, 403 as refused. */
  failed(c: Context, e: unknown, root: string): Promise<Response> {
    if (!(e instanceof ApiError) || e.status >= 500 || e.status === 429) throw e;
    if (e.status === 403)
      return this.message(c, 403, root, 'Not allowed', [
        e.message,
        'The page shows only what the API key of this session may read.',
      ]);
    return this.notFound(c, root, e.message);
  }

  private countRequest(key: AuthenticatedKey) {
    return this.opts.limiter
      ? countRequests(this.opts.limiter, key.keyId, this.services.deps.clock.base.now().getTime())
      : null;
  }
}

/** The way back to /app/ from a path under it. */
export function rootOf(path: string): string {
  const depth = path.slice(APP_PATH.length + 1).split('/').length - 1;
  return depth > 0 ? '../'.repeat(depth) : '';
}
