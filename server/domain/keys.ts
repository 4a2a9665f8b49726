import { createHash, randomBytes } from 'node:crypto';
import { invalid, notFound, unauthorized } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { SCOPES, type Scope } from '../schemas/common.ts';
import { digitsOnly } from '../lib/customer-id.ts';
import type { DomainDeps } from '../kernel/deps.ts';

/** Every key starts with the service prefix and an underscore (contract, Authentication 1). */
export const KEY_PREFIX = 'adcli';
const KEY_PATTERN = /^adcli_[A-Za-z0-9]{40}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface KeyRecord {
  id: string;
  workspace: string;
  name: string;
  hint: string;
  scopes: Scope[];
  customerIds: string[] | null;
  campaignIds: string[] | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface AuthenticatedKey {
  keyId: string;
  workspaceId: string;
  workspaceSlug: string;
  exploration: boolean;
  scopes: Set<Scope>;
  customerIds: string[] | null;
  campaignIds: string[] | null;
}

interface KeyRow {
  id: string;
  slug: string;
  name: string;
  hint: string;
  scopes: string;
  customer_ids: string | null;
  campaign_ids: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** Keys are random and long, so one fast hash is enough at rest; only the hash is stored. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function generateKey(): string {
  const bytes = randomBytes(40);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % 62];
  return `${KEY_PREFIX}_${s}`;
}

export function isWellFormedKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export class Keys {
  readonly #d: DomainDeps;
  /** Authenticated keys, valid while the store's change stamp stays the same. */
  #cache = new Map<string, AuthenticatedKey | null>();
  /** the same keys by the whole Authorization header that named them (a valid key's only) */
  #byHeader = new Map<string, AuthenticatedKey>();
  #cacheStamp = '';

  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  async create(
    workspaceId: string,
    opts: {
      name?: string;
      scopes: readonly string[];
      customerIds?: string[] | null;
      campaignIds?: string[] | null;
    },
  ): Promise<{ key: string; record: KeyRecord }> {
    const unknown = opts.scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (unknown.length)
      throw invalid(`unknown scope ${unknown.join(', ')}; scopes are ${SCOPES.join(', ')}`);
    if (opts.scopes.length === 0) throw invalid('a key needs at least one scope');
    for (const c of opts.customerIds ?? []) {
      if (!/^\d{3}-?\d{3}-?\d{4}$/.test(c))
        throw invalid(`customer id ${c} is not 10 digits (123-456-7890)`);
    }
    for (const c of opts.campaignIds ?? []) {
      if (!/^[a-f0-9]{24}$/.test(c))
        throw invalid(`campaign id ${c} is not 24 lowercase hex characters`);
    }
    return this.#insert(workspaceId, generateKey(), opts);
  }

  /**
   * Registers a key that already exists outside the store (the local key file of a store that was
   * made anew), so the file never has to be overwritten. The key must be well-formed and unknown.
   */
  async adopt(
    workspaceId: string,
    key: string,
    opts: { name?: string; scopes: readonly string[] },
  ): Promise<{ key: string; record: KeyRecord }> {
    if (!isWellFormedKey(key)) throw invalid('not an adcli key (adcli_ and 40 letters or digits)');
    if (await this.known(key)) throw invalid('this key is known to the store already');
    return this.#insert(workspaceId, key, opts);
  }

  async #insert(
    workspaceId: string,
    key: string,
    opts: {
      name?: string;
      scopes: readonly string[];
      customerIds?: string[] | null;
      campaignIds?: string[] | null;
    },
  ): Promise<{ key: string; record: KeyRecord }> {
    const now = this.#d.clock.now();
    const id = newId(now);
    await this.#d.store.run(
      `INSERT INTO api_keys (id, workspace_id, name, hash, hint, scopes, customer_ids, campaign_ids, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      workspaceId,
      opts.name ?? '',
      hashKey(key),
      key.slice(-4),
      JSON.stringify([...new Set(opts.scopes)]),
      opts.customerIds?.length ? JSON.stringify(opts.customerIds.map(digitsOnly)) : null,
      opts.campaignIds?.length ? JSON.stringify(opts.campaignIds) : null,
      now.toISOString(),
    );
    return { key, record: await this.get(id) };
  }

  async get(id: string): Promise<KeyRecord> {
    const row = await this.#d.store.get<KeyRow>(
      'SELECT k.*, w.slug FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.id = ?',
      id,
    );
    if (!row) throw notFound(`no key ${id}`);
    return toRecord(row);
  }

  async list(): Promise<KeyRecord[]> {
    const rows = await this.#d.store.all<KeyRow>(
      'SELECT k.*, w.slug FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id ORDER BY k.created_at, k.id',
    );
    return rows.map(toRecord);
  }

  async revoke(id: string): Promise<KeyRecord> {
    const rec = await this.get(id);
    if (!rec.revokedAt) {
      await this.#d.store.run(
        'UPDATE api_keys SET revoked_at = ? WHERE id = ?',
        this.#d.clock.now().toISOString(),
        id,
      );
    }
    return this.get(id);
  }

  /**
   * The key of an `Authorization` header, or a 401 saying what is wrong with it (never echoing the
   * key). The one check behind both the API and the MCP endpoint.
   */
  fromHeader(header: string | undefined): Promise<AuthenticatedKey> | AuthenticatedKey {
    if (!header) throw unauthorized('missing API key: send the header Authorization: Bearer <key>');
    // The header a client sends on every request, seen before under this stamp: no parsing at all.
    const known = this.#d.store.knownStamp('access');
    const fresh = known !== undefined && known === this.#cacheStamp;
    if (fresh) {
      const seen = this.#byHeader.get(header);
      if (seen !== undefined) return seen;
    }
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw unauthorized('the Authorization header must be "Bearer" followed by an API key');
    const found = isWellFormedKey(m[1]!) ? this.authenticate(m[1]!) : null;
    if (found instanceof Promise) return found.then(validKey);
    const key = validKey(found);
    // kept only under the stamp the key itself was found under (authenticate answered from its cache)
    if (fresh && this.#byHeader.size < 1000) this.#byHeader.set(header, key);
    return key;
  }

  /** Whether the store has ever held this key (revoked or not). */
  async known(key: string): Promise<boolean> {
    return (
      (await this.#d.store.get('SELECT 1 FROM api_keys WHERE hash = ?', hashKey(key))) !== undefined
    );
  }

  /** The key's workspace and limits, or null when the key is unknown or revoked. Read on every request. */
  authenticate(key: string): AuthenticatedKey | null | Promise<AuthenticatedKey | null> {
    // A revocation is a write (here or in another process), so it moves the stamp: the very next
    // request looks the key up again. A hit under a stamp known without waiting costs no promise.
    const known = this.#d.store.knownStamp('access');
    if (known !== undefined && known === this.#cacheStamp) {
      const cached = this.#cache.get(key);
      if (cached !== undefined) return cached;
    }
    return this.#authenticate(key);
  }

  async #authenticate(key: string): Promise<AuthenticatedKey | null> {
    const stamp = await this.#d.store.changeStamp('access');
    if (stamp !== this.#cacheStamp || this.#cache.size > 1000) {
      this.#cache.clear();
      this.#byHeader.clear();
      this.#cacheStamp = stamp;
    }
    // Keyed by the key as presented (memory only; the store keeps hashes), so a hit costs no hash.
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const found = await this.#lookup(hashKey(key));
    // Not when the stamp moved during the lookup: what it read may be older than the new stamp.
    if (this.#cacheStamp === stamp) this.#cache.set(key, found);
    return found;
  }

  /**
   * The key with this id, as `authenticate` answers it, or null when it is unknown or revoked: a
   * page session of adcli serve is bound to a key's id and asks again on every page.
   */
  byId(keyId: string): Promise<AuthenticatedKey | null> {
    return this.#lookup(keyId, 'id');
  }

  async #lookup(value: string, by: 'hash' | 'id' = 'hash'): Promise<AuthenticatedKey | null> {
    const row = await this.#d.store.get<KeyRow & { workspace_id: string; exploration: number }>(
      `SELECT k.id, k.workspace_id, k.scopes, k.customer_ids, k.campaign_ids, w.slug, w.exploration
       FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.${by === 'id' ? 'id' : 'hash'} = ? AND k.revoked_at IS NULL`,
      value,
    );
    if (!row) return null;
    return {
      keyId: row.id,
      workspaceId: row.workspace_id,
      workspaceSlug: row.slug,
      exploration: row.exploration === 1,
      scopes: new Set(JSON.parse(row.scopes) as Scope[]),
      customerIds: row.customer_ids ? (JSON.parse(row.customer_ids) as string[]) : null,
      campaignIds: row.campaign_ids ? (JSON.parse(row.campaign_ids) as string[]) : null,
    };
  }
}

function toRecord(r: KeyRow): KeyRecord {
  return {
    id: r.id,
    workspace: r.slug,
    name: r.name,
    hint: `${KEY_PREFIX}_…${r.hint}`,
    scopes: JSON.parse(r.scopes) as Scope[],
    customerIds: r.customer_ids ? (JSON.parse(r.customer_ids) as string[]) : null,
    campaignIds: r.campaign_ids ? (JSON.parse(r.campaign_ids) as string[]) : null,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

/** The key a lookup found, or the 401 for none. */
function validKey(key: AuthenticatedKey | null): AuthenticatedKey {
  if (!key) throw unauthorized('the API key is not valid or has been revoked', 'invalid_token');
  return key;
}
