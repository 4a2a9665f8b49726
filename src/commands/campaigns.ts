import type { Command } from 'commander';
import { ApiCallError, type ApiClient } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import { runList, type ListFlags } from '../lib/list.ts';
import { accountsOf, currencyOf, withCurrency } from '../lib/accounts.ts';
import { isLocal } from '../lib/target.ts';
import {
  bold,
  escapeControl,
  fields,
  hint,
  printJson,
  say,
  statusText,
  table,
  warn,
} from '../lib/output.ts';
import { bodyFrom } from '../lib/crud.ts';
import { route } from '../lib/route.ts';
import { checkRequest } from '../lib/validate.ts';
import { follow } from '../lib/wait.ts';
import { BOUNDS, CAMPAIGN_TYPES } from '../generated/contract.ts';
import type { Campaign } from '../generated/responses.ts';

/** Flag name → API field, for the settings flags of create and update. */
const FLAG_FIELDS: Record<string, string> = {
  name: 'name',
  objective: 'objective',
  brand: 'brandId',
  industry: 'industry',
  language: 'language',
  location: 'locations',
  successMetric: 'successMetrics',
  type: 'campaignType',
  budget: 'budget',
  budgetType: 'budgetType',
  endDate: 'endDate',
  bidding: 'biddingStrategy',
  targetCpa: 'targetCpa',
  targetRoas: 'targetRoas',
  dataStore: 'dataStoreIds',
  audience: 'audienceIds',
  customerId: 'customerId',
};

/** The body from the flags: `--no-X` clears a nullable setting (null). */
export const bodyFromFlags = (opts: Record<string, unknown>) => bodyFrom(opts, FLAG_FIELDS, null);

export async function list(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags & { status?: string; adsStatus?: string }>(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  // Budgets are in their account's currency, said next to each (asked beside the list, not after it).
  const accounts = o.json ? undefined : accountsOf(client).catch(() => []);
  await runList<any>(
    io,
    client,
    route('list_campaigns').path,
    { name: o.name, status: o.status, adsStatus: o.adsStatus },
    o,
    {
      // Narrow terminals keep the id, the name (cut) and the status; the others go, last ones first.
      render: async (items) => {
        const known = (await accounts) ?? [];
        table(
          io,
          [
            { header: 'ID', cut: false },
            { header: 'NAME', comfortable: 30 },
            { header: 'STATUS', cut: false },
            { header: 'TYPE', drop: 4 },
            { header: 'BUDGET', cut: false, drop: 3 },
            { header: 'AD PLATFORM', drop: 2 },
            { header: 'UPDATED', cut: false, drop: 1 },
          ],
          items.map((x) => [
            x.id,
            x.name,
            statusText(x.status),
            x.campaignType,
            budgetText(x, currencyOf(known, x.adsPlatform.customerId)),
            x.adsPlatform.campaignId
              ? [statusText(x.adsPlatform.status), ` ${x.adsPlatform.campaignId}`]
              : null,
            x.updatedAt?.slice(0, 16).replace('T', ' '),
          ]),
        );
      },
      empty: o.name || o.status || o.adsStatus ? 'No campaigns match.' : 'No campaigns yet.',
    },
  );
}

/** `50 USD daily`: the amount, its account's currency (when known) and the budget type. */
function budgetText(
  x: { budget: number | null; budgetType: string | null },
  currency: string | undefined,
): string | null {
  return x.budget === null
    ? null
    : `${withCurrency(x.budget, currency)}${x.budgetType ? ` ${x.budgetType}` : ''}`;
}

/** A campaign for people; `currency` is its account's (list_ads_accounts), for the amounts. */
export function showCampaign(io: IOStreams, x: any, currency?: string): void {
  fields(io, [
    ['ID', x.id],
    ['Name', bold(x.name)],
    ['Status', statusText(x.status)],
    ['Objective', x.objective],
    ['Brand', x.brandId ? `${x.brand.name} (${x.brandId})` : null],
    ['Industry', x.industry],
    ['Language', x.language],
    ['Locations', x.locations.join(', ')],
    ['Success metrics', x.successMetrics.join('; ')],
    ['Type', x.campaignType],
    ['Budget', budgetText(x, currency)],
    ['End date', x.endDate],
    ['Bidding', x.biddingStrategy],
    ['Target CPA', x.targetCpa === null ? null : withCurrency(x.targetCpa, currency)],
    ['Target ROAS', x.targetRoas],
    [
      'Ad platform',
      x.adsPlatform.campaignId
        ? [statusText(x.adsPlatform.status), ` campaign ${x.adsPlatform.campaignId}`]
        : 'not created there',
    ],
    [
      'Account',
      x.adsPlatform.customerId
        ? `${x.adsPlatform.customerId} ${x.adsPlatform.accountName ?? ''}`.trim()
        : null,
    ],
    ['URL', x.url],
    ['Created', x.createdAt],
    ['Updated', x.updatedAt],
  ]);
  if (x.audiences.length) {
    io.stdout.write('\n');
    showSlots(io, x);
  }
}

/** The audience slots of a campaign, as a table. */
export function showSlots(io: IOStreams, x: CampaignRecord): void {
  table(
    io,
    [
      { header: 'AUDIENCE SLOT', cut: false },
      'NAME',
      { header: 'SAVED AUDIENCE', cut: false },
      'DATA STORES',
    ],
    x.audiences.map((a) => [a.id, a.name, a.audienceId ?? '(primary)', a.dataStoreIds.join(' ')]),
    { empty: `Campaign ${x.id} has no audience slots.` },
  );
}

/** A campaign record: the API's JSON, or for people with the currency of its account. */
async function output(
  io: IOStreams,
  o: { json?: boolean },
  record: Campaign,
  client: ApiClient,
): Promise<void> {
  if (o.json) printJson(io, record);
  else
    showCampaign(io, record, currencyOf(await accountsOf(client), record.adsPlatform.customerId));
}

/** A campaign record, as the API answers it. */
type CampaignRecord = Campaign;

type WaitFlags = { wait?: boolean; waitTimeout: number };

/**
 * `--wait` on a campaign: polls it while it is loading (its data stores collect or its targeting
 * generates), with the shared --wait; then prints it, and ends with exit 10 when it is in error.
 */
async function settle(
  f: Factory,
  o: WaitFlags & { json?: boolean },
  client: ApiClient,
  campaign: Campaign,
): Promise<void> {
  const id = campaign.id;
  const x = await follow<Campaign>(f, {
    client,
    initial: campaign,
    poll: (signal) => client.call<Campaign>('get_campaign', { params: { campaignId: id }, signal }),
    settled: (c) => c.status !== 'loading',
    describe: (c) => `campaign ${id} ${c.status}`,
    spinnerText: (c) => `Loading campaign ${id}: ${c.status}`,
    timeoutMs: o.waitTimeout,
    json: o.json,
    job: 'the work',
    still: 'still loading',
    resume: `See it with adcli campaigns get ${id}, or keep waiting with adcli campaigns get ${id} --wait`,
  });
  await output(f.io, o, x, client);
  if (x.status === 'error') throw await campaignFailed(client, id);
}

/** Exit 10 naming the audience slots whose targeting failed, with their errors. */
async function campaignFailed(client: ApiClient, id: string): Promise<CliError> {
  const t = await client.call<{
    audiences: { id: string; name: string; status: string; error: string }[];
  }>('get_targeting', { params: { campaignId: id } });
  const failed = t.audiences.filter((s) => s.status === 'error');
  const what = failed.length
    ? `: targeting of ${failed.map((s) => `${escapeControl(s.name)} (slot ${s.id}): ${escapeControl(s.error || 'no reason given')}`).join('; ')}`
    : '';
  return new CliError(
    `campaign ${id} ended in error${what}. See adcli targeting show ${id}`,
    EXIT.jobFailed,
  );
}

export async function get(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags>(cmd);
  await checkRequest('get_campaign', { params: { campaignId: id } });
  const client = await f.apiClient(o);
  const campaign = await client.call<Campaign>('get_campaign', { params: { campaignId: id } });
  if (o.wait) await settle(f, o, client, campaign);
  else await output(f.io, o, campaign, client);
}

export async function create(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & Record<string, unknown>>(cmd);
  const prompter = f.prompter;
  const body = bodyFromFlags(o);
  if (body.name === undefined) {
    const { min, max } = BOUNDS.name;
    body.name = await prompter.ask('--name', 'Campaign name', {
      validate: (v) =>
        (v.length >= min && v.length <= max) || `between ${min} and ${max} characters`,
    });
    if (prompter.canPrompt()) {
      if (body.objective === undefined)
        body.objective = await prompter.ask(
          '--objective',
          'Objective (what it should achieve, for whom)',
          { default: '' },
        );
      if (body.campaignType === undefined)
        body.campaignType = await prompter.choose('--type', 'Campaign type', CAMPAIGN_TYPES);
      if (body.budget === undefined) {
        const b = await prompter.ask('--budget', 'Daily budget (empty for none)', { default: '' });
        if (b) {
          body.budget = Number(b);
          body.budgetType = body.budgetType ?? 'daily';
        }
      }
    }
  }
  await checkRequest('create_campaign', { body });
  const client = await f.apiClient(o);
  const campaign = await client.call<Campaign>('create_campaign', {
    body,
    idempotencyKey: o.idempotencyKey as string | undefined,
  });
  if (o.wait) await settle(f, o, client, campaign);
  else await output(f.io, o, campaign, client);
}

export async function update(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFromFlags(o);
  await checkRequest('update_campaign', { params: { campaignId: id }, body });
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to change: give at least one setting flag (see adcli campaigns update --help)',
    );
  }
  const client = await f.apiClient(o);
  await output(
    f.io,
    o,
    await client.call<Campaign>('update_campaign', {
      params: { campaignId: id },
      body,
      idempotencyKey: o.idempotencyKey as string | undefined,
    }),
    client,
  );
}

/** The client, made when first needed: a delete refused for want of --yes opens nothing. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** A campaign as people know it: its name (escaped) and its id. */
const named = (x: { name: string; id: string }) => `"${escapeControl(x.name)}" (${x.id})`;

export async function remove(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  await checkRequest('delete_campaign', { params: { campaignId: id } });
  const client = once(() => f.apiClient(o));
  let seen: CampaignRecord | undefined;
  // Asked on a terminal only: the question names the campaign and says when it runs in the ad platform.
  await f.prompter.confirmDelete(`campaign ${id}`, o.yes, async () => {
    const x = (seen = await (
      await client()
    ).call<CampaignRecord>('get_campaign', { params: { campaignId: id } }));
    const ads = x.adsPlatform;
    const live = ads.campaignId && ads.status === 'ENABLED';
    return {
      warning: live
        ? `"${escapeControl(x.name)}" is live in the ad platform:\n` +
          `its campaign ${ads.campaignId}${ads.customerId ? ` (account ${ads.customerId})` : ''} is ENABLED.\n` +
          'Deleting it here does not stop it: it keeps running there;\npause it in the ad platform.'
        : undefined,
      question: `Delete campaign ${named(x)}${live ? ' anyway' : ''}?`,
    };
  });
  // Whether it is in the ad platform is read before the delete: afterwards the record is gone.
  const before = seen ?? (await recordOrUnknown(await client(), id));
  const r = await (await client()).call('delete_campaign', { params: { campaignId: id } });
  if (o.json) printJson(f.io, r);
  else say(f.io, `Deleted campaign ${id}.`);
  await sayWhatRemains(f.io, await client(), id, before);
}

/** The record, or undefined when this key may not read it (the delete still decides). */
async function recordOrUnknown(client: ApiClient, id: string): Promise<CampaignRecord | undefined> {
  try {
    return await client.call<CampaignRecord>('get_campaign', { params: { campaignId: id } });
  } catch (e) {
    if (e instanceof ApiCallError) return undefined;
    throw e;
  }
}

/**
 * A delete leaves the campaign's ad-platform campaign as it was (the contract): said on stderr, with
 * how to remove it there. On adcli serve that is its ad-platform control; elsewhere the platform itself.
 */
async function sayWhatRemains(
  io: IOStreams,
  client: ApiClient,
  id: string,
  before: CampaignRecord | undefined,
): Promise<void> {
  if (before && !before.adsPlatform.campaignId) return;
  const ads = before?.adsPlatform;
  if (ads?.status === 'REMOVED') {
    say(io, `Its ad-platform campaign ${ads.campaignId} was already REMOVED there.`);
    return;
  }
  const how = await removalHint(client, id);
  if (!ads) {
    hint(
      io,
      `If it was in the ad platform, its campaign there is not deleted and keeps its status.\n${how}`,
    );
    return;
  }
  const where = `Its ad-platform campaign ${ads.campaignId}${ads.customerId ? ` (account ${ads.customerId})` : ''}`;
  if (ads.status === 'ENABLED')
    warn(io, `${where} is not deleted: it stays there ENABLED and keeps spending.\n${how}`);
  else
    say(
      io,
      `${where} is not deleted: it stays there ${ads.status ?? 'PAUSED'}, spending nothing unless it is turned on.\n${how}`,
    );
}

/** How to remove a platform campaign, a line that ends with the command when there is one: adcli serve's control (the local profile is one), else the platform itself. */
async function removalHint(client: ApiClient, id: string): Promise<string> {
  const command = `Remove it there with: adcli backend ads set-status ${id} REMOVED`;
  if (isLocal(client.target)) return command;
  try {
    await client.call('get_clock');
    return command;
  } catch (e) {
    if (e instanceof ApiCallError && e.status === 403)
      return `With a key that has the backend scope, remove it there: adcli backend ads set-status ${id} REMOVED`;
    if (e instanceof ApiCallError && e.status === 404)
      return 'This deployment is not adcli serve: remove it in the ad platform itself.';
    // The delete is done: a failed probe only leaves both ways open.
    return `Remove it in the ad platform itself; on adcli serve: adcli backend ads set-status ${id} REMOVED`;
  }
}

export async function publish(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ customerId?: string }>(cmd);
  const body = o.customerId ? { customerId: o.customerId } : {};
  await checkRequest('create_ads_campaign', { params: { campaignId: id }, body });
  const client = await f.apiClient(o);
  const r = await client.call<any>('create_ads_campaign', {
    params: { campaignId: id },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  if (o.json) printJson(f.io, r);
  else {
    showCampaign(f.io, r, currencyOf(await accountsOf(client), r.adsPlatform.customerId));
    say(
      f.io,
      `Created in the ad platform as campaign ${r.adsPlatform.campaignId}, PAUSED: nothing spends until someone turns it on there. Settings and targeting go over at the next sync.`,
    );
    hint(f.io, 'On adcli serve and the local profile, turn it on with:');
    hint(f.io, `  adcli backend ads set-status ${id} ENABLED`);
  }
}

// ---- the campaign's audience slots ------------------------------------------------------------

/** `campaigns audiences list`: the slots of one campaign; --json prints them as one array. */
export async function audiencesList(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  await checkRequest('get_campaign', { params: { campaignId } });
  const client = await f.apiClient(o);
  const x = await client.call<CampaignRecord>('get_campaign', { params: { campaignId } });
  if (o.json) printJson(f.io, x.audiences);
  else showSlots(f.io, x);
}

/** After a change of slots: the campaign's record with --json, else its slots and a line on stderr. */
function slotsChanged(f: Factory, o: { json?: boolean }, x: CampaignRecord, said: string): void {
  if (o.json) return printJson(f.io, x);
  showSlots(f.io, x);
  say(f.io, said);
}

/** `campaigns audiences add`: a slot holding a copy of a saved audience (its name and data stores). */
export async function audiencesAdd(
  f: Factory,
  campaignId: string,
  audienceId: string,
  cmd: Command,
): Promise<void> {
  const o = optionsOf<{ name?: string; idempotencyKey?: string }>(cmd);
  const body = { audienceId, ...(o.name !== undefined ? { name: o.name } : {}) };
  await checkRequest('add_campaign_audience', { params: { campaignId }, body });
  const client = await f.apiClient(o);
  const x = await client.call<CampaignRecord>('add_campaign_audience', {
    params: { campaignId },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const slot = x.audiences.find((a) => a.audienceId === audienceId);
  slotsChanged(
    f,
    o,
    x,
    slot
      ? `Attached a copy of saved audience ${audienceId} to campaign ${campaignId} as slot ${slot.id} ("${escapeControl(slot.name)}").\n` +
          `Generate its targeting with: adcli targeting generate ${campaignId} --audience ${slot.id} --wait`
      : `Attached a copy of saved audience ${audienceId} to campaign ${campaignId}.`,
  );
}

/** `campaigns audiences update`: a slot's name, and its data stores (the list given replaces the old one). */
export async function audiencesUpdate(
  f: Factory,
  campaignId: string,
  slotId: string,
  cmd: Command,
): Promise<void> {
  const o = optionsOf<{ name?: string; dataStore?: string[] | false; idempotencyKey?: string }>(
    cmd,
  );
  const body: { name?: string; dataStoreIds?: string[] } = {};
  if (o.name !== undefined) body.name = o.name;
  if (o.dataStore !== undefined) body.dataStoreIds = o.dataStore === false ? [] : o.dataStore;
  await checkRequest('update_campaign_audience', { params: { campaignId, slotId }, body });
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to change: give --name, --data-store or --no-data-store (see adcli campaigns audiences update --help)',
    );
  }
  const client = await f.apiClient(o);
  const x = await client.call<CampaignRecord>('update_campaign_audience', {
    params: { campaignId, slotId },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const stores = body.dataStoreIds;
  slotsChanged(
    f,
    o,
    x,
    `Changed audience slot ${slotId} of campaign ${campaignId}.` +
      (stores?.length
        ? ` Generate its targeting from the new data stores with: adcli targeting generate ${campaignId} --audience ${slotId} --wait`
        : ''),
  );
}

/** `campaigns audiences remove`: asks on a terminal (naming the slot and the campaign), --yes otherwise. */
export async function audiencesRemove(
  f: Factory,
  campaignId: string,
  slotId: string,
  cmd: Command,
): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  await checkRequest('remove_campaign_audience', { params: { campaignId, slotId } });
  const client = once(() => f.apiClient(o));
  await f.prompter.confirmOrYes(
    {
      question: async () => {
        const x = await (
          await client()
        ).call<CampaignRecord>('get_campaign', { params: { campaignId } });
        const slot = x.audiences.find((a) => a.id === slotId);
        if (!slot)
          throw new CliError(
            `campaign ${campaignId} has no audience slot ${slotId}; see adcli campaigns audiences list ${campaignId}`,
            EXIT.refused,
          );
        // The ids were typed; the names say whether they were the right ones.
        return {
          question: `Remove audience slot "${escapeControl(slot.name)}" and its targeting from campaign "${escapeControl(x.name)}"?`,
        };
      },
      withoutTerminal: `removing audience slot ${slotId} from campaign ${campaignId}`,
      declined: 'nothing removed',
    },
    o.yes,
  );
  const x = await (
    await client()
  ).call<CampaignRecord>('remove_campaign_audience', { params: { campaignId, slotId } });
  if (o.json) printJson(f.io, x);
  else say(f.io, `Removed audience slot ${slotId} from campaign ${campaignId}.`);
}
