/**
 * The server's `instructions` (sent once, at initialize): the rules every tool shares, said once
 * instead of in each tool's description; which tools this key sees and why others are hidden; and,
 * for the stdio `adcli mcp`, which backend it serves.
 */
import { SCOPES, type Scope } from '../schemas/common.ts';
import type { Tool } from './types.ts';

export const SHARED_RULES = [
  'Tools of an advertising-campaign API: campaigns, their audience slots and targeting, saved audiences, data stores of video-platform channels and videos, brands, the ad platform (accounts, publishing, performance) and channel exploration.',
  'Ids are 24 hex characters; video-platform channel ids UC and 22 more characters, video ids 11. A campaign holds audience slots: slotId/slotIds (from get_campaign or get_targeting). Saved audiences are reusable and separate: savedAudienceId/savedAudienceIds (from list_audiences); a slot may hold a copy of one.',
  "A campaign's status (draft, loading, ready, error) is its data readiness here, not delivery. adsStatus is delivery: ENABLED (running), PAUSED, REMOVED, or unpublished (not in the ad platform yet); list_campaigns filters on it. create_ads_campaign publishes a campaign PAUSED, so nothing spends money until a person enables it in the ad platform.",
  "Budgets and costs are in the currency of the campaign's ad-platform account (customerId; list_ads_accounts gives each account's currencyCode). Locations are ISO 3166 codes (DE, AT, US-CA); language a BCP 47 tag (de).",
  'Results are compact and leave out empty fields; a tool with a detail argument answers every field of the API record with detail: "full". Writes answer the compact record.',
  "Lists page: limit (1-100), then pass the answer's nextCursor as cursor; nextCursor null is the last page.",
  'Writes take an idempotencyKey (any unique string, e.g. a UUID): after a timeout or an error, retry with the same key and the same arguments and the change happens once (keys are kept 24 h); the same key with other arguments is an idempotency_conflict.',
  'Background work: generate_targeting, create_data_store, update_data_store and import_data_store take wait: true to answer when it is done (bounded; progress notifications if asked for); without it, poll get_targeting or get_data_store.',
  'Errors read "code: message — next step", the next step naming the tool to call.',
].join('\n');

/** The scopes that tools need (adcli serve's own `backend` scope has none). */
const TOOL_SCOPES = SCOPES.filter((s) => s !== 'backend');

export interface Viewer {
  /** the key's scopes; null when they could not be learned (all tools are listed then) */
  scopes: ReadonlySet<string> | null;
  /** whether the key's workspace was invited to channel exploration; null when not known */
  exploration: boolean | null;
  /**
   * The scopes were read off what a deployment's /mcp listed (adcli mcp): a missing exploration
   * tool may be a missing scope or a missing invitation, which that list cannot tell apart.
   */
  derived?: boolean;
  /** the key's account or campaign limits; null or absent for a key without */
  limits?: KeyLimits | null;
}

/** A key's limits as the instructions tell them. */
export interface KeyLimits {
  /** digits only, as keys keep them; null: every account */
  customerIds: readonly string[] | null;
  campaignIds: readonly string[] | null;
  /** the accounts the key may use, the one new campaigns go to first */
  accounts: readonly { customerId: string; currencyCode: string }[];
}

/** One line on what a limited key sees and may do, so an empty list is not read as "nothing exists". */
export function limitsLine(l: KeyLimits): string {
  const parts: string[] = [];
  if (l.customerIds) {
    const shown =
      l.accounts.map((a) => `${a.customerId} (${a.currencyCode})`).join(', ') ||
      'none of this workspace';
    parts.push(
      `This key is limited to ad-platform account${l.accounts.length === 1 ? '' : 's'} ${shown}: lists show only campaigns, reports and accounts there; a new campaign goes to ${l.accounts[0] ? l.accounts[0].customerId : 'no account'} unless customerId names another it may use, and budgets are in that account's currency.`,
    );
  }
  if (l.campaignIds) {
    parts.push(
      `This key is limited to campaign${l.campaignIds.length === 1 ? '' : 's'} ${l.campaignIds.join(', ')}: lists show only those, and it cannot create campaigns (create_campaign is not listed).`,
    );
  }
  parts.push('Anything outside the limit answers forbidden; a key without limits can act there.');
  return parts.join(' ');
}

/**
 * The viewer a deployment's /mcp listing stands for (adcli mcp): the scopes of the tools it listed,
 * exploration known only when its tools were listed; null names: nothing could be learned.
 */
export function viewerOfListing(
  tools: readonly Tool[],
  listed: ReadonlySet<string> | null,
): Viewer {
  if (!listed) return { scopes: null, exploration: null, derived: true };
  const scopes = new Set<string>(
    tools.filter((t) => listed.has(t.name)).map((t) => t.operation.scope),
  );
  return { scopes, exploration: scopes.has('exploration:read') ? true : null, derived: true };
}

/** Whether a key with these scopes may call the tool (exploration is invite-only besides its scope). */
function scopeAllows(viewer: Viewer): (tool: Tool) => boolean {
  return (tool) => {
    const scope = tool.operation.scope;
    if (viewer.scopes && !viewer.scopes.has(scope)) return false;
    return scope !== 'exploration:read' || viewer.exploration !== false;
  };
}

/** Tools that create campaigns: a key limited to certain campaigns can never use them (the API answers 403). */
const CREATES_CAMPAIGNS: ReadonlySet<string> = new Set(['create_campaign']);

/**
 * Whether the key may call the tool at all: its scopes allow it, and its limits do not refuse every
 * call (a key limited to campaigns cannot create one). Only such tools are listed.
 */
export function visibleTo(viewer: Viewer): (tool: Tool) => boolean {
  const allowed = scopeAllows(viewer);
  return (tool) =>
    allowed(tool) && !(viewer.limits?.campaignIds && CREATES_CAMPAIGNS.has(tool.name));
}

/** The instructions for one key: the shared rules, what the key sees, and the backend (stdio). */
export function instructionsFor(tools: readonly Tool[], viewer: Viewer, backend?: string): string {
  const lines = [SHARED_RULES];
  if (viewer.scopes === null) {
    lines.push(
      "This key's scopes could not be learned: every tool is listed, and one it may not call answers forbidden naming the scope it needs.",
    );
  } else {
    const has = TOOL_SCOPES.filter((s) => viewer.scopes!.has(s));
    const lacks = TOOL_SCOPES.filter((s) => !viewer.scopes!.has(s));
    const hidden = tools.filter((t) => !scopeAllows(viewer)(t)).length;
    const others = `${hidden} other tool${hidden === 1 ? '' : 's'}`;
    if (lacks.length === 0)
      lines.push(
        `This key has every scope (${has.join(', ')})${viewer.limits ? ', within the limits below' : ''}.`,
      );
    else if (viewer.derived) {
      const invite = lacks.includes('exploration:read')
        ? ' (for exploration, the scope or an invitation of the workspace)'
        : '';
      lines.push(
        `Only the tools the deployment lets this key call are listed; ${others} need what it lacks: ${lacks.join(', ')}${invite}.`,
      );
    } else
      lines.push(
        `This key's scopes: ${has.join(', ') || 'none for these tools'}. Only the tools they allow are listed; ${others} exist for keys with ${lacks.join(', ')}.`,
      );
  }
  if (
    viewer.exploration === false &&
    (viewer.scopes === null || viewer.scopes.has('exploration:read' satisfies Scope))
  ) {
    lines.push(
      'Channel exploration is invite-only and this workspace has not been invited: its tools are not listed.',
    );
  }
  if (viewer.limits) lines.push(limitsLine(viewer.limits));
  if (backend) lines.push(`Served by adcli mcp for ${backend}.`);
  return lines.join('\n');
}
