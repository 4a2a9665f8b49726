import { createHash } from 'node:crypto';
import { invalid } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import type { DomainDeps } from '../kernel/deps.ts';

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

  bySlug(slug: string): Promise<WorkspaceRow | undefined> {
    return this.#d.store.get<WorkspaceRow>('SELECT * FROM workspaces WHERE slug = ?', slug);
  }

  async count(): Promise<number> {
    return (await this.#d.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM workspaces'))!.n;
  }

  /**
   * Returns the workspace, creating it when missing. A new workspace is linked to one ad-platform
   * account of its own (unless accounts are given), as a workspace is after onboarding.
   */
  async ensure(
    slug: string,
    opts: { exploration?: boolean; accounts?: AdAccountInput[] } = {},
  ): Promise<WorkspaceRow> {
    if (!SLUG.test(slug))
      throw invalid(
        `workspace slug ${JSON.stringify(slug)} must be lowercase letters, digits and dashes`,
      );
    return this.#d.store.write(async () => {
      const existing = await this.bySlug(slug);
      if (existing) return existing;
      const now = this.#d.clock.newWorkspaceFrozenAt ?? this.#d.clock.base.now();
      const id = newId(now);
      await this.#d.store.run(
        'INSERT INTO workspaces (id, slug, exploration, created_at) VALUES (?, ?, ?, ?)',
        id,
        slug,
        opts.exploration ? 1 : 0,
        now.toISOString(),
      );
      await this.#d.clock.startNew(id);
      await this.#d.clock.within(id, async () => {
        const accounts = opts.accounts ?? [defaultAccount(slug)];
        for (const [i, a] of accounts.entries()) await this.addAccount(id, a, i === 0);
      });
      return (await this.bySlug(slug))!;
    });
  }

  async addAccount(workspaceId: string, a: AdAccountInput, isDefault: boolean): Promise<void> {
    await this.#d.store.run(
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
  const digits =
    BigInt('0x' + createHash('sha256').update(`account:${slug}`).digest('hex').slice(0, 15)) %
    9_000_000_000n;
  return {
    customerId: String(1_000_000_000n + digits),
    name: `${slug} (main)`,
    currencyCode: 'USD',
    timeZone: 'America/New_York',
  };
}
