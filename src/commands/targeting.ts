import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ApiClient } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import { bold, cyan, escapeControl, gray, line, notice, printJson, red, statusText, table, warn, type Text } from '../lib/output.ts';
import { operation, validateLocally } from '../lib/validate.ts';
import { follow } from '../lib/wait.ts';
import { MATCH_TYPES, TARGETING_SECTIONS, type TargetingSection } from '../generated/contract.ts';
import type { Responses, Targeting } from '../generated/responses.ts';

type GenerateResult = Responses['generate_targeting'];

/** A section's title: Keywords, Segments, … */
const titleOf = (section: TargetingSection) => section[0]!.toUpperCase() + section.slice(1);


/**
 * The targeting for people: per audience slot a header (name, id, coloured status, error), then its
 * items grouped by section with match type and source. Piped: one tab-separated line per item
 * (slot, slot name, slot status, section, text, label, match type, source); a slot without items
 * gets one line with `-` in the item columns, so its status still shows.
 */
export function showTargeting(io: IOStreams, t: Targeting): void {
  if (!io.isStdoutTTY()) {
    const rows: (string | null)[][] = [];
    for (const s of t.audiences) {
      if (s.items.length === 0) rows.push([s.id, s.name, s.status, null, null, null, null, null]);
      for (const i of s.items) rows.push([s.id, s.name, s.status, i.section, i.text, i.label, i.matchType, i.source]);
    }
    table(io, ['SLOT', 'NAME', 'STATUS', 'SECTION', 'TEXT', 'LABEL', 'MATCH', 'SOURCE'], rows);
    return;
  }
  const out = (...parts: Text[]) => line(io, ...parts);
  out(bold('Targeting'), ` of campaign ${t.campaignId}${t.campaignType ? ` (${t.campaignType})` : ''}`);
  if (t.audiences.length === 0) out(gray('No audience slots.'));
  for (const s of t.audiences) {
    out();
    const counts = TARGETING_SECTIONS.map((sec) => [sec, s.items.filter((i) => i.section === sec).length] as const).filter(([, n]) => n > 0);
    out(
      bold(s.name),
      ' ',
      gray(`slot ${s.id}`),
      '  ',
      statusText(s.status),
      s.audienceId ? gray(`  saved audience ${s.audienceId}`) : null,
      s.updatedAt ? gray(`  updated ${s.updatedAt.slice(0, 16).replace('T', ' ')}`) : null,
    );
    // A ready slot may carry a notice from its generation (e.g. little text in the campaign's language).
    if (s.error) out(s.status === 'error' ? red(`  error: ${s.error}`) : gray(`  note: ${s.error}`));
    if (counts.length) out(gray(`  ${counts.map(([sec, n]) => `${n} ${sec}`).join(', ')}`));
    else if (s.status === 'not_generated') out(gray(`  no targeting yet: adcli targeting generate ${t.campaignId} --wait`));
    else if (s.status !== 'generating') out(gray('  no items'));
    for (const sec of TARGETING_SECTIONS) {
      const items = s.items.filter((i) => i.section === sec);
      if (!items.length) continue;
      out('  ', bold(titleOf(sec)), ' ', gray(`(${items.length})`));
      // Compact aligned columns under the section, fitted to the terminal like any table.
      const rows =
        sec === 'keywords'
          ? items.map((i) => [i.text, cyan(i.matchType), gray(i.source)])
          : sec === 'websites'
            ? items.map((i) => [i.label, cyan(i.text), gray(i.source)])
            : items.map((i) => [i.label, gray(i.source)]);
      table(io, rows[0]!.map(() => ''), rows, { header: false, indent: 4 });
    }
  }
}

function output(io: IOStreams, o: { json?: boolean }, t: unknown): void {
  if (o.json) printJson(io, t);
  else showTargeting(io, t as Targeting);
}

async function checkCampaignId(campaignId: string): Promise<void> {
  await validateLocally((await operation('get_targeting')).params!, { campaignId }, 'path');
}

export async function show(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ wait?: boolean; waitTimeout: number }>(cmd);
  await checkCampaignId(campaignId);
  const client = await f.apiClient(o);
  const t = await client.call<Targeting>('get_targeting', { params: { campaignId } });
  if (!o.wait) return output(f.io, o, t);
  const generating = t.audiences.filter((s) => s.status === 'generating').map((s) => s.id);
  const final = await waitForSlots(f, o, client, campaignId, generating, t);
  finish(f.io, o, campaignId, final, generating);
}

export async function generate(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ audience?: string[]; wait?: boolean; waitTimeout: number; idempotencyKey?: string }>(cmd);
  const io = f.io;
  const op = await operation('generate_targeting');
  const body = o.audience?.length ? { audienceIds: o.audience } : {};
  await validateLocally(op.params!, { campaignId }, 'path');
  await validateLocally(op.body!, body, 'body');
  const client = await f.apiClient(o);
  const r = await client.call<GenerateResult>('generate_targeting', { params: { campaignId }, body, idempotencyKey: o.idempotencyKey });
  const nameOf = (id: string) => r.audiences.find((s) => s.id === id)?.name ?? '';

  if (!o.wait) {
    if (o.json) return printJson(io, r);
    table(
      io,
      [{ header: 'SLOT', cut: false }, 'NAME', { header: 'RESULT', cut: false }, 'REASON'],
      [...r.started.map((id) => [id, nameOf(id), 'started', null]), ...r.skipped.map((s) => [s.id, nameOf(s.id), 'skipped', s.reason])],
      { empty: `Campaign ${campaignId} has no audience slot to generate.` },
    );
    if (r.started.length) notice(io, `Generating in the background. Follow it with: adcli targeting show ${campaignId} --wait`);
    return;
  }

  // Slots another run had already started are waited for too, so `generate --wait` again resumes.
  const named = o.audience ? new Set(o.audience) : null;
  const awaited = [
    ...new Set([...r.started, ...r.audiences.filter((s) => s.status === 'generating' && (!named || named.has(s.id))).map((s) => s.id)]),
  ];
  const skipped = (s: { id: string; reason: string }) => `${escapeControl(nameOf(s.id) || s.id)} (slot ${s.id}): ${escapeControl(s.reason)}`;
  // Nothing to wait for: every slot was skipped, and the API said why for each.
  if (awaited.length === 0) throw nothingGenerated(campaignId, r.skipped.map(skipped));

  // Waiting: the summary is for people (stderr); stdout gets only the final targeting.
  for (const id of r.started) notice(io, `Started ${escapeControl(nameOf(id) || id)} (slot ${id}).`);
  for (const s of r.skipped) warn(io, `Skipped ${skipped(s)}`);
  const { started: _s, skipped: _k, ...targeting } = r;
  const final = await waitForSlots(f, o, client, campaignId, awaited, targeting);
  finish(io, o, campaignId, final, awaited);
}

/**
 * `generate --wait` that has nothing to wait for: exit 3 with each slot's reason, and what to do
 * about the usual ones (a slot without data stores, targeting already generated).
 */
function nothingGenerated(campaignId: string, reasons: string[]): CliError {
  const what = reasons.length ? `every audience slot was skipped:\n${reasons.map((r) => `  ${r}\n`).join('')}` : 'the campaign has no audience slot.\n';
  return new CliError(
    `nothing was generated for campaign ${campaignId}: ${what}` +
      `Give a slot data stores: adcli campaigns audiences update ${campaignId} SLOT --data-store ID\n` +
      `Regenerate a slot: adcli targeting generate ${campaignId} --audience SLOT --wait`,
    EXIT.refused,
  );
}

/** Prints the final targeting, and fails with 10 when one of the awaited slots ended in error. */
function finish(io: IOStreams, o: { json?: boolean }, campaignId: string, t: Targeting, awaited: string[]): void {
  output(io, o, t);
  const failed = t.audiences.filter((s) => awaited.includes(s.id) && s.status === 'error');
  if (failed.length) {
    const what = failed.map((s) => `${escapeControl(s.name)} (slot ${s.id}): ${escapeControl(s.error || 'no reason given')}`).join('; ');
    throw new CliError(
      `targeting of campaign ${campaignId} ended in error for ${what}. Fix it, then run adcli targeting generate ${campaignId} --audience ${failed[0]!.id} --wait`,
      EXIT.jobFailed,
    );
  }
}

function summary(t: Targeting, awaited: string[]): string {
  const slots = t.audiences.filter((s) => awaited.includes(s.id));
  const ready = slots.filter((s) => s.status !== 'generating').length;
  return `${ready}/${slots.length} audience slot${slots.length === 1 ? '' : 's'} done`;
}

/**
 * Polls get_targeting until none of the awaited slots is generating (ready or error): the shared
 * `--wait` (spinner or progress lines, timeout exit 8, Ctrl-C exit 130, the generation goes on).
 */
async function waitForSlots(
  f: Factory,
  o: { waitTimeout: number; json?: boolean },
  client: ApiClient,
  campaignId: string,
  awaited: string[],
  initial: Targeting,
): Promise<Targeting> {
  if (awaited.length === 0) {
    notice(f.io, 'Nothing is generating; showing the targeting as it is.');
    return initial;
  }
  return follow<Targeting>(f, {
    client,
    initial,
    poll: (signal) => client.call<Targeting>('get_targeting', { params: { campaignId }, signal }),
    settled: (t) => t.audiences.every((s) => !awaited.includes(s.id) || s.status !== 'generating'),
    describe: (t) => `targeting of campaign ${campaignId}: ${summary(t, awaited)}`,
    spinnerText: (t) => `Generating targeting of campaign ${campaignId}: ${summary(t, awaited)}`,
    timeoutMs: o.waitTimeout,
    json: o.json,
    job: 'the generation',
    still: 'still generating',
    resume: `See it with adcli targeting show ${campaignId}, or keep waiting with adcli targeting show ${campaignId} --wait`,
  });
}

/** "trail shoes:EXACT" → {text, matchType}: a match type in any case; without one the whole text is the keyword (the API's default). */
export function parseKeyword(spec: string): { text: string; matchType?: string } {
  const m = new RegExp(`^(.*):(${MATCH_TYPES.join('|')})$`, 'i').exec(spec);
  return m ? { text: m[1]!.trim(), matchType: m[2]!.toUpperCase() } : { text: spec.trim() };
}

async function readItemsFile(io: IOStreams, file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = file === '-' ? await io.readAll() : await readFile(file, 'utf8');
  } catch (e) {
    throw usageError(`cannot read ${file === '-' ? 'stdin' : file}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw usageError(`${file === '-' ? 'stdin' : file} is not JSON: ${(e as Error).message}`);
  }
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { items?: unknown }).items)) return (parsed as { items: unknown[] }).items;
  throw usageError(`${file === '-' ? 'stdin' : file} must hold {"items": [...]} or an array of items`);
}

export async function edit(f: Factory, campaignId: string, slotId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ file?: string; addKeyword?: string[]; remove?: string[]; idempotencyKey?: string }>(cmd);
  const op = await operation('edit_targeting');
  await validateLocally(op.params!, { campaignId, slotId }, 'path');
  if (!o.file && !o.addKeyword?.length && !o.remove?.length) {
    throw usageError('nothing to change: give --file, --add-keyword or --remove (see adcli targeting edit --help)');
  }
  let items: unknown[] | undefined = o.file ? await readItemsFile(f.io, o.file) : undefined;
  // Checked before any request: the file's items as they are, and the new keywords.
  if (items) await validateLocally(op.body!, { items }, 'body');
  const added = (o.addKeyword ?? []).map((k) => ({ section: 'keywords', ...parseKeyword(k) }));
  await validateLocally(op.body!, { items: added }, 'body');

  const client = await f.apiClient(o);
  if (!items) {
    const current = await client.call<Targeting>('get_targeting', { params: { campaignId } });
    const slot = current.audiences.find((s) => s.id === slotId);
    if (!slot) throw new CliError(`campaign ${campaignId} has no audience slot ${slotId}; see adcli targeting show ${campaignId}`, EXIT.refused);
    if (slot.status === 'generating') {
      throw new CliError(`the targeting of audience slot ${slotId} is generating; edit it once it is ready (adcli targeting show ${campaignId} --wait)`, EXIT.refused);
    }
    items = slot.items;
  }
  let list = items as Record<string, unknown>[];
  const same = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
  for (const r of o.remove ?? []) {
    const before = list.length;
    list = list.filter((i) => !same(i.text, r) && !same(i.label, r));
    if (list.length === before) warn(f.io, `No item "${escapeControl(r)}" in audience slot ${slotId}; nothing removed for it.`);
  }
  for (const k of added) {
    // A keyword already there gets the new match type instead of a duplicate.
    list = list.filter((i) => !(i.section === 'keywords' && same(i.text, k.text)));
    list.push(k);
  }
  const body = { items: list };
  await validateLocally(op.body!, body, 'body');
  const r = await client.call('edit_targeting', { params: { campaignId, slotId }, body, idempotencyKey: o.idempotencyKey });
  output(f.io, o, r);
}
