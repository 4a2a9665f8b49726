import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ApiClient } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import {
  bold,
  cyan,
  escapeControl,
  gray,
  line,
  notice,
  printJson,
  red,
  statusText,
  table,
  warn,
  type Text,
} from '../lib/output.ts';
import { operation, validateLocally } from '../lib/validate.ts';
import { follow } from '../lib/wait.ts';
import { MATCH_TYPES, TARGETING_SECTIONS, type TargetingSection } from '../generated/contract.ts';
import type {
  Responses,
  Targeting,
  TargetingChange,
  TargetingExclusion,
} from '../generated/responses.ts';
import { ApiCallError } from '../lib/client.ts';

type GenerateResult = Responses['generate_targeting'];

/** A section's title: Keywords, Segments, … */
const titleOf = (section: TargetingSection) => section[0]!.toUpperCase() + section.slice(1);

/** A section's item, in a sentence: keyword, segment, topic, website. */
const itemWord = (section: string) => section.replace(/s$/, '');

/**
 * The targeting for people: per audience slot a header (name, id, coloured status, error), then its
 * items grouped by section, numbered in rank order, with match type and source, then what
 * regenerating leaves out (`exclusions`, by slot id, where known). Piped: one tab-separated line
 * per item (slot, slot name, slot status, section, text, label, match type, source); a slot
 * without items gets one line with `-` in the item columns, so its status still shows.
 */
export function showTargeting(
  io: IOStreams,
  t: Targeting,
  exclusions: ReadonlyMap<string, TargetingExclusion[]> = new Map(),
): void {
  if (!io.isStdoutTTY()) {
    const rows: (string | null)[][] = [];
    for (const s of t.audiences) {
      if (s.items.length === 0) rows.push([s.id, s.name, s.status, null, null, null, null, null]);
      for (const i of s.items)
        rows.push([s.id, s.name, s.status, i.section, i.text, i.label, i.matchType, i.source]);
    }
    table(io, ['SLOT', 'NAME', 'STATUS', 'SECTION', 'TEXT', 'LABEL', 'MATCH', 'SOURCE'], rows);
    return;
  }
  const out = (...parts: Text[]) => line(io, ...parts);
  out(
    bold('Targeting'),
    ` of campaign ${t.campaignId}${t.campaignType ? ` (${t.campaignType})` : ''}`,
  );
  if (t.audiences.length === 0) out(gray('No audience slots.'));
  for (const s of t.audiences) {
    out();
    const counts = TARGETING_SECTIONS.map(
      (sec) => [sec, s.items.filter((i) => i.section === sec).length] as const,
    ).filter(([, n]) => n > 0);
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
    if (s.error)
      out(s.status === 'error' ? red(`  error: ${s.error}`) : gray(`  note: ${s.error}`));
    if (counts.length) out(gray(`  ${counts.map(([sec, n]) => `${n} ${sec}`).join(', ')}`));
    else if (s.status === 'not_generated')
      out(gray(`  no targeting yet: adcli targeting generate ${t.campaignId} --wait`));
    else if (s.status !== 'generating') out(gray('  no items'));
    for (const sec of TARGETING_SECTIONS) {
      const items = s.items.filter((i) => i.section === sec);
      if (!items.length) continue;
      out('  ', bold(titleOf(sec)), ' ', gray(`(${items.length})`));
      // Compact aligned columns under the section, fitted to the terminal like any table; the
      // number is the rank (best first).
      const rows = items.map((i, n): Text[] => {
        const rank = gray(`${n + 1}.`);
        if (sec === 'keywords') return [rank, i.text, cyan(i.matchType), gray(i.source)];
        if (sec === 'websites') return [rank, i.label, cyan(i.text), gray(i.source)];
        return [rank, i.label, gray(i.source)];
      });
      table(
        io,
        rows[0]!.map(() => ''),
        rows,
        { header: false, indent: 4 },
      );
    }
    const left = exclusions.get(s.id) ?? [];
    if (left.length) {
      out('  ', bold('Left out'), ' ', gray(`(${left.length}, never added back by generating)`));
      table(
        io,
        ['', '', ''],
        left.map((e) => [gray(itemWord(e.section)), e.text, gray(e.reason)]),
        { header: false, indent: 4 },
      );
    }
  }
}

/** Each slot's exclusions, for a person reading the targeting (one request a slot). */
async function exclusionsOf(
  client: ApiClient,
  t: Targeting,
): Promise<Map<string, TargetingExclusion[]>> {
  const out = new Map<string, TargetingExclusion[]>();
  for (const s of t.audiences) {
    const r = await client.call('list_targeting_exclusions', {
      params: { campaignId: t.campaignId, slotId: s.id },
    });
    out.set(s.id, r.data);
  }
  return out;
}

async function output(
  io: IOStreams,
  o: { json?: boolean },
  t: Targeting,
  client: ApiClient,
): Promise<void> {
  if (o.json) return printJson(io, t);
  showTargeting(io, t, io.isStdoutTTY() ? await exclusionsOf(client, t) : undefined);
}

async function checkCampaignId(campaignId: string): Promise<void> {
  await validateLocally((await operation('get_targeting')).params!, { campaignId }, 'path');
}

export async function show(f: Factory, campaignId: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ wait?: boolean; waitTimeout: number }>(cmd);
  await checkCampaignId(campaignId);
  const client = await f.apiClient(o);
  const t = await client.call<Targeting>('get_targeting', { params: { campaignId } });
  if (!o.wait) return output(f.io, o, t, client);
  const generating = t.audiences.filter((s) => s.status === 'generating').map((s) => s.id);
  const final = await waitForSlots(f, o, client, campaignId, generating, t);
  await finish(f.io, o, campaignId, final, generating, client);
}

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

/** Prints the final targeting, and fails with 10 when one of the awaited slots ended in error. */
async function finish(
  io: IOStreams,
  o: { json?: boolean },
  campaignId: string,
  t: Targeting,
  awaited: string[],
  client: ApiClient,
): Promise<void> {
  await output(io, o, t, client);
  const failed = t.audiences.filter((s) => awaited.includes(s.id) && s.status === 'error');
  if (failed.length) {
    const what = failed
      .map(
        (s) =>
          `${escapeControl(s.name)} (slot ${s.id}): ${escapeControl(s.error || 'no reason given')}`,
      )
      .join('; ');
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
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { items?: unknown }).items))
    return (parsed as { items: unknown[] }).items;
  throw usageError(
    `${file === '-' ? 'stdin' : file} must hold {"items": [...]} or an array of items`,
  );
}

const SECTION_NAMES: Record<string, TargetingSection> = Object.fromEntries(
  TARGETING_SECTIONS.flatMap((sec) => [
    [sec, sec],
    [itemWord(sec), sec],
  ]),
);

/** "topics:/Sports" → {section, text}; without a known section in front, the section is undefined. */
export function parseRef(spec: string): { section?: TargetingSection; text: string } {
  const m = /^([a-z]+):(.+)$/is.exec(spec);
  const section = m ? SECTION_NAMES[m[1]!.toLowerCase()] : undefined;
  return section ? { section, text: m![2]!.trim() } : { text: spec.trim() };
}

/** --add SECTION:TEXT (a keyword may end in :MATCH, as with --add-keyword). */
function parseAdd(spec: string): Record<string, unknown> {
  const ref = parseRef(spec);
  if (!ref.section) {
    throw usageError(
      `--add ${JSON.stringify(spec)}: say the section first, {${TARGETING_SECTIONS.join(', ')}}, as in --add "topics:/Sports/Running" (or use --add-keyword)`,
    );
  }
  return ref.section === 'keywords'
    ? { section: 'keywords', ...parseKeyword(ref.text) }
    : { section: ref.section, text: ref.text };
}

const unique = <T extends { section: string; text: string }>(list: T[]): T[] =>
  list.filter((x, n) => list.findIndex((y) => keyOf(y) === keyOf(x)) === n);
const same = (a: unknown, b: string) =>
  typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
const keyOf = (i: { section: string; text: string }) =>
  `${i.section}\u0000${i.text.trim().replace(/\s+/g, ' ').toLowerCase()}`;

interface EditOptions {
  file?: string;
  addKeyword?: string[];
  add?: string[];
  remove?: string[];
  restore?: string[];
  idempotencyKey?: string;
  json?: boolean;
}

/**
 * `targeting edit`: a few items added, removed or restored (change_targeting_items), or the whole
 * list from --file (edit_targeting, the flags applied to the file's items first). Either way it
 * prints what changed, not the whole targeting; --json prints the change as change_targeting_items
 * answers it.
 */
export async function edit(
  f: Factory,
  campaignId: string,
  slotId: string,
  cmd: Command,
): Promise<void> {
  const o = optionsOf<EditOptions>(cmd);
  const change = await operation('change_targeting_items');
  await validateLocally(change.params!, { campaignId, slotId }, 'path');
  if (
    !o.file &&
    !o.addKeyword?.length &&
    !o.add?.length &&
    !o.remove?.length &&
    !o.restore?.length
  ) {
    throw usageError(
      'nothing to change: give --add-keyword, --add, --remove, --restore or --file (see adcli targeting edit --help)',
    );
  }
  if (o.file && o.restore?.length)
    throw usageError(
      '--restore cannot be combined with --file: the file is the whole list; run the restore on its own',
    );
  const added: Record<string, unknown>[] = [];
  // Checked before any request, each with its flag: the new items as the API would check them.
  for (const [flag, specs, parse] of [
    ['--add-keyword', o.addKeyword, (k: string) => ({ section: 'keywords', ...parseKeyword(k) })],
    ['--add', o.add, parseAdd],
  ] as const) {
    for (const spec of specs ?? []) {
      const item = parse(spec);
      await checkFlag(change.body!, flag, spec, { add: [item] }, 'add');
      added.push(item);
    }
  }
  for (const spec of o.remove ?? [])
    await checkFlag(
      change.body!,
      '--remove',
      spec,
      { remove: [{ section: 'keywords', text: parseRef(spec).text }] },
      'remove',
    );
  for (const spec of o.restore ?? [])
    await checkFlag(
      change.body!,
      '--restore',
      spec,
      { restore: [{ section: 'keywords', text: parseRef(spec).text }] },
      'restore',
    );
  const client = await f.apiClient(o);
  try {
    if (o.file) return await replaceFromFile(f, o, client, campaignId, slotId, added);
    const removals = (o.remove ?? []).map(parseRef);
    const restores = (o.restore ?? []).map(parseRef);
    // A text without a section: the items of that text or label in any section (one read of the
    // targeting), else a keyword; in the order given.
    const items = removals.some((r) => !r.section)
      ? (await slotOf(client, campaignId, slotId)).items
      : [];
    const remove = unique(
      removals.flatMap((r) => {
        if (r.section) return [{ section: r.section, text: r.text }];
        const found = items.filter((i) => same(i.text, r.text) || same(i.label, r.text));
        return found.length
          ? found.map((i) => ({ section: i.section, text: i.text }))
          : [{ section: 'keywords', text: r.text }];
      }),
    );
    const left = restores.some((r) => !r.section)
      ? (await client.call('list_targeting_exclusions', { params: { campaignId, slotId } })).data
      : [];
    const restore = unique(
      restores.flatMap((r) => {
        if (r.section) return [{ section: r.section, text: r.text }];
        const found = left.filter((e) => same(e.text, r.text));
        return found.length
          ? found.map((e) => ({ section: e.section, text: e.text }))
          : [{ section: 'keywords', text: r.text }];
      }),
    );
    const body = {
      ...(added.length ? { add: added } : {}),
      ...(remove.length ? { remove } : {}),
      ...(restore.length ? { restore } : {}),
    };
    await validateLocally(change.body!, body, 'body');
    const r = await client.call('change_targeting_items', {
      params: { campaignId, slotId },
      body,
      idempotencyKey: o.idempotencyKey,
    });
    for (const x of restore) {
      if (!r.restored.some((y) => keyOf(y) === keyOf(x)))
        warn(
          f.io,
          `Nothing to restore for ${itemWord(x.section)} "${escapeControl(x.text)}": it was not left out.`,
        );
    }
    // removals of items not in the slot: left out before any generation adds them
    const taken = new Set(r.removed.map(keyOf));
    summarize(
      f.io,
      o,
      campaignId,
      r,
      remove.filter((x) => !taken.has(keyOf(x))),
    );
  } catch (e) {
    throw editRefused(e, campaignId, slotId);
  }
}

/** A flag's value checked as the API checks its part of the body; a refusal names the flag, not the API's field. */
async function checkFlag(
  schema: Parameters<typeof validateLocally>[0],
  flag: string,
  spec: string,
  body: object,
  field: string,
): Promise<void> {
  try {
    await validateLocally(schema, body, 'body');
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    const said = e.message.replace(
      new RegExp(`\\b${field}\\[0\\]\\.(\\w+)(: | )`, 'g'),
      (_m, f: string, sep: string) =>
        sep === ': ' ? '' : `the ${f === 'matchType' ? 'match type' : f} `,
    );
    throw usageError(`${flag} ${JSON.stringify(spec)}: ${said}`);
  }
}

/** The slot as get_targeting has it; a slot the campaign lacks is a refusal in CLI words. */
async function slotOf(
  client: ApiClient,
  campaignId: string,
  slotId: string,
): Promise<Targeting['audiences'][number]> {
  const current = await client.call('get_targeting', { params: { campaignId } });
  const slot = current.audiences.find((s) => s.id === slotId);
  if (!slot)
    throw new CliError(
      `campaign ${campaignId} has no audience slot ${slotId}; see adcli targeting show ${campaignId}`,
      EXIT.refused,
    );
  return slot;
}

/** A slot that is generating, said in commands rather than the API's operations. */
function editRefused(e: unknown, campaignId: string, slotId: string): unknown {
  if (e instanceof ApiCallError && e.status === 409 && /generating/.test(e.apiMessage)) {
    return new CliError(
      `the targeting of audience slot ${slotId} is generating; edit it once it is ready (adcli targeting show ${campaignId} --wait)`,
      EXIT.refused,
    );
  }
  return e;
}

/** --file: the whole list (the flags applied to it), sent as edit_targeting; the change is worked out from before and after. */
async function replaceFromFile(
  f: Factory,
  o: EditOptions,
  client: ApiClient,
  campaignId: string,
  slotId: string,
  added: Record<string, unknown>[],
): Promise<void> {
  const op = await operation('edit_targeting');
  const items = await readItemsFile(f.io, o.file!);
  // Checked before any request: the file's items as they are.
  await validateLocally(op.body!, { items }, 'body');
  const before = await slotOf(client, campaignId, slotId);
  if (before.status === 'generating')
    throw editRefused(
      new ApiCallError(409, 'conflict', 'generating', undefined),
      campaignId,
      slotId,
    );
  let list = items as Record<string, unknown>[];
  for (const r of (o.remove ?? []).map(parseRef)) {
    const n = list.length;
    list = list.filter(
      (i) =>
        !(
          (!r.section || i.section === r.section) &&
          (same(i.text, r.text) || same(i.label, r.text))
        ),
    );
    if (list.length === n)
      warn(f.io, `No item "${escapeControl(r.text)}" in ${o.file}; nothing removed for it.`);
  }
  for (const k of added) {
    // An item already there gets the new match type instead of a duplicate.
    list = list.filter((i) => !(i.section === k.section && same(i.text, String(k.text))));
    list.push(k);
  }
  const body = { items: list };
  await validateLocally(op.body!, body, 'body');
  const t = await client.call('edit_targeting', {
    params: { campaignId, slotId },
    body,
    idempotencyKey: o.idempotencyKey,
  });
  const after = t.audiences.find((s) => s.id === slotId)!;
  const exclusions = (
    await client.call('list_targeting_exclusions', { params: { campaignId, slotId } })
  ).data;
  const was = new Map(before.items.map((i) => [keyOf(i), i]));
  const now = new Set(after.items.map(keyOf));
  const counts = Object.fromEntries(
    TARGETING_SECTIONS.map((sec) => [sec, after.items.filter((i) => i.section === sec).length]),
  ) as TargetingChange['itemCounts'];
  summarize(f.io, o, campaignId, {
    campaignId,
    slotId,
    status: after.status,
    itemCount: after.items.length,
    itemCounts: counts,
    added: after.items
      .filter((i) => was.get(keyOf(i))?.matchType !== i.matchType)
      .map((i) => ({ section: i.section, text: i.text, matchType: i.matchType })),
    removed: before.items
      .filter((i) => !now.has(keyOf(i)))
      .map((i) => ({ section: i.section, text: i.text })),
    restored: [],
    exclusions,
  });
}

/**
 * What an edit changed: on a terminal a line for the slot (status and counts), one for each item
 * added, removed or restored, and how many items generating leaves out; piped, one tab-separated
 * line per change (added, removed, restored; section, text, match type). --json: the change.
 */
function summarize(
  io: IOStreams,
  o: { json?: boolean },
  campaignId: string,
  r: TargetingChange,
  ahead: { section: string; text: string }[] = [],
): void {
  if (o.json) return printJson(io, r);
  if (!io.isStdoutTTY()) {
    table(
      io,
      ['CHANGE', 'SECTION', 'TEXT', 'MATCH'],
      [
        ...r.added.map((i) => ['added', i.section, i.text, i.matchType || null]),
        ...r.removed.map((i) => ['removed', i.section, i.text, null]),
        ...ahead.map((i) => ['left-out', i.section, i.text, null]),
        ...r.restored.map((i) => ['restored', i.section, i.text, null]),
      ],
    );
    return;
  }
  const out = (...parts: Text[]) => line(io, ...parts);
  const counts = TARGETING_SECTIONS.filter((sec) => r.itemCounts[sec] > 0).map(
    (sec) => `${r.itemCounts[sec]} ${sec}`,
  );
  out(
    bold(`Audience slot ${r.slotId}`),
    '  ',
    statusText(r.status),
    gray(`  ${r.itemCount} item${r.itemCount === 1 ? '' : 's'}`),
  );
  if (counts.length) out(gray(`  ${counts.join(', ')}`));
  const rows: Text[][] = [
    ...r.added.map((i) => [cyan('added'), itemWord(i.section), i.text, gray(i.matchType)]),
    ...r.removed.map((i) => [
      red('removed'),
      itemWord(i.section),
      i.text,
      gray('left out when generating'),
    ]),
    ...ahead.map((i) => [
      red('left out'),
      itemWord(i.section),
      i.text,
      gray('not in the slot; kept out'),
    ]),
    ...r.restored.map((i) => [
      cyan('restored'),
      itemWord(i.section),
      i.text,
      gray('generating may add it again'),
    ]),
  ];
  if (rows.length) table(io, ['', '', '', ''], rows, { header: false, indent: 2 });
  // a suggested command on a line of its own, so that a narrow terminal never breaks it
  if (r.status === 'not_generated') {
    out(gray('  No items left; generating fills the slot again, leaving out what was removed:'));
    out(gray(`    adcli targeting generate ${campaignId}`));
  }
  if (r.exclusions.length)
    out(
      gray(`  ${r.exclusions.length} left out when generating: adcli targeting show ${campaignId}`),
    );
}
