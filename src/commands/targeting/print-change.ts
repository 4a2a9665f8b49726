import { TARGETING_SECTIONS } from '../../generated/contract.ts';
import type { TargetingChange } from '../../generated/responses.ts';
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
  type Text,
} from '../../lib/output.ts';
import { itemWord, sectionCount } from './print-targeting.ts';

/**
 * What an edit changed: on a terminal a line for the slot (status and counts), one for each item
 * added, removed or restored, and how many items generating leaves out; piped, one tab-separated
 * line per change (added, removed, restored; section, text, match type). --json: the change.
 */
export function summarize(
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
  const counts = TARGETING_SECTIONS.filter((sec) => r.itemCounts[sec] > 0).map((sec) =>
    sectionCount(sec, r.itemCounts[sec]),
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
