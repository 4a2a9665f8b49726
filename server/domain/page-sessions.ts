/**
 * Login links and sessions of the pages of adcli serve (the campaign page and the console at /app/).
 *
 * - A login link is minted through the API (the control `create_login_link`) by a key: it holds a
 *   random one-time token, never the key, and works once within LOGIN_LINK_TTL_MS.
 * - Opening it starts a session bound to that key: the cookie holds a random session id. Each page
 *   asks the store for the key again, so a revoked key ends its sessions at the very next page.
 * - A session's CSRF token is derived from its id, so forms carry it and the store never holds it.
 *
 * Both live in the store (table web_sessions) as SHA-256 hashes of their tokens, so every replica
 * behind a balancer knows them and no token is ever at rest. They are capped per workspace: a
 * workspace that mints many links pushes out only its own oldest ones. Expiry runs on real time, not
 * on a workspace's clock: moving a workspace a week ahead signs nobody out. Snapshots never hold them.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DomainDeps } from '../kernel/deps.ts';
import { webSessionsLock } from '../store/locks.ts';

/** How long a login link works, once. */
export const LOGIN_LINK_TTL_MS = 5 * 60_000;
/** How long a session lasts after its login. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** Pending login links and sessions a workspace keeps at most, each (the oldest go first). */
export const MAX_PER_WORKSPACE = 100;

export interface Bound {
  keyId: string;
  workspaceId: string;
}

export interface Session extends Bound {
  /** the session id's hash: how the store knows it */
  hash: string;
  csrf: string;
  expiresAt: number;
}

export interface MintedLink {
  token: string;
  expiresAt: Date;
}

interface Row {
  hash: string;
  kind: 'link' | 'session';
  workspace_id: string;
  key_id: string;
  page: string;
  flash: string | null;
  expires_ms: number;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const token = () => randomBytes(32).toString('base64url');
/** The CSRF token of a session: derived from its id (which only the cookie holds), never stored. */
const csrfOf = (id: string) => createHash('sha256').update(`csrf\0${id}`).digest('base64url');

export class PageSessions {
  readonly #d: DomainDeps;

  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  #now(): number {
    return this.#d.clock.base.now().getTime();
  }

  /** A one-time login link's token for this key, opening `page`. Joins the caller's transaction. */
  async mint(key: Bound, page: string): Promise<MintedLink> {
    const t = token();
    const now = this.#now();
    await this.#put(
      {
        hash: hash(t),
        kind: 'link',
        workspace_id: key.workspaceId,
        key_id: key.keyId,
        page,
        flash: null,
        expires_ms: now + LOGIN_LINK_TTL_MS,
      },
      now,
    );
    return { token: t, expiresAt: new Date(now + LOGIN_LINK_TTL_MS) };
  }

  /**
   * Uses a login link: a new session, its id and the page to open; null for a token that is unknown,
   * used or expired (the three are not told apart). The link is gone either way.
   */
  redeem(t: string): Promise<{ id: string; session: Session; page: string } | null> {
    const store = this.#d.store;
    return store.write(async () => {
      // locked: of two uses of one link at once, the second finds it gone
      const link = await store.get<Row>(
        `SELECT * FROM web_sessions WHERE hash = ? AND kind = 'link'${store.rowLock()}`,
        hash(t),
      );
      if (!link) return null;
      await store.note('DELETE FROM web_sessions WHERE hash = ?', link.hash);
      const now = this.#now();
      if (link.expires_ms <= now) return null;
      const id = token();
      const row: Row = {
        hash: hash(id),
        kind: 'session',
        workspace_id: link.workspace_id,
        key_id: link.key_id,
        page: '',
        flash: null,
        expires_ms: now + SESSION_TTL_MS,
      };
      await this.#put(row, now);
      return { id, session: toSession(row, id), page: link.page };
    });
  }

  /** The slug of the workspace a pending, unexpired login link is for (without using it), or null. */
  async linkWorkspace(t: string): Promise<string | null> {
    const row = await this.#d.store.get<{ slug: string }>(
      "SELECT w.slug FROM web_sessions s JOIN workspaces w ON w.id = s.workspace_id WHERE s.hash = ? AND s.kind = 'link' AND s.expires_ms > ?",
      hash(t),
      this.#now(),
    );
    return row?.slug ?? null;
  }

  /** The live session of a cookie's id, or null. */
  async get(id: string | undefined): Promise<Session | null> {
    if (!id) return null;
    const row = await this.#d.store.get<Row>(
      "SELECT * FROM web_sessions WHERE hash = ? AND kind = 'session'",
      hash(id),
    );
    if (!row) return null;
    if (row.expires_ms <= this.#now()) {
      await this.end(id);
      return null;
    }
    return toSession(row, id);
  }

  async end(id: string | undefined): Promise<void> {
    if (id) await this.#d.store.note('DELETE FROM web_sessions WHERE hash = ?', hash(id));
  }

  /** Keeps a line to show once on the session's next page (what a form did). */
  async setFlash(session: Session, text: string): Promise<void> {
    await this.#d.store.note(
      'UPDATE web_sessions SET flash = ? WHERE hash = ?',
      text,
      session.hash,
    );
  }

  /** The line kept for this page, forgotten once read; null when there is none. */
  async takeFlash(session: Session): Promise<string | null> {
    const store = this.#d.store;
    const row = await store.get<{ flash: string | null }>(
      'SELECT flash FROM web_sessions WHERE hash = ?',
      session.hash,
    );
    if (!row?.flash) return null;
    await store.note('UPDATE web_sessions SET flash = NULL WHERE hash = ?', session.hash);
    return row.flash;
  }

  /** Whether a form's token is the session's (in constant time). */
  static csrfMatches(session: Session, given: unknown): boolean {
    if (typeof given !== 'string') return false;
    const a = Buffer.from(session.csrf);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Stores a row, first making room within its workspace's cap of its kind (expired rows, then the oldest). */
  async #put(row: Row, now: number): Promise<void> {
    const store = this.#d.store;
    await store.write(async () => {
      // rows of one workspace are made one at a time: its cap holds
      await store.lock(webSessionsLock(row.workspace_id));
      await store.note(
        'DELETE FROM web_sessions WHERE workspace_id = ? AND expires_ms <= ?',
        row.workspace_id,
        now,
      );
      // the newest MAX - 1 stay beside the new one
      const cut = await store.get<{ created_ms: number }>(
        'SELECT created_ms FROM web_sessions WHERE workspace_id = ? AND kind = ? ORDER BY created_ms DESC LIMIT 1 OFFSET ?',
        row.workspace_id,
        row.kind,
        MAX_PER_WORKSPACE - 1,
      );
      if (cut)
        await store.note(
          'DELETE FROM web_sessions WHERE workspace_id = ? AND kind = ? AND created_ms <= ?',
          row.workspace_id,
          row.kind,
          cut.created_ms,
        );
      await store.note(
        'INSERT INTO web_sessions (hash, kind, workspace_id, key_id, page, flash, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        row.hash,
        row.kind,
        row.workspace_id,
        row.key_id,
        row.page,
        row.flash,
        now,
        row.expires_ms,
      );
    });
  }
}

function toSession(row: Row, id: string): Session {
  return {
    hash: row.hash,
    keyId: row.key_id,
    workspaceId: row.workspace_id,
    csrf: csrfOf(id),
    expiresAt: row.expires_ms,
  };
}
