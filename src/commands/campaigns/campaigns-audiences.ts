/** `campaigns audiences list|add|update|remove`: the audience slots of one campaign. */
import type { Command } from 'commander';
import type { Campaign } from '../../generated/responses.ts';
import { generatingWords, sayingErrors, type Rewrite } from '../../lib/cli-words.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { once } from '../../lib/once.ts';
import { escapeControl, printJson, say } from '../../lib/output.ts';
import { checkRequest } from '../../lib/validate.ts';
import { showSlots } from './print-campaign.ts';
import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import { bodyFrom } from '../../lib/crud.ts';
import { flagsOf } from '../../lib/flag-words.ts';
import { bodyFieldsOf } from '../../lib/resource-flags.ts';

/** Flag → body field of add and update, from the slot's declaration (server/schemas/campaign.ts). */
const SLOT_FIELDS = bodyFieldsOf(RESOURCE_FLAGS.campaign_audience);
/** Body field → its flag, for the words of a refusal. */
const SLOT_FLAGS = flagsOf(SLOT_FIELDS);

/** `campaigns audiences list`: the slots of one campaign; --json prints them as one array. */
export async function audiencesList(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  await checkRequest('get_campaign', { params: { campaignId } });
  const client = await f.apiClient(o);
  const x = await client.call<Campaign>('get_campaign', { params: { campaignId } });
  if (o.json) printJson(f.io, x.audiences);
  else showSlots(f.io, x);
}

/** The next steps of the API's refusals of a change of slots, in commands. */
function slotWords(campaignId: string, slotId?: string): Rewrite[] {
  return [
    [
      /; set its dataStoreIds to \[\] instead$/,
      `; empty it instead: adcli campaigns audiences update ${campaignId} ${slotId ?? 'SLOT'} --no-data-store`,
    ],
    ...generatingWords(campaignId),
  ];
}

/** After a change of slots: the campaign's record with --json, else its slots and a line on stderr. */
function slotsChanged(f: Factory, o: { json?: boolean }, x: Campaign, said: string): void {
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
  const o = optionsOf<{ idempotencyKey?: string } & Record<string, unknown>>(cmd);
  const body = { audienceId, ...bodyFrom(o, SLOT_FIELDS) };
  await checkRequest('add_campaign_audience', { params: { campaignId }, body, flags: SLOT_FLAGS });
  const client = await f.apiClient(o);
  const x = await sayingErrors(slotWords(campaignId), () =>
    client.call<Campaign>('add_campaign_audience', {
      params: { campaignId },
      body,
      idempotencyKey: o.idempotencyKey,
    }),
  );
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
  const o = optionsOf<{ idempotencyKey?: string } & Record<string, unknown>>(cmd);
  // --no-data-store: an empty list
  const body: { name?: string; dataStoreIds?: string[] } = bodyFrom(o, SLOT_FIELDS);
  await checkRequest('update_campaign_audience', {
    params: { campaignId, slotId },
    body,
    flags: SLOT_FLAGS,
  });
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to change: give --name, --data-store or --no-data-store (see adcli campaigns audiences update --help)',
    );
  }
  const client = await f.apiClient(o);
  const x = await sayingErrors(slotWords(campaignId, slotId), () =>
    client.call<Campaign>('update_campaign_audience', {
      params: { campaignId, slotId },
      body,
      idempotencyKey: o.idempotencyKey,
    }),
  );
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
        const x = await (await client()).call<Campaign>('get_campaign', { params: { campaignId } });
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
  const api = await client();
  const x = await sayingErrors(slotWords(campaignId, slotId), () =>
    api.call<Campaign>('remove_campaign_audience', { params: { campaignId, slotId } }),
  );
  if (o.json) printJson(f.io, x);
  else say(f.io, `Removed audience slot ${slotId} from campaign ${campaignId}.`);
}
