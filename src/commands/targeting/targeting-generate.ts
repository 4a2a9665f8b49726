import type { Command } from 'commander';
import type { Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import { generatingWords, inCliWords, sayingErrors, type Rewrite } from '../../lib/cli-words.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { escapeControl, notice, printJson, say, table, warn } from '../../lib/output.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { finish, waitForSlots } from './wait-for-slots.ts';

type GenerateResult = Responses['generate_targeting'];

/**
 * `targeting generate CAMPAIGN [--audience SLOT… | --all] [--wait]`: without names the API starts
 * the slots not generated yet; --all names every slot of the campaign (one look at its targeting
 * first), so all of them regenerate; a slot already generating is not restarted but waited for.
 */
export async function generate(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{
    audience?: string[];
    all?: boolean;
    wait?: boolean;
    waitTimeout: number;
    idempotencyKey?: string;
  }>(cmd);
  if (o.all && o.audience?.length)
    throw usageError(
      '--all and --audience exclude each other: --all regenerates every audience slot of the campaign, --audience only the ones named',
    );
  const words = generateWords(campaignId);
  return sayingErrors(words, () => run(f, o, campaignId));
}

async function run(
  f: Factory,
  o: {
    audience?: string[];
    all?: boolean;
    wait?: boolean;
    waitTimeout: number;
    idempotencyKey?: string;
    json?: boolean;
  },
  campaignId: string,
): Promise<void> {
  const io = f.io;
  const op = await operation('generate_targeting');
  await validateLocally(op.params!, { campaignId }, 'path');
  let body: { audienceIds?: string[] } = o.audience?.length ? { audienceIds: o.audience } : {};
  await validateLocally(op.body!, body, 'body');
  const client = await f.apiClient(o);
  // --all: every slot by name, but those generating now (naming one is a 409); they are waited for.
  let generatingAlready: string[] = [];
  if (o.all) {
    const t = await client.call('get_targeting', { params: { campaignId } });
    generatingAlready = t.audiences.filter((s) => s.status === 'generating').map((s) => s.id);
    body = {
      audienceIds: t.audiences.filter((s) => s.status !== 'generating').map((s) => s.id),
    };
    await validateLocally(op.body!, body, 'body');
  }
  const r = await client.call<GenerateResult>('generate_targeting', {
    params: { campaignId },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const nameOf = (id: string) => r.audiences.find((s) => s.id === id)?.name ?? '';

  // What people read: the API's reasons in CLI words.
  const skips = r.skipped.map((x) => ({ id: x.id, reason: skipReason(campaignId, x) }));

  if (!o.wait) {
    if (o.json) return printJson(io, r);
    table(
      io,
      [{ header: 'SLOT', id: true }, 'NAME', { header: 'RESULT', cut: false }, 'REASON'],
      [
        ...r.started.map((id) => [id, nameOf(id), 'started', null]),
        ...skips.map((s) => [s.id, nameOf(s.id), 'skipped', s.reason]),
        // --all leaves a slot that is generating to finish what it started
        ...generatingAlready.map((id) => [id, nameOf(id), 'generating', 'already generating']),
      ],
      { empty: `Campaign ${campaignId} has no audience slot to generate.` },
    );
    if (r.started.length || generatingAlready.length)
      notice(
        io,
        `Generating in the background. Follow it with: adcli targeting show ${campaignId} --wait`,
      );
    return;
  }

  // Slots another run had already started are waited for too, so `generate --wait` again resumes.
  const named = o.audience ? new Set(o.audience) : null;
  const awaited = [
    ...new Set([
      ...r.started,
      ...r.audiences
        .filter((s) => s.status === 'generating' && (!named || named.has(s.id)))
        .map((s) => s.id),
    ]),
  ];
  const skipped = (s: { id: string; reason: string }) =>
    `${escapeControl(nameOf(s.id) || s.id)} (slot ${s.id}): ${escapeControl(s.reason)}`;
  // Nothing to wait for: every slot was skipped, and the API said why for each. Slots that already
  // have their targeting make that a success (a CI step run twice): nothing needed generating, and
  // the targeting is shown; only a campaign with no generated slot at all is a refusal.
  if (awaited.length === 0) {
    const done = new Set(r.audiences.filter((s) => s.status === 'ready').map((s) => s.id));
    if (done.size === 0) throw nothingGenerated(campaignId, skips.map(skipped));
    say(
      io,
      `Nothing needed generating: every audience slot of campaign ${campaignId} with data stores already has its targeting. To regenerate: --audience SLOT (every slot: --all).`,
    );
    for (const s of skips) if (!done.has(s.id)) warn(io, `Skipped ${skipped(s)}`);
    const { started: _s, skipped: _k, ...targeting } = r;
    return finish(io, o, campaignId, targeting, [], client);
  }

  // Waiting: the summary is for people (stderr); stdout gets only the final targeting.
  for (const id of r.started)
    notice(io, `Started ${escapeControl(nameOf(id) || id)} (slot ${id}).`);
  for (const id of generatingAlready)
    notice(io, `Waiting for ${escapeControl(nameOf(id) || id)} (slot ${id}), already generating.`);
  for (const s of skips) warn(io, `Skipped ${skipped(s)}`);
  const { started: _s, skipped: _k, ...targeting } = r;
  const final = await waitForSlots(f, o, client, campaignId, awaited, targeting);
  await finish(io, o, campaignId, final, awaited, client);
}

/**
 * `generate --wait` that has nothing to wait for: exit 3 with each slot's reason, each with what to
 * do about it (skipReason: give it data stores, regenerate it); the general steps when none is said.
 */
function nothingGenerated(campaignId: string, reasons: string[]): CliError {
  if (reasons.length)
    return new CliError(
      `nothing was generated for campaign ${campaignId}: every audience slot was skipped:\n` +
        reasons.map((r) => `  ${r}`).join('\n'),
      EXIT.refused,
    );
  return new CliError(
    `nothing was generated for campaign ${campaignId}: the campaign has no audience slot.\n` +
      `Give a slot data stores: adcli campaigns audiences update ${campaignId} SLOT --data-store ID\n` +
      `Regenerate a slot: adcli targeting generate ${campaignId} --audience SLOT --wait (every slot: --all)`,
    EXIT.refused,
  );
}

/** The next steps of generate_targeting's refusals, in commands. */
function generateWords(campaignId: string): Rewrite[] {
  return [
    [
      /\bget_targeting lists the slot ids \(audiences\[\]\.id\)/g,
      `adcli targeting show ${campaignId} lists the slot ids`,
    ],
    ...generatingWords(campaignId),
  ];
}

/** Why the API skipped a slot, in commands rather than the API's fields. */
export function skipReason(campaignId: string, s: { id: string; reason: string }): string {
  return inCliWords(s.reason, [
    [
      /^already generated; name it in audienceIds to regenerate$/,
      `already generated; regenerate it with --audience ${s.id} (or every slot with --all)`,
    ],
    [
      /^no data stores: add dataStoreIds to this audience first$/,
      `no data stores: give it some first with adcli campaigns audiences update ${campaignId} ${s.id} --data-store ID`,
    ],
  ]);
}
