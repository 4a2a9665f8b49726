/**
 * Sessions of the pages of adcli serve (the campaign page and the console at /app/).
 *
 * - A login link is minted through the API (the control `create_login_link`) by a key: it holds a
 *   random one-time token, never the key, and works once within LOGIN_LINK_TTL_MS.
 * - Opening it starts a session bound to that key (its id): the cookie holds a random session id,
 *   HttpOnly and SameSite=Strict. Each page asks the store for the key again, so a revoked key ends
 *   its sessions at the very next page.
 * - Each session has its own CSRF token, which every form carries.
 *
 * Tokens and session ids are kept as SHA-256 hashes, in this process's memory only: a restarted
 * server forgets its sessions (a new link is one command away), and no snapshot or store file ever
 * holds one. Expiry runs on real time (a test's ManualClock), not on a workspace's clock: moving a
 * workspace a week ahead does not sign anybody out.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Services } from '../domain/services.ts';

/** How long a login link works, once. */
export const LOGIN_LINK_TTL_MS = 5 * 60_000;
/** How long a session lasts after its login. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** Links and sessions kept at most (the oldest go first). */
const MAX_ENTRIES = 1000;

interface Bound {
  keyId: string;
  workspaceId: string;
}

interface PendingLink extends Bound {
  /** the page the link opens, relative to the application: '' (the console) or campaigns/{id} */
  page: string;
  expiresAt: number;
}

export interface Session extends Bound {
  csrf: string;
  expiresAt: number;
  /** a line to show once on the next page (what a form did) */
  flash: string | null;
}

export interface MintedLink {
  token: string;
  expiresAt: Date;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const token = () => randomBytes(32).toString('base64url');

export class WebSessions {
  readonly #now: () => number;
  readonly #links = new Map<string, PendingLink>();
  readonly #sessions = new Map<string, Session>();

  constructor(now: () => number) {
    this.#now = now;
  }

  /** A one-time login link's token for this key, opening `page`. */
  mint(key: Bound, page: string): MintedLink {
    const t = token();
    const expiresAt = this.#now() + LOGIN_LINK_TTL_MS;
    this.#put(this.#links, hash(t), { keyId: key.keyId, workspaceId: key.workspaceId, page, expiresAt });
    return { token: t, expiresAt: new Date(expiresAt) };
  }

  /**
   * Uses a login link: a new session and its id, and the page to open; null for a token that is
   * unknown, used or expired (the three are not told apart).
   */
  redeem(t: string): { id: string; session: Session; page: string } | null {
    const h = hash(t);
    const link = this.#links.get(h);
    if (!link) return null;
    this.#links.delete(h);
    const now = this.#now();
    if (link.expiresAt <= now) return null;
    const id = token();
    const session: Session = { keyId: link.keyId, workspaceId: link.workspaceId, csrf: token(), expiresAt: now + SESSION_TTL_MS, flash: null };
    this.#put(this.#sessions, hash(id), session);
    return { id, session, page: link.page };
  }

  /** The live session of a cookie's id, or null. */
  get(id: string | undefined): Session | null {
    if (!id) return null;
    const h = hash(id);
    const s = this.#sessions.get(h);
    if (!s) return null;
    if (s.expiresAt <= this.#now()) {
      this.#sessions.delete(h);
      return null;
    }
    return s;
  }

  end(id: string | undefined): void {
    if (id) this.#sessions.delete(hash(id));
  }

  /** Whether a form's token is the session's (in constant time). */
  static csrfMatches(session: Session, given: unknown): boolean {
    if (typeof given !== 'string') return false;
    const a = Buffer.from(session.csrf);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  #put<T extends { expiresAt: number }>(map: Map<string, T>, k: string, v: T): void {
    if (map.size >= MAX_ENTRIES) {
      const now = this.#now();
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
      // still full: the oldest go (a Map iterates in insertion order)
      for (const key of map.keys()) {
        if (map.size < MAX_ENTRIES) break;
        map.delete(key);
      }
    }
    map.set(k, v);
  }
}

const registries = new WeakMap<Services, WebSessions>();

/** The sessions of one backend (one set of services): the control that mints links and the pages share it. */
export function webSessions(services: Services): WebSessions {
  let s = registries.get(services);
  if (!s) {
    const clock = services.deps.clock.base;
    s = new WebSessions(() => clock.now().getTime());
    registries.set(services, s);
  }
  return s;
}
