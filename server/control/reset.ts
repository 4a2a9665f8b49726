import type { Services } from '../domain/services.ts';
import { defaultAccount } from '../domain/workspaces.ts';
import { conflict } from '../lib/errors.ts';
import { demoAccountsFor, fillDemo } from '../seed/demo.ts';
import { seedDemoAdsHistory } from '../seed/demo-ads.ts';
import type { SeedName } from '../seed/index.ts';
import type { Store } from '../store/port.ts';

/**
 * Resets a workspace to empty, or to a seed: its campaigns, audiences, data stores, brands, imported
 * content, jobs, idempotency memory, ad-platform records, fault rules and clock go; the workspace and
 * its API keys stay, so the caller carries on with the same key. One transaction: all or nothing.
 * The clock comes back to real time (or to `serve --clock`'s instant): a reset is a fresh start.
 */
export function resetWorkspace(
  services: Services,
  workspaceId: string,
  seed?: SeedName,
): Promise<{ workspace: string; seed: SeedName | null }> {
  const { store, clock } = services.deps;
  return store.write(async () => {
    const ws = (await store.get<{
      id: string;
      slug: string;
      exploration: number;
      created_at: string;
    }>('SELECT * FROM workspaces WHERE id = ?', workspaceId))!;
    await emptyWorkspace(services, workspaceId);
    await clock.startNew(workspaceId);
    await clock.within(workspaceId, async () => {
      const accountsToAdd = seed === 'demo' ? demoAccountsFor(ws.slug) : [defaultAccount(ws.slug)];
      for (const [i, a] of accountsToAdd.entries())
        await services.workspaces.addAccount(workspaceId, a, i === 0);
    });
    if (seed === 'demo') {
      await store.run('UPDATE workspaces SET exploration = 1 WHERE id = ?', workspaceId);
      await fillDemo(services, { ...ws, exploration: 1 });
      await seedDemoAdsHistory(services, workspaceId);
    }
    return { workspace: ws.slug, seed: seed ?? null };
  });
}

/**
 * Deletes everything a workspace holds but itself and its keys (a reset, or a snapshot about to be
 * loaded), and puts its clock back to real time. Call inside a write transaction. Refused while an
 * advance moves its clock: it would go on stepping through what is gone.
 */
export async function emptyWorkspace(services: Services, workspaceId: string): Promise<void> {
  const { store, clock } = services.deps;
  await assertNoAdvance(store, clock.base.now(), workspaceId);
  const accounts = 'SELECT customer_id FROM ad_accounts WHERE workspace_id = ?';
  const platformCampaigns = `SELECT campaign_id FROM ads_campaigns WHERE customer_id IN (${accounts})`;
  const statements = [
    `DELETE FROM ads_settings_history WHERE campaign_id IN (${platformCampaigns})`,
    `DELETE FROM ads_status_changes WHERE campaign_id IN (${platformCampaigns})`,
    `DELETE FROM ads_campaigns WHERE customer_id IN (${accounts})`,
    // campaign_audiences go with their campaign (ON DELETE CASCADE), store links with their store
    'DELETE FROM campaigns WHERE workspace_id = ?',
    'DELETE FROM audiences WHERE workspace_id = ?',
    'DELETE FROM data_stores WHERE workspace_id = ?',
    'DELETE FROM brands WHERE workspace_id = ?',
    'DELETE FROM yt_comments WHERE owner = ?',
    'DELETE FROM yt_videos WHERE owner = ?',
    'DELETE FROM yt_channels WHERE owner = ?',
    'DELETE FROM jobs WHERE workspace_id = ?',
    'DELETE FROM idempotency WHERE api_key_id IN (SELECT id FROM api_keys WHERE workspace_id = ?)',
    'DELETE FROM fault_rules WHERE workspace_id = ?',
    'DELETE FROM clock_advances WHERE workspace_id = ?',
    'DELETE FROM fixture_refs WHERE workspace_id = ?',
    'DELETE FROM ad_accounts WHERE workspace_id = ?',
  ];
  for (const sql of statements) await store.run(sql, workspaceId);
  await clock.forget(workspaceId);
}

async function assertNoAdvance(store: Store, now: Date, workspaceId: string): Promise<void> {
  const running = await store.get<{ target: string }>(
    'SELECT target FROM clock_advances WHERE workspace_id = ? AND lease_until > ?',
    workspaceId,
    now.toISOString(),
  );
  if (running)
    throw conflict(
      `the clock of this workspace is being moved to ${running.target}; wait for it to finish, then try again`,
    );
}
