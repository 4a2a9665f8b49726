/**
 * What adcli prints, run in-process (test/helpers/cli.ts) on the local backend of a sandbox:
 * tables that fit a terminal of 60, 80, 100 and 120 columns and are never cut when piped; empty
 * lists said in words on a terminal and silent piped; `--json FIELDS` checked against the response
 * schema before any request; `--jq` with jq itself; `performance show --csv`; the stderr hint of a
 * list that stopped before its end; control characters from the API escaped on every output path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_FIELDS } from '../src/generated/fields.ts';
import { EXIT } from '../src/lib/errors.ts';
import { IOStreams } from '../src/lib/iostreams.ts';
import { commandOperations, commandWords, normalizeJsonArgs } from '../src/lib/json-output.ts';
import { printCsv } from '../src/lib/output.ts';
import { displayWidth } from '../src/lib/text.ts';
import { Factory } from '../src/lib/factory.ts';
import { buildProgram } from '../src/program.ts';
import { renderFields } from '../scripts/gen-fields.ts';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { json, succeeded } from './helpers/assert.ts';
import { cliIn, runCli, type CliResult } from './helpers/cli.ts';
import { cleanupAll, runAdcli, sandbox } from './helpers/process.ts';
import { recorder, type Recorder } from './helpers/recorder.ts';
import {
  RAW_CONTROL,
  STORABLE_CONTROLS as CONTROLS,
  STORABLE_ESCAPED as ESCAPED,
} from './helpers/controls.ts';

afterAll(cleanupAll);

const LONG =
  'Northwind Ridgeline Packs Always-On Video, Spring and Summer Outdoor Push (EMEA + North America)';

const lines = (text: string) => text.split('\n').filter(Boolean);

let adcli: ReturnType<typeof cliIn>;
let long: { id: string; name: string };
let odd: { id: string; name: string; audiences: { id: string }[] };

beforeAll(async () => {
  adcli = cliIn(sandbox().env);
  long = json(
    await adcli([
      'campaigns',
      'create',
      '--name',
      LONG,
      '--type',
      'VIDEO',
      '--budget',
      '150',
      '--budget-type',
      'daily',
      '--json',
    ]),
  );
  odd = json(await adcli(['campaigns', 'create', '--name', CONTROLS, '--json']));
  expect(odd.name).toBe(CONTROLS);
});

describe('tables that fit the terminal', () => {
  for (const columns of [60, 80, 100, 120]) {
    it(`campaigns list at ${columns} columns: no line longer, one line a campaign, the long name cut with …`, async () => {
      const r = succeeded(
        await adcli(['campaigns', 'list', '--limit', '100'], { tty: true, columns }),
      );
      const out = lines(r.stdout);
      for (const l of out) expect(displayWidth(l), l).toBeLessThanOrEqual(columns);
      expect(out[0]).toMatch(/^ID +NAME +STATUS/);
      const row = out.find((l) => l.startsWith(long.id))!;
      expect(row).toMatch(/Northwind Ridge[^…]*…/);
      expect(r.stdout).not.toContain(LONG);
      const all = json(await adcli(['campaigns', 'list', '--limit', '100', '--json', 'id']));
      expect(out).toHaveLength(all.length + 1);
    });
  }

  it('more room, more columns: the optional ones come back as the terminal widens', async () => {
    const header = async (columns: number) =>
      lines(succeeded(await adcli(['campaigns', 'list'], { tty: true, columns })).stdout)[0]!.split(
        / {2,}/,
      );
    expect(await header(60)).toEqual(['ID', 'NAME', 'STATUS']);
    expect(await header(200)).toEqual([
      'ID',
      'NAME',
      'STATUS',
      'TYPE',
      'BUDGET',
      'AD PLATFORM',
      'UPDATED',
    ]);
  });

  for (const columns of [60, 80]) {
    it(`a campaign that runs in the ad platform shows it at ${columns} columns (\`ready · ENABLED\`) in campaigns list and workspace`, async () => {
      const live = json(
        await adcli(['campaigns', 'list', '--ads-status', 'ENABLED', '--json', 'id,status']),
      )[0];
      for (const args of [['campaigns', 'list', '--limit', '100'], ['workspace']]) {
        const r = succeeded(await adcli(args, { tty: true, columns }));
        const row = lines(r.stdout).find((l) => l.startsWith(live.id))!;
        expect(row, args.join(' ')).toContain(` ${live.status} · ENABLED`);
        expect(lines(r.stdout).find((l) => l.startsWith(long.id))).toMatch(/ draft( |$)/);
        for (const l of lines(r.stdout)) expect(displayWidth(l), l).toBeLessThanOrEqual(columns);
      }
    });
  }

  it("piped, nothing is cut: one tab-separated row a campaign with every column, the budget in its account's currency", async () => {
    const r = succeeded(await adcli(['campaigns', 'list', '--limit', '100']));
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    for (const row of rows) expect(row).toHaveLength(7);
    expect(rows.find((row) => row[0] === long.id)).toEqual([
      long.id,
      LONG,
      'draft',
      'VIDEO',
      '150.00 USD daily',
      '-',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    ]);
  });

  const others: string[][] = [
    ['workspace'],
    ['audiences', 'list'],
    ['data-stores', 'list', '--include-library'],
    ['brands', 'list'],
    ['ads', 'accounts'],
    ['explore', 'search', 'coffee'],
    ['performance', 'show'],
    ['campaigns', 'get', 'ID'],
  ];
  for (const columns of [60, 80, 120]) {
    it(`every other table at ${columns} columns: no line longer than the width`, async () => {
      for (const args of others) {
        const r = succeeded(
          await adcli(
            args.map((a) => (a === 'ID' ? long.id : a)),
            { tty: true, columns },
          ),
        );
        // Records' own values (a campaign's objective, a URL) are not tables: only the table lines are held to the width.
        const table = args.includes('get') ? (r.stdout.split('\n\n')[1] ?? '') : r.stdout;
        for (const l of lines(table))
          expect(displayWidth(l), `${args.join(' ')}: ${l}`).toBeLessThanOrEqual(columns);
      }
    });
  }
});

describe('ids and URLs are never cut', () => {
  for (const columns of [60, 80]) {
    it(`at ${columns} columns: every data store id of a slot whole, one a line; website URLs whole; brand websites whole or left out`, async () => {
      const stores = json(await adcli(['data-stores', 'list', '--json', 'id'])).map(
        (d: { id: string }) => d.id,
      );
      expect(stores.length).toBeGreaterThanOrEqual(3);
      const c = json(
        await adcli([
          'campaigns',
          'create',
          '--name',
          'Three stores',
          ...stores.slice(0, 3).flatMap((d: string) => ['--data-store', d]),
          '--json',
        ]),
      );
      const got = succeeded(await adcli(['campaigns', 'get', c.id], { tty: true, columns }));
      const slotLines = lines(got.stdout.split('\n\n')[1]!);
      for (const d of stores.slice(0, 3)) {
        const at = slotLines.filter((l) => l.includes(d));
        expect(at, `${d} in\n${got.stdout}`).toHaveLength(1);
        expect(at[0]!.trimEnd().endsWith(d)).toBe(true);
      }
      // the name gives way (`Primary…`), never an id
      expect(slotLines.join('\n')).not.toMatch(/[0-9a-f]{2,}…/);
      for (const l of slotLines) expect(displayWidth(l), l).toBeLessThanOrEqual(columns);
      // piped: one row a slot, its data stores space-separated
      const piped = succeeded(await adcli(['campaigns', 'audiences', 'list', c.id]));
      expect(piped.stdout.trimEnd().split('\t').at(-1)).toBe(stores.slice(0, 3).join(' '));

      const live = json(
        await adcli(['campaigns', 'list', '--ads-status', 'ENABLED', '--json', 'id']),
      )[0];
      const t = json(await adcli(['targeting', 'show', live.id, '--json']));
      const urls: string[] = t.audiences.flatMap((s: any) =>
        s.items.filter((i: any) => i.section === 'websites').map((i: any) => i.text),
      );
      expect(urls.length).toBeGreaterThan(0);
      const shown = succeeded(await adcli(['targeting', 'show', live.id], { tty: true, columns }));
      for (const u of urls) expect(shown.stdout).toContain(u);

      const brands = json(await adcli(['brands', 'list', '--json']));
      const listed = succeeded(await adcli(['brands', 'list'], { tty: true, columns })).stdout;
      for (const b of brands.filter((x: any) => x.website)) {
        const row = lines(listed).find((l) => l.startsWith(b.id))!;
        expect(row.includes(b.website) || !listed.includes('WEBSITE'), row).toBe(true);
      }
      expect(listed).not.toMatch(/https?:\S*…/);
    });
  }
});

describe('empty lists', () => {
  it('on a terminal say so in words on stderr; piped print nothing at all', async () => {
    const tty = succeeded(
      await adcli(['brands', 'list', '--name', 'no-such-brand-anywhere'], { tty: true }),
    );
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toContain('No brands match.');
    const piped = succeeded(await adcli(['brands', 'list', '--name', 'no-such-brand-anywhere']));
    expect(piped).toEqual({ code: 0, stdout: '', stderr: '' });
    const campaigns = succeeded(
      await adcli(['campaigns', 'list', '--status', 'error'], { tty: true }),
    );
    expect(campaigns.stdout).toBe('');
    expect(campaigns.stderr).toContain('No campaigns match.');
    expect(
      succeeded(await adcli(['campaigns', 'list', '--status', 'error', '--json'])).stdout,
    ).toBe('[]\n');
  });
});

describe('a list that stopped before its end', () => {
  it('says so on stderr, never on stdout; --all lists every one without a word', async () => {
    const r = succeeded(await adcli(['campaigns', 'list', '--limit', '2']));
    expect(lines(r.stdout)).toHaveLength(2);
    expect(r.stdout).not.toContain('Showing');
    expect(r.stderr).toBe(
      'Showing the first 2; more match: --all lists every one (--limit sets the page size, up to 100).\n',
    );
    const all = succeeded(await adcli(['campaigns', 'list', '--all', '--limit', '2']));
    expect(lines(all.stdout).length).toBeGreaterThan(2);
    expect(all.stderr).toBe('');
    const asJson = succeeded(await adcli(['campaigns', 'list', '--limit', '2', '--json']));
    expect(JSON.parse(asJson.stdout)).toHaveLength(2);
    expect(asJson.stderr).toContain('Showing the first 2');
  });
});

describe('--json FIELDS', () => {
  let server: Recorder;
  beforeAll(async () => {
    server = await recorder();
  });
  afterAll(() => server.close());

  it('keeps the named fields of each item of a list, and of a record, in the order given', async () => {
    const items = json(await adcli(['campaigns', 'list', '--json', 'status,id,name']));
    expect(items.length).toBeGreaterThan(1);
    for (const x of items) expect(Object.keys(x)).toEqual(['status', 'id', 'name']);
    expect(items.find((x: any) => x.id === long.id)).toEqual({
      status: 'draft',
      id: long.id,
      name: LONG,
    });
    expect(json(await adcli(['campaigns', 'get', long.id, '--json', 'name,budget']))).toEqual({
      name: LONG,
      budget: 150,
    });
    expect(json(await adcli(['campaigns', 'get', long.id, '--json=name']))).toEqual({ name: LONG });
  });

  it('a bare --json prints the API JSON unchanged, wherever it stands', async () => {
    const full = json(await adcli(['campaigns', 'get', long.id, '--json']));
    expect(Object.keys(full)).toEqual(RESPONSE_FIELDS.get_campaign!.fields);
    expect(json(await adcli(['--json', 'campaigns', 'get', long.id]))).toEqual(full);
    expect(json(await adcli(['campaigns', 'get', '--json', long.id]))).toEqual(full);
    const api = json(await adcli(['api', 'GET', `/campaigns/${long.id}`]));
    expect(full).toEqual(api);
  });

  it('an unknown field: exit 2 naming the fields of the response schema, and no request sent', async () => {
    const r = await runCli(['campaigns', 'list', '--json', 'id,nme'], { env: server.env });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('"error"');
    const message = JSON.parse(r.stderr).error.message as string;
    expect(message).toBe(
      `unknown JSON field "nme"; available fields: ${[...RESPONSE_FIELDS.list_campaigns!.fields].sort().join(', ')}`,
    );
    expect(server.seen).toEqual([]);
  });

  it('a command of its own shape checks the names against what it prints', async () => {
    expect(json(await adcli(['profiles', 'list', '--json', 'name,current']))).toEqual([
      { name: 'local', current: true },
    ]);
    const r = await adcli(['profiles', 'list', '--json', 'name,nope']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain(
      'unknown JSON field \\"nope\\"; available fields: baseUrl, builtIn, current, name',
    );
  });

  it('the word after a bare --json is its field list only when it can be one', async () => {
    const program = await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }));
    const norm = (...args: string[]) => normalizeJsonArgs(program, args);
    expect(norm('--json', 'campaigns', 'list')).toEqual(['--json=', 'campaigns', 'list']);
    expect(norm('campaigns', 'list', '--json', 'id,name')).toEqual([
      'campaigns',
      'list',
      '--json=id,name',
    ]);
    expect(norm('campaigns', 'list', '--json', 'nme')).toEqual(['campaigns', 'list', '--json=nme']);
    // get still needs its id: an id, or a word that is not a field, is the id
    expect(norm('campaigns', 'get', '--json', 'abcdefabcdefabcdefabcdef')).toEqual([
      'campaigns',
      'get',
      '--json=',
      'abcdefabcdefabcdefabcdef',
    ]);
    expect(norm('campaigns', 'get', '--json', 'name', 'ID')).toEqual([
      'campaigns',
      'get',
      '--json=name',
      'ID',
    ]);
    expect(norm('explore', 'search', '--json', 'shoes')).toEqual([
      'explore',
      'search',
      '--json=',
      'shoes',
    ]);
    expect(norm('explore', 'search', 'shoes', '--json', 'title')).toEqual([
      'explore',
      'search',
      'shoes',
      '--json=title',
    ]);
    // a flag's value is never taken for anything else; nothing after -- is touched
    expect(norm('campaigns', 'list', '--name', 'x', '--json')).toEqual([
      'campaigns',
      'list',
      '--name',
      'x',
      '--json=',
    ]);
    expect(norm('api', 'GET', '/campaigns', '--json', '--', '--json')).toEqual([
      'api',
      'GET',
      '/campaigns',
      '--json=',
      '--',
      '--json',
    ]);
    // a flag missing its value is left for commander to say so
    expect(norm('brands', 'list', '--json', '--limit')).toEqual([
      'brands',
      'list',
      '--json=',
      '--limit',
    ]);
  });

  it('every command with a schema names a real operation and a real command', async () => {
    const program = await buildProgram(new Factory({ io: IOStreams.test().io, env: {} }));
    const words = new Set<string>();
    const walk = (c: Command) => {
      words.add(commandWords(c));
      c.commands.forEach(walk);
    };
    walk(program);
    for (const [command, op] of Object.entries(commandOperations())) {
      expect(words, command).toContain(command);
      expect(RESPONSE_FIELDS[op], op).toBeDefined();
    }
  });

  it('src/generated/fields.ts is what the response schemas say (npm run generate)', async () => {
    const [{ operations }, { controlOperations }] = await Promise.all([
      import('../server/operations/index.ts'),
      import('../server/operations/controls.ts'),
    ]);
    expect(readFileSync(new URL('../src/generated/fields.ts', import.meta.url), 'utf8')).toBe(
      renderFields({ api: operations, control: controlOperations }),
    );
  });
});

describe('--jq', () => {
  let server: Recorder;
  beforeAll(async () => {
    server = await recorder();
  });
  afterAll(() => server.close());

  it('filters with jq itself: strings print as text, one a line, and --jq implies --json', async () => {
    const all = json(await adcli(['campaigns', 'list', '--limit', '100', '--json']));
    const r = succeeded(
      await adcli([
        'campaigns',
        'list',
        '--limit',
        '100',
        '--jq',
        `.[] | select(.status=="draft" and .id != "${odd.id}") | .name`,
      ]),
    );
    expect(r.stdout).toBe(
      all
        .filter((x: any) => x.status === 'draft' && x.id !== odd.id)
        .map((x: any) => `${x.name}\n`)
        .join(''),
    );
    const counts = succeeded(
      await adcli([
        'campaigns',
        'list',
        '--limit',
        '100',
        '--jq',
        'group_by(.status) | map({(.[0].status): length}) | add',
      ]),
    );
    const byStatus: Record<string, number> = {};
    for (const x of all) byStatus[x.status] = (byStatus[x.status] ?? 0) + 1;
    expect(JSON.parse(counts.stdout)).toEqual(byStatus);
    expect(byStatus.ready).toBe(1); // the demo's running campaign, its targeting generated
  });

  it('other results print as JSON: one line piped, indented on a terminal; after --json FIELDS', async () => {
    const piped = succeeded(
      await adcli(['campaigns', 'get', long.id, '--json', 'id,name', '--jq', '.']),
    );
    expect(piped.stdout).toBe(`${JSON.stringify({ id: long.id, name: LONG })}\n`);
    const tty = succeeded(
      await adcli(['campaigns', 'get', long.id, '--jq', '{id, budget}'], { tty: true }),
    );
    expect(tty.stdout).toBe(`{\n  "id": "${long.id}",\n  "budget": 150\n}\n`);
  });

  it('runs in the bundle as built (the wasm is inside it), as a process of its own', async () => {
    const env = sandbox().env;
    const r = await runAdcli(['brands', 'list', '--jq', 'map(.name) | length'], { env });
    expect(r).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\n$/) });
    expect(await runAdcli(['brands', 'list', '--jq', '.['], { env })).toMatchObject({
      code: EXIT.usage,
      stdout: '',
    });
  });

  it("@tsv prints real tabs, as gh and jq -r do; a tab inside a value stays jq's \\t", async () => {
    const r = succeeded(
      await adcli(['campaigns', 'get', long.id, '--jq', '[.id, .name, .status] | @tsv']),
    );
    expect(r.stdout).toBe(`${long.id}\t${LONG}\tdraft\n`);
    const tty = succeeded(
      await adcli(['campaigns', 'get', long.id, '--jq', '[.id, .name] | @tsv'], { tty: true }),
    );
    expect(tty.stdout).toBe(`${long.id}\t${LONG}\n`);
    const odd1 = succeeded(
      await adcli(['campaigns', 'get', odd.id, '--jq', '[.id, .name] | @tsv']),
    );
    expect(odd1.stdout.split('\t')).toHaveLength(2);
    expect(odd1.stdout.trimEnd().split('\n')).toHaveLength(1);
  });

  it("a syntax error: exit 2 with jq's message, before any request", async () => {
    const r = await runCli(['campaigns', 'list', '--jq', '.[] | select(.status=="draft" | .name'], {
      env: server.env,
    });
    expect(r).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: expect.stringMatching(/^adcli: --jq: syntax error, unexpected .*line 1\n$/),
    });
    const unknown = await runCli(['campaigns', 'list', '--jq', 'nosuchfunction(1)'], {
      env: server.env,
    });
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toBe(
      'adcli: --jq: nosuchfunction/1 is not defined at <top-level>, line 1\n',
    );
    expect(server.seen).toEqual([]);
  });

  it("a filter that fails on the data: exit 2 with jq's message, after the results before it (as jq)", async () => {
    const r = await adcli(['campaigns', 'get', long.id, '--jq', '.name.first']);
    expect(r).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: expect.stringMatching(/^adcli: --jq: Cannot index string with (string )?"first"\n$/),
    });
    const partial = await adcli([
      'campaigns',
      'get',
      long.id,
      '--jq',
      '.id, .budget, error("stop here"), .name',
    ]);
    expect(partial).toEqual({
      code: EXIT.usage,
      stdout: `${long.id}\n150\n`,
      stderr: 'adcli: --jq: stop here\n',
    });
  });
});

describe('performance show --csv', () => {
  /** RFC 4180 fields of one line (no line breaks inside: control characters are escaped). */
  const csvFields = (line: string) =>
    [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
      m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'),
    );

  it("a header row, then the total, each campaign and each day (the account's), with the figures of the JSON report and the currency", async () => {
    const report = json(await adcli(['performance', 'show', '--json']));
    const r = succeeded(await adcli(['performance', 'show', '--csv']));
    const rows = r.stdout.split('\r\n').filter(Boolean).map(csvFields);
    expect(rows[0]).toEqual([
      'kind',
      'date',
      'campaignId',
      'name',
      'status',
      'impressions',
      'clicks',
      'cost',
      'conversions',
      'ctr',
      'cpc',
      'costPerConversion',
      'roas',
      'currency',
      'notes',
    ]);
    for (const row of rows) expect(row).toHaveLength(15);
    expect(rows.filter((x) => x[0] === 'total')).toHaveLength(1);
    for (const row of rows.slice(1)) expect(row[13]).toBe('USD');
    expect(rows.filter((x) => x[0] === 'account day').map((x) => x[1])).toEqual(
      report.daily.map((d: any) => d.date),
    );
    const campaigns = rows.filter((x) => x[0] === 'campaign');
    expect(campaigns.map((x) => [x[2], x[3], Number(x[6]), Number(x[7])])).toEqual(
      report.campaigns.map((c: any) => [c.campaignId, c.name, c.clicks, c.cost]),
    );
    // The same on a terminal: CSV is asked for by name.
    expect(succeeded(await adcli(['performance', 'show', '--csv'], { tty: true })).stdout).toBe(
      r.stdout,
    );
  });

  it('--csv with --json or --jq is a usage error', async () => {
    for (const extra of [['--json'], ['--jq', '.']]) {
      const r = await adcli(['performance', 'show', '--csv', ...extra]);
      expect(r.code).toBe(EXIT.usage);
      expect(r.stderr).toContain('--csv and --json (or --jq) are two different outputs');
    }
  });

  it('cells are quoted when they must be, escaped, and never start a spreadsheet formula', () => {
    const t = IOStreams.test();
    printCsv(
      t.io,
      ['name', 'n'],
      [
        ['a, "b"', 1],
        ['=HYPERLINK("http://x.example")', -2],
        ['+1', null],
        [CONTROLS, 0.5],
      ],
    );
    expect(t.stdout()).toBe(
      `name,n\r\n"a, ""b""",1\r\n"'=HYPERLINK(""http://x.example"")",-2\r\n'+1,\r\n${ESCAPED},0.5\r\n`,
    );
  });
});

describe('control characters from the API are escaped on every output path', () => {
  /** Escaped, and no raw control character but the line's end (and, piped, the tabs between cells). */
  const check = (r: CliResult, piped = false) => {
    succeeded(r);
    expect(r.stdout).toContain(ESCAPED);
    for (const l of r.stdout.split('\n'))
      for (const cell of piped ? l.split('\t') : [l]) expect(cell).not.toMatch(RAW_CONTROL);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  };

  it('a table on a terminal, and tab-separated rows piped (one row, seven cells)', async () => {
    check(await adcli(['campaigns', 'list', '--limit', '100'], { tty: true, columns: 400 }));
    const piped = await adcli(['campaigns', 'list', '--limit', '100']);
    check(piped, true);
    const row = lines(piped.stdout).find((l) => l.startsWith(odd.id))!;
    expect(row.split('\t')).toEqual([odd.id, ESCAPED, 'draft', '-', '-', '-', expect.any(String)]);
  });

  it("a record's field lines, on a terminal and piped", async () => {
    check(await adcli(['campaigns', 'get', odd.id], { tty: true }));
    const piped = await adcli(['campaigns', 'get', odd.id]);
    check(piped, true);
    expect(lines(piped.stdout)).toContain(`Name\t${ESCAPED}`);
  });

  it('plain text lines (targeting), warnings and --jq strings', async () => {
    const slot = odd.audiences[0]!.id;
    succeeded(await adcli(['campaigns', 'audiences', 'update', odd.id, slot, '--name', CONTROLS]));
    const text = await adcli(['targeting', 'show', odd.id], { tty: true, columns: 200 });
    check(text);
    expect(text.stdout).toContain(`${ESCAPED} slot ${slot}`);
    // a removal of an item not there: left out of generating, said with the text escaped
    const edit = await adcli(['targeting', 'edit', odd.id, slot, '--remove', CONTROLS]);
    expect(edit.stdout).toContain(`left-out\tkeywords\t${ESCAPED}\t-\n`);
    expect(edit.stdout.replaceAll('\t', ' ') + edit.stderr).not.toMatch(RAW_CONTROL);
    const restore = await adcli([
      'targeting',
      'edit',
      odd.id,
      slot,
      '--restore',
      `keywords:${CONTROLS}x`,
    ]);
    expect(restore.stderr).toContain(`Nothing to restore for keyword "${ESCAPED}x"`);
    expect(restore.stderr).not.toMatch(RAW_CONTROL);
    // --jq strings as jq -r prints them: tabs and newlines raw, every other control escaped
    const jq = succeeded(await adcli(['campaigns', 'get', odd.id, '--jq', '.name']));
    expect(CONTROLS).toMatch(/\t/);
    expect(CONTROLS).toMatch(/\n/);
    expect(jq.stdout).toContain('\t');
    expect(jq.stdout.slice(0, -1)).toContain('\n');
    expect(jq.stdout).toContain('\\u001b');
    expect(jq.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(jq.stdout.split(/[\t\n]/).join('')).toBe(ESCAPED.split(/\\[tn]/).join(''));
  });

  it('JSON keeps the value whole and writes no raw control character', async () => {
    const r = succeeded(await adcli(['campaigns', 'get', odd.id, '--json'], { tty: true }));
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(r.stdout).name).toBe(CONTROLS);
  });

  it('--debug: what the API answered, on stderr, its lines escaped', async () => {
    const r = succeeded(await adcli(['campaigns', 'get', odd.id, '--debug']));
    expect(r.stderr).toContain('← 200');
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  it('error messages that quote what they were given', async () => {
    const r = await adcli(['profiles', 'use', CONTROLS]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe(
      `adcli: no profile named ${ESCAPED} (profiles: local); adcli auth login --profile ${ESCAPED} creates it\n`,
    );
  });
});
