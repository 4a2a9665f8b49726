import { TARGETING_SECTIONS, type TargetingSection } from '../../generated/contract.ts';
import type { Targeting, TargetingExclusion } from '../../generated/responses.ts';
import { inCliWords } from '../../lib/cli-words.ts';
import type { ApiClient } from '../../lib/client.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import {
  bold,
  cyan,
  gray,
  line,
  printJson,
  red,
  statusText,
  table,
  type Column,
  type Text,
} from '../../lib/output.ts';

/** A section's title: Keywords, Segments, … */
const titleOf = (section: TargetingSection) => section[0]!.toUpperCase() + section.slice(1);

/**
 * A slot's error (or note) for people: the API's "name this audience in generate_targeting to try
 * again" said as the command that does it.
 */
export function slotError(campaignId: string, s: { id: string; error: string }): string {
  return inCliWords(s.error, [
    [
      /; name this audience in generate_targeting to try again$/,
      `; try again with adcli targeting generate ${campaignId} --audience ${s.id} --wait`,
    ],
  ]);
}

/** A section's item, in a sentence: keyword, segment, topic, website. */
export const itemWord = (section: string) => section.replace(/s$/, '');

/** `1 website`, `3 keywords`: a section's count with its noun in the number it takes. */
export const sectionCount = (section: string, n: number) =>
  `${n} ${n === 1 ? itemWord(section) : section}`;

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
      out(
        s.status === 'error'
          ? red(`  error: ${slotError(t.campaignId, s)}`)
          : gray(`  note: ${slotError(t.campaignId, s)}`),
      );
    if (counts.length) out(gray(`  ${counts.map(([sec, n]) => sectionCount(sec, n)).join(', ')}`));
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
      // A website's URL is never cut (it is pasted): the label and the source give way first.
      const columns: Column[] =
        sec === 'websites'
          ? [{ header: '' }, { header: '' }, { header: '', id: true }, { header: '', drop: 1 }]
          : rows[0]!.map(() => ({ header: '' }));
      table(io, columns, rows, { header: false, indent: 4 });
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

/** The targeting: the API's JSON, or for people (with what generating leaves out, on a terminal). */
export async function printTargeting(
  io: IOStreams,
  o: { json?: boolean },
  t: Targeting,
  client: ApiClient,
): Promise<void> {
  if (o.json) return printJson(io, t);
  showTargeting(io, t, io.isStdoutTTY() ? await exclusionsOf(client, t) : undefined);
}
