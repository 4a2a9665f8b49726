import type { Command } from 'commander';
import type { Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { escapeControl, notice, printJson, table, warn } from '../../lib/output.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { finish, waitForSlots } from './wait-for-slots.ts';

type GenerateResult = Responses['generate_targeting'];

/** `targeting generate CAMPAIGN [--audience SLOT…] [--wait]`. */
export async function generate(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{
    audience?: string[];
    wait?: boolean;
    waitTimeout: number;
    idempotencyKey?: string;
  }>(cmd);
  const io = f.io;
  const op = await operation('generate_targeting');
  const body = o.audience?.length ? { audienceIds: o.audience } : {};
  await validateLocally(op.params!, { campaignId }, 'path');
  await validateLocally(op.body!, body, 'body');
  const client = await f.apiClient(o);
  const r = await client.call<GenerateResult>('generate_targeting', {
    params: { campaignId },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const nameOf = (id: string) => r.audiences.find((s) => s.id === id)?.name ?? '';

  if (!o.wait) {
    if (o.json) return printJson(io, r);
    table(
      io,
      [{ header: 'SLOT', cut: false }, 'NAME', { header: 'RESULT', cut: false }, 'REASON'],
      [
        ...r.started.map((id) => [id, nameOf(id), 'started', null]),
        ...r.skipped.map((s) => [s.id, nameOf(s.id), 'skipped', s.reason]),
      ],
      { empty: `Campaign ${campaignId} has no audience slot to generate.` },
    );
    if (r.started.length)
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
  // Nothing to wait for: every slot was skipped, and the API said why for each.
  if (awaited.length === 0) throw nothingGenerated(campaignId, r.skipped.map(skipped));

  // Waiting: the summary is for people (stderr); stdout gets only the final targeting.
  for (const id of r.started)
    notice(io, `Started ${escapeControl(nameOf(id) || id)} (slot ${id}).`);
  for (const s of r.skipped) warn(io, `Skipped ${skipped(s)}`);
  const { started: _s, skipped: _k, ...targeting } = r;
  const final = await waitForSlots(f, o, client, campaignId, awaited, targeting);
  await finish(io, o, campaignId, final, awaited, client);
}

/**
 * `generate --wait` that has nothing to wait for: exit 3 with each slot's reason, and what to do
 * about the usual ones (a slot without data stores, targeting already generated).
 */
function nothingGenerated(campaignId: string, reasons: string[]): CliError {
  const what = reasons.length
    ? `every audience slot was skipped:\n${reasons.map((r) => `  ${r}\n`).join('')}`
    : 'the campaign has no audience slot.\n';
  return new CliError(
    `nothing was generated for campaign ${campaignId}: ${what}` +
      `Give a slot data stores: adcli campaigns audiences update ${campaignId} SLOT --data-store ID\n` +
      `Regenerate a slot: adcli targeting generate ${campaignId} --audience SLOT --wait`,
    EXIT.refused,
  );
}
