import type { Command } from 'commander';
import type { ApiClient } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import { runList, type ListFlags } from '../lib/list.ts';
import { c, fields, printJson, status, table } from '../lib/output.ts';
import { bodyFrom } from '../lib/crud.ts';
import { route } from '../lib/route.ts';
import { operation, validateLocally } from '../lib/validate.ts';
import { follow } from '../lib/wait.ts';
import { CAMPAIGN_TYPES } from '../tree/campaigns.ts';

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
};

/** The body from the flags: `--no-X` clears a nullable setting (null). */
export const bodyFromFlags = (opts: Record<string, unknown>) => bodyFrom(opts, FLAG_FIELDS, null);

export async function list(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags & { status?: string }>(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  await runList<any>(io, client, route('list_campaigns').path, { name: o.name, status: o.status }, o, (items) =>
    table(
      io,
      ['ID', 'NAME', 'STATUS', 'TYPE', 'BUDGET', 'AD PLATFORM', 'UPDATED'],
      items.map((x) => [
        x.id,
        x.name,
        status(io, x.status),
        x.campaignType,
        x.budget === null ? null : `${x.budget}${x.budgetType ? ` ${x.budgetType}` : ''}`,
        x.adsPlatform.campaignId ? `${status(io, x.adsPlatform.status)} ${x.adsPlatform.campaignId}` : null,
        x.updatedAt?.slice(0, 16).replace('T', ' '),
      ]),
    ),
  );
}

export function showCampaign(io: IOStreams, x: any): void {
  fields(io, [
    ['ID', x.id],
    ['Name', c(io).bold(x.name)],
    ['Status', status(io, x.status)],
    ['Objective', x.objective],
    ['Brand', x.brandId ? `${x.brand.name} (${x.brandId})` : null],
    ['Industry', x.industry],
    ['Language', x.language],
    ['Locations', x.locations.join(', ')],
    ['Success metrics', x.successMetrics.join('; ')],
    ['Type', x.campaignType],
    ['Budget', x.budget === null ? null : `${x.budget} ${x.budgetType ?? ''}`.trim()],
    ['End date', x.endDate],
    ['Bidding', x.biddingStrategy],
    ['Target CPA', x.targetCpa],
    ['Target ROAS', x.targetRoas],
    ['Ad platform', x.adsPlatform.campaignId ? `${status(io, x.adsPlatform.status)} campaign ${x.adsPlatform.campaignId}` : 'not created there'],
    ['Account', x.adsPlatform.customerId ? `${x.adsPlatform.customerId} ${x.adsPlatform.accountName ?? ''}`.trim() : null],
    ['URL', x.url],
    ['Created', x.createdAt],
    ['Updated', x.updatedAt],
  ]);
  if (x.audiences.length) {
    io.stdout.write('\n');
    table(
      io,
      ['AUDIENCE SLOT', 'NAME', 'SAVED AUDIENCE', 'DATA STORES'],
      x.audiences.map((a: any) => [a.id, a.name, a.audienceId ?? '(primary)', a.dataStoreIds.join(' ')]),
    );
  }
}

function output(io: IOStreams, o: { json?: boolean }, record: unknown): void {
  if (o.json) printJson(io, record);
  else showCampaign(io, record);
}

interface Campaign {
  id: string;
  status: 'draft' | 'loading' | 'ready' | 'error';
}

type WaitFlags = { wait?: boolean; waitTimeout: number };

/**
 * `--wait` on a campaign: polls it while it is loading (its data stores collect or its targeting
 * generates), with the shared --wait; then prints it, and ends with exit 10 when it is in error.
 */
async function settle(f: Factory, o: WaitFlags & { json?: boolean }, client: ApiClient, campaign: Campaign): Promise<void> {
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
  output(f.io, o, x);
  if (x.status === 'error') throw await campaignFailed(client, id);
}

/** Exit 10 naming the audience slots whose targeting failed, with their errors. */
async function campaignFailed(client: ApiClient, id: string): Promise<CliError> {
  const t = await client.call<{ audiences: { id: string; name: string; status: string; error: string }[] }>('get_targeting', { params: { campaignId: id } });
  const failed = t.audiences.filter((s) => s.status === 'error');
  const what = failed.length ? `: targeting of ${failed.map((s) => `${s.name} (slot ${s.id}): ${s.error || 'no reason given'}`).join('; ')}` : '';
  return new CliError(`campaign ${id} ended in error${what}. See adcli targeting show ${id}`, EXIT.jobFailed);
}

export async function get(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags>(cmd);
  const client = await f.apiClient(o);
  const campaign = await client.call<Campaign>('get_campaign', { params: { campaignId: id } });
  if (o.wait) await settle(f, o, client, campaign);
  else output(f.io, o, campaign);
}

export async function create(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<WaitFlags & Record<string, unknown>>(cmd);
  const prompter = f.prompter;
  const body = bodyFromFlags(o);
  if (body.name === undefined) {
    body.name = await prompter.ask('--name', 'Campaign name', { validate: (v) => (v.length >= 1 && v.length <= 160) || 'between 1 and 160 characters' });
    if (prompter.canPrompt()) {
      if (body.objective === undefined) body.objective = await prompter.ask('--objective', 'Objective (what it should achieve, for whom)', { default: '' });
      if (body.campaignType === undefined) body.campaignType = await prompter.choose('--type', 'Campaign type', CAMPAIGN_TYPES);
      if (body.budget === undefined) {
        const b = await prompter.ask('--budget', 'Daily budget (empty for none)', { default: '' });
        if (b) {
          body.budget = Number(b);
          body.budgetType = body.budgetType ?? 'daily';
        }
      }
    }
  }
  const op = await operation('create_campaign');
  await validateLocally(op.body!, body, 'body');
  const client = await f.apiClient(o);
  const campaign = await client.call<Campaign>('create_campaign', { body, idempotencyKey: o.idempotencyKey as string | undefined });
  if (o.wait) await settle(f, o, client, campaign);
  else output(f.io, o, campaign);
}

export async function update(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFromFlags(o);
  const op = await operation('update_campaign');
  await validateLocally(op.params!, { campaignId: id }, 'path');
  await validateLocally(op.body!, body, 'body');
  if (Object.keys(body).length === 0) {
    throw usageError('nothing to change: give at least one setting flag (see adcli campaigns update --help)');
  }
  const client = await f.apiClient(o);
  output(f.io, o, await client.call('update_campaign', { params: { campaignId: id }, body, idempotencyKey: o.idempotencyKey as string | undefined }));
}

export async function remove(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  await validateLocally((await operation('delete_campaign')).params!, { campaignId: id }, 'path');
  await f.prompter.confirmDelete(`campaign ${id}`, o.yes);
  const client = await f.apiClient(o);
  const r = await client.call('delete_campaign', { params: { campaignId: id } });
  if (o.json) printJson(f.io, r);
  else f.io.stderr.write(`Deleted campaign ${id}.\n`);
}

export async function publish(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ customerId?: string }>(cmd);
  const op = await operation('create_ads_campaign');
  const body = o.customerId ? { customerId: o.customerId } : {};
  await validateLocally(op.params!, { campaignId: id }, 'path');
  await validateLocally(op.body!, body, 'body');
  const client = await f.apiClient(o);
  const r = await client.call<any>('create_ads_campaign', { params: { campaignId: id }, body, idempotencyKey: o.idempotencyKey });
  if (o.json) printJson(f.io, r);
  else {
    showCampaign(f.io, r);
    f.io.stderr.write(`Created in the ad platform as campaign ${r.adsPlatform.campaignId}, PAUSED: nothing spends until someone turns it on there. Settings and targeting go over at the next sync.\n`);
  }
}
