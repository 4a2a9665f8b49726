import { createHash } from 'node:crypto';
import { invalid } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { formatCustomerId } from './actor.ts';
import type { DomainDeps } from './context.ts';

export interface WorkspaceRow {
  id: string;
  slug: string;
  exploration: number;
  created_at: string;
}

export interface AdAccountInput {
  customerId: string;
  name: string;
  currencyCode: string;
  timeZone: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export class Workspaces {
  readonly #d: DomainDeps;
  constructor(deps: DomainDeps) {
    this.#d = deps;
  }

  bySlug(slug: string): WorkspaceRow | undefined {
    return this.#d.store.get<WorkspaceRow>('SELECT * FROM workspaces WHERE slug = ?', slug);
  }

  count(): number {
    return this.#d.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM workspaces')!.n;
  }

  /**
   * Returns the workspace, creating it when missing. A new workspace is linked to one ad-platform
   * account of its own (unless accounts are given), as a workspace is after onboarding.
   */
  ensure(slug: string, opts: { exploration?: boolean; accounts?: AdAccountInput[] } = {}): WorkspaceRow {
    if (!SLUG.test(slug)) throw invalid(`workspace slug ${JSON.stringify(slug)} must be lowercase letters, digits and dashes`);
    return this.#d.store.write(() => {
      const existing = this.bySlug(slug);
      if (existing) return existing;
      const now = this.#d.clock.newWorkspaceFrozenAt ?? this.#d.clock.base.now();
      const id = newId(now);
      this.#d.store.run(
        'INSERT INTO workspaces (id, slug, exploration, created_at) VALUES (?, ?, ?, ?)',
        id,
        slug,
        opts.exploration ? 1 : 0,
        now.toISOString(),
      );
      this.#d.clock.startNew(id);
      this.#d.clock.within(id, () => {
        const accounts = opts.accounts ?? [defaultAccount(slug)];
        accounts.forEach((a, i) => this.addAccount(id, a, i === 0));
      });
      return this.bySlug(slug)!;
    });
  }

  addAccount(workspaceId: string, a: AdAccountInput, isDefault: boolean): void {
    this.#d.store.run(
      `INSERT INTO ad_accounts (customer_id, workspace_id, name, currency_code, time_zone, is_default, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      formatCustomerId(a.customerId),
      workspaceId,
      a.name,
      a.currencyCode,
      a.timeZone,
      isDefault ? 1 : 0,
      this.#d.clock.now().toISOString(),
    );
  }
}

/** A stable account id per workspace slug, so the same setup gives the same ids on every machine. */
export function defaultAccount(slug: string): AdAccountInput {
  const digits = BigInt('0x' + createHash('sha256').update(`account:${slug}`).digest('hex').slice(0, 15)) % 9_000_000_000n;
  return {
    customerId: String(1_000_000_000n + digits),
    name: `${slug} (main)`,
    currencyCode: 'USD',
    timeZone: 'America/New_York',
  };
}
