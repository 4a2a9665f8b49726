/**
 * `adcli targeting edit` and `targeting show` with hand edits (issue 21: edits that survive
 * regeneration; issue 23: an edit prints what changed, not the whole targeting), in-process on the
 * local profile (test/helpers/cli.ts) with a sandboxed data dir seeded with the demo on first use.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/lib/errors.ts';
import { json } from './helpers/assert.ts';
import { cliIn } from './helpers/cli.ts';
import { cleanupAll, sandbox, tempDir, type Sandbox } from './helpers/process.ts';

afterAll(cleanupAll);

const ANSI = /\x1b\[[0-9;]*m/g;
const plain = (s: string) => s.replace(ANSI, '');

describe('targeting edit: a few items at a time, kept by regeneration', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  let campaign: string;
  let slot: string;
  let keywords: { text: string; matchType: string; source: string }[];

  beforeAll(async () => {
    sb = sandbox();
    adcli = cliIn(sb.env);
    const store = json(
      await adcli(['data-stores', 'list', '--name', 'Home coffee brewing', '--json']),
    )[0].id;
    const c = json(
      await adcli([
        'campaigns',
        'create',
        '--name',
        'Hand edits',
        '--type',
        'SEARCH',
        '--data-store',
        store,
        '--json',
      ]),
    );
    campaign = c.id;
    slot = c.audiences[0].id;
    const t = json(await adcli(['targeting', 'generate', campaign, '--wait', '--json']));
    keywords = t.audiences[0].items.filter((i: any) => i.section === 'keywords');
    expect(keywords.length).toBeGreaterThan(6);
  });

  it('removes three keywords and adds one, printing only what changed', async () => {
    const [a, b, c] = keywords;
    const r = await adcli(
      [
        'targeting',
        'edit',
        campaign,
        slot,
        '--remove',
        a!.text,
        '--remove',
        b!.text.toUpperCase(),
        '--remove',
        `keywords:${c!.text}`,
        '--add-keyword',
        'bright beans subscription:exact',
      ],
      { tty: true, columns: 100 },
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = plain(r.stdout).trimEnd().split('\n');
    // a summary, not the targeting (~110 lines before)
    expect(lines.length).toBeLessThanOrEqual(8);
    expect(lines[0]).toMatch(new RegExp(`^Audience slot ${slot}\\s+ready\\s+\\d+ items$`));
    expect(lines[1]).toMatch(/^  \d+ keywords, /);
    expect(lines[2]).toMatch(/^\s+added\s+keyword\s+bright beans subscription\s+EXACT$/);
    for (const [n, k] of [a, b, c].entries())
      expect(lines[3 + n]).toMatch(
        new RegExp(`^\\s+removed\\s+keyword\\s+${escape(k!.text)}\\s+left out when generating$`),
      );
    // the three, beside what the generator left out itself (other brands of the workspace)
    expect(lines.at(-1)).toMatch(
      new RegExp(`^  \\d+ left out when generating: adcli targeting show ${campaign}$`),
    );
    // every line fits an 80-column terminal
    const narrow = await adcli(
      ['targeting', 'edit', campaign, slot, '--remove', 'Northwind Talus 3'],
      { tty: true, columns: 80 },
    );
    for (const l of plain(narrow.stdout).split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(plain(narrow.stdout)).toMatch(
      /left out\s+keyword\s+Northwind Talus 3\s+not in the slot; kept out/,
    );
    expect(r.stdout).not.toMatch(/Keywords \(/);
  });

  it('show numbers the items of each section in rank order and lists what is left out, with why', async () => {
    const r = await adcli(['targeting', 'show', campaign], { tty: true, columns: 120 });
    expect(r.code, r.stderr).toBe(0);
    const out = plain(r.stdout);
    expect(out).toMatch(
      /\n  Keywords \(\d+\)\n\s+1\.\s+bright beans subscription\s+EXACT\s+manual\n\s+2\.\s/,
    );
    const left = out.slice(out.indexOf('  Left out ('));
    expect(left).toMatch(/^  Left out \(\d+, never added back by generating\)\n/);
    for (const text of [...keywords.slice(0, 3).map((k) => k.text), 'Northwind Talus 3'])
      expect(left).toMatch(new RegExp(`\\n\\s+keyword\\s+${escape(text)}\\s+removed by hand`));
    // each with its reason, the generator's too
    for (const l of left.trimEnd().split('\n').slice(1))
      expect(l).toMatch(/^    (keyword|segment|topic|website)\s+\S.*\s{2,}\S/);
    // piped and --json: the targeting as the API has it (exclusions are not items)
    const piped = await adcli(['targeting', 'show', campaign]);
    expect(piped.stdout).not.toMatch(/removed by hand/);
    const t = json(await adcli(['targeting', 'show', campaign, '--json']));
    expect(Object.keys(t.audiences[0]).sort()).toEqual([
      'audienceId',
      'error',
      'id',
      'items',
      'name',
      'status',
      'updatedAt',
    ]);
  });

  it('regenerating keeps the added keyword first and leaves the removed ones out', async () => {
    const t = json(
      await adcli(['targeting', 'generate', campaign, '--audience', slot, '--wait', '--json']),
    );
    const now = t.audiences[0].items.filter((i: any) => i.section === 'keywords');
    expect(now[0]).toMatchObject({
      text: 'bright beans subscription',
      matchType: 'EXACT',
      source: 'manual',
    });
    for (const k of keywords.slice(0, 3)) expect(now.map((i: any) => i.text)).not.toContain(k.text);
    expect(now.slice(1)).toEqual(keywords.slice(3));
  });

  it('--restore lets generating add one back; piped, one line per change; --json is the change', async () => {
    const k = keywords[0]!;
    const r = json(
      await adcli(['targeting', 'edit', campaign, slot, '--restore', k.text, '--json']),
    );
    expect(r).toMatchObject({
      slotId: slot,
      status: 'ready',
      restored: [{ section: 'keywords', text: k.text }],
      added: [],
      removed: [],
    });
    expect(r.exclusions.filter((e: any) => e.reason === 'removed by hand')).toHaveLength(3);
    const t = json(
      await adcli(['targeting', 'generate', campaign, '--audience', slot, '--wait', '--json']),
    );
    expect(t.audiences[0].items).toContainEqual(
      expect.objectContaining({ text: k.text, source: k.source }),
    );

    // an item not in the slot is left out before generating adds it; a topic by its section
    const piped = await adcli([
      'targeting',
      'edit',
      campaign,
      slot,
      '--remove',
      'Ember & Grind Espresso',
      '--add',
      'topics:/Food & Drink/Coffee Gifts',
      '--restore',
      'never removed',
    ]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(
      'added\ttopics\t/Food & Drink/Coffee Gifts\t-\nleft-out\tkeywords\tEmber & Grind Espresso\t-\n',
    );
    expect(piped.stderr).toContain(
      'Nothing to restore for keyword "never removed": it was not left out.',
    );
  });

  it('--file replaces every item and still prints only the change', async () => {
    const file = join(tempDir(sb, 'items'), 'items.json');
    writeFileSync(
      file,
      JSON.stringify({
        items: [
          { section: 'keywords', text: 'bright beans subscription', matchType: 'EXACT' },
          { section: 'topics', text: '/Food & Drink' },
        ],
      }),
    );
    const r = json(await adcli(['targeting', 'edit', campaign, slot, '--file', file, '--json']));
    expect(r).toMatchObject({
      slotId: slot,
      status: 'ready',
      itemCount: 2,
      itemCounts: { keywords: 1, segments: 0, topics: 1, websites: 0 },
    });
    expect(r.added).toEqual([{ section: 'topics', text: '/Food & Drink', matchType: '' }]);
    expect(r.removed.length).toBeGreaterThan(10);
    expect(r.exclusions.filter((e: any) => e.reason === 'removed by hand').length).toBeGreaterThan(
      10,
    );

    // an empty file clears the slot: it is not_generated, and generating fills it again leaving
    // out what was removed (everything the file left out, but for the one restored)
    writeFileSync(file, '[]');
    const cleared = await adcli(['targeting', 'edit', campaign, slot, '--file', file], {
      tty: true,
      columns: 100,
    });
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(plain(cleared.stdout)).toContain(
      `No items left; generating fills the slot again, leaving out what was removed:\n    adcli targeting generate ${campaign}\n`,
    );
    const back = keywords[5]!;
    const restored = json(
      await adcli(['targeting', 'edit', campaign, slot, '--restore', back.text, '--json']),
    );
    const t = json(await adcli(['targeting', 'generate', campaign, '--wait', '--json']));
    expect(t.audiences[0].status).toBe('ready');
    const now = t.audiences[0].items.filter((i: any) => i.section === 'keywords');
    expect(now).toContainEqual(back);
    const left = new Set(
      restored.exclusions.map((e: any) => `${e.section}:${e.text.toLowerCase()}`),
    );
    for (const i of t.audiences[0].items)
      expect(left.has(`${i.section}:${i.text.toLowerCase()}`), i.text).toBe(false);
    // of the keywords first generated, only the restored one is back
    expect(now.filter((i: any) => keywords.some((k) => k.text === i.text))).toEqual([back]);
  });

  it('refuses what it cannot send, in flags, before any request', async () => {
    const none = await adcli(['targeting', 'edit', campaign, slot]);
    expect(none.code).toBe(EXIT.usage);
    expect(none.stderr).toContain('give --add-keyword, --add, --remove, --restore or --file');
    const long = await adcli([
      'targeting',
      'edit',
      campaign,
      slot,
      '--add-keyword',
      'one two three four five six seven eight nine ten eleven',
    ]);
    expect(long.code).toBe(EXIT.usage);
    expect(long.stderr).toContain(
      '--add-keyword "one two three four five six seven eight nine ten eleven": a keyword must be at most 10 words',
    );
    const noSection = await adcli(['targeting', 'edit', campaign, slot, '--add', 'coffee gifts']);
    expect(noSection.code).toBe(EXIT.usage);
    expect(noSection.stderr).toContain(
      'say the section first, {keywords, segments, topics, websites}',
    );
    const both = await adcli(
      ['targeting', 'edit', campaign, slot, '--file', '-', '--restore', 'x'],
      { stdin: '[]' },
    );
    expect(both.code).toBe(EXIT.usage);
    for (const r of [long, noSection, both])
      expect(r.stderr).not.toMatch(/\badd\[|items\[|restore\[/);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
