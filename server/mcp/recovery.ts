/**
 * Errors a model can recover from: each names the tool to call next where there is one, speaks in
 * tool names rather than HTTP paths, says the argument names of the tool (slotIds, not the contract's
 * audienceIds), suggests the nearest argument for an unknown one, and, when a saved audience was
 * passed where a slot is meant (or the other way round), names the right id and argument.
 */
import { escapeRegExp } from '../lib/regexp.ts';
import type { Operation } from '../operations/operation.ts';
import type { CallApi, CallContext } from './types.ts';
import type { Json } from './views.ts';

/** Turns the API's words into the tools': HTTP paths into tool names, headers into arguments. */
export interface Translator {
  (text: string): string;
  /** the tool names, to tell whether a message already names one */
  names: readonly string[];
}

/**
 * Replaces `POST /data-stores/ID/import` (and its /api/v1 form) by the tool name, import_data_store
 * ("import_data_store (POST /data-stores/ID/import)" says it once), and the Idempotency-Key header
 * by the idempotencyKey argument.
 */
export function pathTranslator(ops: readonly Operation[]): Translator {
  const rules = [...ops]
    .sort((a, b) => b.path.length - a.path.length)
    .map((op) => ({
      re: new RegExp(
        `\\b${op.method} (?:/api/v1)?${op.path
          .split(/\{\w+\}/)
          .map(escapeRegExp)
          .join('[^\\s/]+')}(?![\\w/-])`,
        'g',
      ),
      name: op.name,
    }));
  const translate = (text: string) =>
    rules
      .reduce((t, r) => t.replace(r.re, r.name), text)
      .replace(/\b(\w+) \(\1\)/g, '$1')
      .replace(/\bIdempotency-Key( header)?\b/g, 'idempotencyKey');
  return Object.assign(translate, { names: ops.map((o) => o.name) });
}

/** The contract's field names in a message, said as the tool's argument names. */
export function renameFields(text: string, renames: Record<string, { from: string }>): string {
  let out = text;
  for (const [to, { from }] of Object.entries(renames))
    out = out.replace(new RegExp(`\\b${escapeRegExp(from)}\\b`, 'g'), to);
  return out;
}

/**
 * The next step after an API error of a tool, in tool names; undefined where none helps, or where
 * the API's message already names the tool to call (but a wait is MCP's own to offer).
 */
export function nextStep(
  tool: string,
  status: number,
  code: string,
  message: string,
  tools: readonly string[] = [],
): string | undefined {
  if (code === 'idempotency_conflict')
    return 'this idempotencyKey was used with other arguments: retry the very same call with it, or use a new key for new arguments';
  if (code === 'rate_limited')
    return 'wait the seconds said, then retry (with the same idempotencyKey for a write)';
  if (code === 'forbidden' && /lacks the \S+ scope/.test(message))
    return "tools/list shows the tools this key's scopes allow";
  if (code === 'forbidden' && /is limited to/.test(message))
    return "the instructions say this key's limits: act inside them, or ask a person for a key without them";
  if (status >= 500) return 'retry the same call (with the same idempotencyKey for a write)';
  if (status === 409 && /generating/.test(message)) {
    return tool === 'generate_targeting'
      ? 'call generate_targeting with wait: true to wait for that generation, or poll get_targeting until the slot is ready'
      : 'poll get_targeting (or call generate_targeting with wait: true) until the slot is ready, then retry';
  }
  if (tools.some((t) => new RegExp(`\\b${t}\\b`).test(message))) return undefined;
  if (status === 400) {
    const format = formatStep(message);
    if (format) return format;
  }
  if (status === 409 && tool === 'create_ads_campaign') {
    if (/already exists in the ad platform/.test(message))
      return `it is published already: ${TURN_ON}; get_campaign shows its adsStatus`;
    return 'set what is missing with update_campaign (campaignType, budget), then call create_ads_campaign again';
  }
  if (status === 409 && /library store/.test(message))
    return 'create_data_store makes a store of your own';
  if (status === 409 && /already attached/.test(message))
    return 'get_campaign shows the slot that holds it';
  if (status === 409 && /primary audience cannot be removed/.test(message))
    return 'update_campaign_audience with dataStoreIds: [] empties it instead';
  if (status === 404 || status === 400) {
    if (/no campaign [a-f0-9]{24}/.test(message)) return 'list_campaigns gives campaign ids';
    if (/no audience slot/.test(message)) return "get_campaign lists the campaign's slots (slotId)";
    if (/no (saved )?audience [a-f0-9]{24}/.test(message))
      return 'list_audiences gives savedAudienceIds';
    if (/no data store/.test(message)) return 'list_data_stores gives data store ids';
    if (/no brand/.test(message)) return 'list_brands gives brand ids';
    if (/(no|unknown) (ad-platform )?account|customer ?id/i.test(message))
      return 'list_ads_accounts gives the customerIds this key may use';
    if (/no channel|channel \S+ is not/.test(message))
      return 'search_exploration_channels finds channel ids';
  }
  if (status === 409 && /campaignType cannot change/.test(message))
    return 'create_campaign makes a new one';
  return undefined;
}

/** Where each kind of id comes from, by the argument that holds it. */
const ID_SOURCES: [RegExp, string][] = [
  [/^campaignIds?$/, 'list_campaigns gives campaign ids'],
  [/^slotIds?$/, "get_campaign lists the campaign's slots (slotId)"],
  [/^savedAudienceIds?$/, 'list_audiences gives savedAudienceIds'],
  [/^dataStoreIds?$/, 'list_data_stores gives data store ids'],
  [/^brandId$/, 'list_brands gives brand ids'],
];

/**
 * A value in the wrong format (`x must match PATTERN`): the format in words and where a right value
 * comes from: a 24-hex id, a channel id rather than a @handle, a YYYY-MM-DD date.
 */
function formatStep(message: string): string | undefined {
  const m = /^(\w+)(?:\[\d+\])?(?:\.\w+)* must match (\S+)/.exec(message);
  if (!m) return undefined;
  const [, field, pattern] = m as unknown as [string, string, string];
  if (pattern === '^[a-f0-9]{24}$') {
    const from = ID_SOURCES.find(([re]) => re.test(field))?.[1];
    return `ids are 24 lowercase hex characters, not names${from ? `: ${from}` : ''}`;
  }
  if (pattern.startsWith('^UC'))
    return 'a channel id is UC and 22 more characters, not a @handle or a name: search_exploration_channels finds it (channelId)';
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}'))
    return 'dates are YYYY-MM-DD (2026-12-31), not prose';
  return undefined;
}

/** Who turns a campaign on, said wherever a model tries to. */
export const TURN_ON =
  'no tool turns a campaign on or off: a person does it in the ad platform (create_ads_campaign publishes it PAUSED)';

/**
 * An unknown argument of a campaign tool that asks for delivery (adsStatus, enabled, ...): the
 * answer is who can, not the nearest argument.
 */
export function deliveryArgument(tool: string, arg: string): string | undefined {
  if (!/campaign/.test(tool)) return undefined;
  if (
    !/^(ads_?status|ads_?platform|enabled?|paused?|active|activate|delivery|serving|state|status)$/i.test(
      arg,
    )
  )
    return undefined;
  return `unknown field "${arg}": ${TURN_ON}; get_campaign shows its adsStatus`;
}

/** The argument of `known` nearest to an unknown one, if any is near enough. */
export function nearestArgument(unknown: string, known: readonly string[]): string | undefined {
  const u = unknown.toLowerCase();
  // words that mean an argument without looking like it: url for website
  const alias = ALIASES[u.replace(/[_-]/g, '')];
  if (alias && known.includes(alias)) return alias;
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const k = name.toLowerCase();
    // dailyBudget → budget, campaign_name → name: one contains the other (the longer such name wins)
    const contains =
      k.length >= 4 && (u.includes(k) || k.includes(u)) ? 0.3 - k.length / 1000 : Infinity;
    const score = Math.min(
      contains,
      distance(u.replace(/[_-]/g, ''), k) / Math.max(u.length, k.length),
    );
    if (score <= 0.34 && (!best || score < best.score)) best = { name, score };
  }
  return best?.name;
}

/** Names a model uses for an argument that no distance finds. */
const ALIASES: Record<string, string> = {
  url: 'website',
  link: 'website',
  site: 'website',
  homepage: 'website',
  websiteurl: 'website',
  title: 'name',
};

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length]!;
}

const idsOf = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string')
      : [];
const HEX = /^[a-f0-9]{24}$/;

async function getJson(
  call: CallApi,
  ctx: CallContext,
  path: string,
  query: Record<string, string> = {},
): Promise<Json | undefined> {
  const r = await call({ method: 'GET', path, query }, ctx);
  return r.status === 200 && typeof r.body === 'object' && r.body !== null
    ? (r.body as Json)
    : undefined;
}

const pass = (arg: string, ids: string[]) =>
  arg.endsWith('s')
    ? `pass ${arg}: ${JSON.stringify(ids)}`
    : `pass ${arg}: ${JSON.stringify(ids[0])}`;

/**
 * Whether saved-audience ids were given as slots of a campaign: the sentence that names the slot
 * holding each (or how to get one), else undefined. Asks the API with the caller's key.
 */
export async function savedAudienceAsSlot(
  arg: string,
  given: unknown,
  campaignId: unknown,
  call: CallApi,
  ctx: CallContext,
): Promise<string | undefined> {
  if (typeof campaignId !== 'string' || !HEX.test(campaignId)) return undefined;
  const campaign = await getJson(call, ctx, `/campaigns/${campaignId}`);
  if (!campaign) return undefined;
  const slots = (campaign.audiences ?? []) as Json[];
  const unknown = idsOf(given).filter((id) => HEX.test(id) && !slots.some((s) => s.id === id));
  const sentences: string[] = [];
  for (const id of unknown) {
    const holder = slots.find((s) => s.audienceId === id);
    if (holder)
      sentences.push(
        `${id} is a saved audience; slot ${holder.id} of campaign ${campaignId} holds it: ${pass(arg, [holder.id])}`,
      );
    else if (await getJson(call, ctx, `/audiences/${id}`)) {
      sentences.push(
        `${id} is a saved audience, not a slot of campaign ${campaignId}: attach it with add_campaign_audience (savedAudienceId) to get a slot, or pass a slot of the campaign (${slots.map((s) => `${s.id} "${s.name}"`).join(', ')})`,
      );
    }
  }
  return sentences.length ? sentences.join('; ') : undefined;
}

/**
 * Whether audience-slot ids were given as saved audiences: the sentence that names the campaign
 * holding each slot and the saved audience the slot copies, else undefined. Looks through the
 * workspace's campaigns (at most 500) with the caller's key.
 */
export async function slotAsSavedAudience(
  arg: string,
  given: unknown,
  call: CallApi,
  ctx: CallContext,
): Promise<string | undefined> {
  const ids = idsOf(given).filter((id) => HEX.test(id));
  if (!ids.length) return undefined;
  const sentences: string[] = [];
  let cursor: string | undefined;
  const found = new Set<string>();
  for (let page = 0; page < 5 && found.size < ids.length; page++) {
    const p = await getJson(call, ctx, '/campaigns', {
      limit: '100',
      ...(cursor ? { cursor } : {}),
    });
    if (!p) break;
    for (const c of (p.data ?? []) as Json[]) {
      for (const s of (c.audiences ?? []) as Json[]) {
        if (!ids.includes(s.id) || found.has(s.id)) continue;
        found.add(s.id);
        sentences.push(
          s.audienceId
            ? `${s.id} is audience slot "${s.name}" of campaign ${c.id}, not a saved audience; it holds saved audience ${s.audienceId}: ${pass(arg, [s.audienceId])}`
            : `${s.id} is the primary audience slot of campaign ${c.id}, not a saved audience; list_audiences gives savedAudienceIds`,
        );
      }
    }
    cursor = p.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return sentences.length ? sentences.join('; ') : undefined;
}
