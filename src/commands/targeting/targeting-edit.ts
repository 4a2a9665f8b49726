import type { Command } from 'commander';
import { TARGETING_SECTIONS } from '../../generated/contract.ts';
import type { Targeting, TargetingChange } from '../../generated/responses.ts';
import { ApiCallError, type ApiClient } from '../../lib/client.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { escapeControl, warn } from '../../lib/output.ts';
import { operation, validateLocally } from '../../lib/validate.ts';
import { parseAdd, parseKeyword, parseRef, readItemsFile } from './edit-flags.ts';
import { summarize } from './print-change.ts';
import { itemWord } from './print-targeting.ts';

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
