import { digitsOnly, formatCustomerId } from '../lib/customer-id.ts';
import { forbidden } from '../lib/errors.ts';
import type { Scope } from '../schemas/common.ts';

/** Who is acting: a key of one workspace, with its scopes and optional limits (contract, Authentication 5). */
export interface Actor {
  keyId: string;
  workspaceId: string;
  workspaceSlug: string;
  exploration: boolean;
  scopes: ReadonlySet<Scope>;
  /** null: every ad-platform account of the workspace. Stored without dashes. */
  customerIds: readonly string[] | null;
  /** null: every campaign of the workspace. */
  campaignIds: readonly string[] | null;
  /** Base of the campaign `url` links (the application that opens a campaign). */
  appUrl: string;
}

export function assertCampaignAllowed(actor: Actor, campaignId: string): void {
  if (actor.campaignIds && !actor.campaignIds.includes(campaignId)) {
    throw forbidden(
      `this API key is limited to campaign${actor.campaignIds.length === 1 ? '' : 's'} ${actor.campaignIds.join(', ')} and may not use campaign ${campaignId}; use a key without that limit (adcli auth status shows a key's limits)`,
    );
  }
}

export function assertCustomerAllowed(actor: Actor, customerId: string | null): void {
  if (!actor.customerIds) return;
  if (customerId === null || !actor.customerIds.includes(digitsOnly(customerId))) {
    const limit = `ad-platform account${actor.customerIds.length === 1 ? '' : 's'} ${actor.customerIds.map(formatCustomerId).join(', ')}`;
    throw forbidden(
      customerId === null
        ? `this API key is limited to ${limit}, and this campaign has no account; use a key without that limit (adcli auth status shows a key's limits)`
        : `this API key is limited to ${limit} and may not use account ${formatCustomerId(customerId)}; use one of those, or a key without that limit (adcli auth status shows a key's limits)`,
    );
  }
}

/** An actor with every scope and no limits, for the operator's own tools (seeding, key management). */
export function systemActor(
  workspace: { id: string; slug: string; exploration: number | boolean },
  allScopes: readonly Scope[],
): Actor {
  return {
    keyId: 'system',
    workspaceId: workspace.id,
    workspaceSlug: workspace.slug,
    exploration: Boolean(workspace.exploration),
    scopes: new Set(allScopes),
    customerIds: null,
    campaignIds: null,
    appUrl: 'http://127.0.0.1/app',
  };
}
