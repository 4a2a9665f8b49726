/**
 * The small frictions of the terminal, each fixed (issue "Terminal and install, finished", part 4),
 * in-process on the local profile (test/helpers/cli.ts) with a sandboxed data dir seeded with the
 * demo on first use:
 *   1. a prompt re-asks a bad answer with the reason, keeping the answers before it;
 *   2. the campaigns create wizard asks for locations, language and data stores;
 *   3. targeting edit prints what changed (test/cli-targeting-edit.test.ts holds its tests);
 *   4. one duration grammar for every duration (--wait-timeout, --delay, backend clock advance);
 *   5. one number format per kind of figure;
 *   6. topics beside the channels of a data store;
 *   7. targeting generate --all;
 *   8. the API's next steps said with the CLI's commands and flags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicsCell, topicsOfChannels } from '../src/commands/explore/topics.ts';
import { storeError } from '../src/commands/data-stores/print-data-store.ts';
import { skipReason } from '../src/commands/targeting/targeting-generate.ts';
import { slotError } from '../src/commands/targeting/print-targeting.ts';
import { durationArg, durationText } from '../src/lib/args.ts';
import { inCliWords } from '../src/lib/cli-words.ts';
import { ApiCallError, type ApiClient } from '../src/lib/client.ts';
import { EXIT } from '../src/lib/errors.ts';
import { Factory } from '../src/lib/factory.ts';
import { IOStreams } from '../src/lib/iostreams.ts';
import { amount, compact, decimal, grouped, money, percent } from '../src/lib/numbers.ts';
import { main } from '../src/main.ts';
import { json, succeeded } from './helpers/assert.ts';
import { cliIn, type CliResult } from './helpers/cli.ts';
import { cleanupAll, sandbox, type Sandbox } from './helpers/process.ts';

afterAll(cleanupAll);

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const plain = (s: string) => s.replace(ANSI, '');
const lines = (s: string) => s.split('\n').filter(Boolean);

/** One step of a dialog: once `prompt` shows on stdout (after the step before it), type `keys`. */
interface Step {
  prompt: string;
  keys: string;
}

/**
 * adcli in-process on a terminal (stdin, stdout and stderr), CI unset, answering a dialog of
 * several questions in order, as a person would: each answer is typed once its prompt shows after
 * the previous answer.
 */
async function converse(
  args: string[],
  env: NodeJS.ProcessEnv,
  steps: Step[],
): Promise<CliResult & { answered: number }> {
  const own = { ...env };
  delete own.CI;
  const t = IOStreams.test({
    stdinTTY: true,
    stdoutTTY: true,
    stderrTTY: true,
    columns: 120,
    stdin: '',
    env: own,
  });
  // Each prompt pipes its drawing into stdout and ends the pipe when done; a real terminal's stdout
  // is never ended by a pipe (Node leaves process.stdout open), and neither is this one.
  (t.io.stdout as { end: () => unknown }).end = function (this: unknown) {
    return this;
  };
  const f = new Factory({ io: t.io, env: own });
  let step = 0;
  let from = 0;
  const timer = setInterval(() => {
    const next = steps[step];
    if (!next) return;
    const out = plain(t.stdout());
    const at = out.indexOf(next.prompt, from);
    if (at === -1) return;
    from = out.length;
    step++;
    t.type(next.keys);
  }, 5);
  let code: number;
  try {
    code = await main(args, f);
  } finally {
    clearInterval(timer);
    await f.close();
  }
  return { code, stdout: t.stdout(), stderr: t.stderr(), answered: step };
}

const ENTER = '\r';
const DOWN = '\x1b[B';

describe('campaigns create on a terminal: a wizard that re-asks, and asks what a campaign needs', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  let stores: { id: string; name: string; scope: string }[];
  beforeAll(async () => {
    sb = sandbox();
    adcli = cliIn(sb.env);
    stores = json(await adcli(['data-stores', 'list', '--include-library', '--json']));
  });

  const created = async (name: string) =>
    json(await adcli(['campaigns', 'list', '--name', name, '--json']))[0];

  it('a bad budget, location or language is asked again with the reason; the answers before it stay', async () => {
    const r = await converse(['campaigns', 'create'], sb.env, [
      { prompt: 'Campaign name', keys: `Wizard spring${ENTER}` },
      { prompt: 'Objective', keys: `Trail runners in the Alps${ENTER}` },
      { prompt: 'Campaign type', keys: `${DOWN}${ENTER}` },
      { prompt: 'Locations', keys: `DE, Germany${ENTER}` },
      // re-asked with the nearest code, the same words as --location Germany
      { prompt: 'did you mean "DE" (Germany)?', keys: `${'\x7f'.repeat(7)}AT${ENTER}` },
      { prompt: 'Language', keys: `${'\x7f'.repeat(2)}German${ENTER}` },
      { prompt: 'did you mean "de" (German)?', keys: `${'\x7f'.repeat(6)}de${ENTER}` },
      // the amount in the currency of the account it will spend from
      { prompt: 'Budget in USD (empty for none)', keys: `abc${ENTER}` },
      { prompt: 'budget must be a number', keys: `${'\x7f'.repeat(3)}0${ENTER}` },
      { prompt: 'budget must be greater than 0', keys: `${'\x7f'}50${ENTER}` },
      { prompt: 'Budget type', keys: ENTER },
      // the first data store of the list: ticked with space
      { prompt: 'Data stores', keys: ` ${ENTER}` },
    ]);
    expect(r.code, r.stderr + plain(r.stdout)).toBe(0);
    expect(r.answered).toBe(12);
    const c = await created('Wizard spring');
    expect(c).toMatchObject({
      name: 'Wizard spring',
      objective: 'Trail runners in the Alps',
      campaignType: 'DEMAND_GEN',
      locations: ['DE', 'AT'],
      language: 'de',
      budget: 50,
      budgetType: 'daily',
    });
    // the workspace's own stores come first in the list
    const first = stores.find((s) => s.scope !== 'library')!;
    expect(c.audiences[0].dataStoreIds).toEqual([first.id]);
  });

  it('a total budget: the type is asked, then the end date it needs (a bad one re-asked in words); the next step follows', async () => {
    const r = await converse(['campaigns', 'create'], sb.env, [
      { prompt: 'Campaign name', keys: `Wizard total${ENTER}` },
      { prompt: 'Objective', keys: ENTER },
      { prompt: 'Campaign type', keys: ENTER },
      { prompt: 'Locations', keys: ENTER },
      { prompt: 'Language', keys: ENTER },
      { prompt: 'Budget in USD', keys: `900${ENTER}` },
      { prompt: 'Budget type', keys: `${DOWN}${ENTER}` },
      { prompt: 'End date', keys: `31/12/2030${ENTER}` },
      {
        prompt: 'must be a date as YYYY-MM-DD (e.g. 2026-12-31)',
        keys: `${'\x7f'.repeat(10)}2030-12-31${ENTER}`,
      },
      { prompt: 'Data stores', keys: ` ${ENTER}` },
    ]);
    expect(r.code, r.stderr + plain(r.stdout)).toBe(0);
    expect(r.answered).toBe(10);
    const c = await created('Wizard total');
    expect(c).toMatchObject({ budget: 900, budgetType: 'total', endDate: '2030-12-31' });
    expect(plain(r.stderr)).toContain(
      `Next, generate its targeting:\n  adcli targeting generate ${c.id} --wait\n`,
    );
  });

  it("enter takes the API's defaults: locations US, language en, no budget, no data stores", async () => {
    const r = await converse(['campaigns', 'create'], sb.env, [
      { prompt: 'Campaign name', keys: `Wizard defaults${ENTER}` },
      { prompt: 'Objective', keys: ENTER },
      { prompt: 'Campaign type', keys: ENTER },
      { prompt: 'Locations', keys: ENTER },
      { prompt: 'Language', keys: ENTER },
      { prompt: 'Budget in USD', keys: ENTER },
      { prompt: 'Data stores', keys: ENTER },
    ]);
    expect(r.code, r.stderr + plain(r.stdout)).toBe(0);
    expect(await created('Wizard defaults')).toMatchObject({
      campaignType: 'SEARCH',
      locations: ['US'],
      language: 'en',
      budget: null,
      audiences: [expect.objectContaining({ dataStoreIds: [] })],
    });
    // every question, with its default, fits a terminal of 80 columns
    // (each redraw of a question begins with its mark: `?` asking, `✔` answered)
    const questions = plain(r.stdout)
      .split(/[\r\n]|(?=[?✔] [A-Z])/)
      .filter((l) => /^[?✔] /.test(l));
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.filter((l) => l.length > 80)).toEqual([]);
  });

  it('asks only what the flags leave out; without a terminal only --name is missing', async () => {
    const r = await converse(
      ['campaigns', 'create', '--location', 'FR', '--language', 'fr', '--type', 'VIDEO'],
      sb.env,
      [
        { prompt: 'Campaign name', keys: `Wizard flags${ENTER}` },
        { prompt: 'Objective', keys: ENTER },
        { prompt: 'Budget in USD', keys: `20${ENTER}` },
        { prompt: 'Budget type', keys: ENTER },
        { prompt: 'Data stores', keys: ENTER },
      ],
    );
    expect(r.code, r.stderr + plain(r.stdout)).toBe(0);
    expect(plain(r.stdout)).not.toMatch(/Locations \(|Language \(|Campaign type/);
    expect(await created('Wizard flags')).toMatchObject({
      campaignType: 'VIDEO',
      locations: ['FR'],
      language: 'fr',
      budget: 20,
      budgetType: 'daily',
    });
    const piped = await adcli(['campaigns', 'create', '--location', 'FR']);
    expect(piped.code).toBe(EXIT.usage);
    expect(piped.stderr).toBe('adcli: --name is required (no terminal to ask on)\n');
  });
});

describe('one duration grammar', () => {
  it('the parser of the backend, 0 alone without a unit, one message naming the grammar', () => {
    expect(durationArg('1h2m')).toBe(3_720_000);
    expect(durationArg('1h30m')).toBe(5_400_000);
    expect(durationArg('PT1H')).toBe(3_600_000);
    expect(durationArg('250ms')).toBe(250);
    expect(durationArg('0')).toBe(0);
    expect(() => durationArg('soon')).toThrow(
      /^must be a duration: numbers with units ms, s, m, h, d or w run together/,
    );
    expect(() => durationArg('600')).toThrow(/a number needs its unit: 600s/);
    expect([0, 1500, 60_000, 90_061_001].map(durationText)).toEqual([
      '0',
      '1s500ms',
      '1m',
      '1d1h1m1s1ms',
    ]);
  });

  it('--wait-timeout 1h2m is taken, as backend clock advance 1h2m is; both refuse the same way', async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    const c = json(await adcli(['campaigns', 'create', '--name', 'Timeouts', '--json']));
    succeeded(await adcli(['campaigns', 'get', c.id, '--wait', '--wait-timeout', '1h2m']));
    succeeded(await adcli(['backend', 'clock', 'advance', '1h2m']));
    const grammar = 'must be a duration: numbers with units ms, s, m, h, d or w run together';
    const timeout = await adcli(['campaigns', 'get', c.id, '--wait', '--wait-timeout', 'soon']);
    expect(timeout.code).toBe(EXIT.usage);
    expect(timeout.stderr).toContain(grammar);
    const advance = await adcli(['backend', 'clock', 'advance', 'soon']);
    expect(advance.code).toBe(EXIT.usage);
    expect(advance.stderr).toContain(`<duration> ${grammar}`);
    expect(advance.stderr).toContain('not "soon"');
    const delay = await adcli(['backend', 'faults', 'add', '--path', '/x', '--delay', 'soon']);
    expect(delay.stderr).toContain(grammar);
  });

  it('backend faults add --delay takes a duration within 0 to 1m, and the list says it so', async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    succeeded(await adcli(['backend', 'faults', 'add', '--path', '/brands', '--delay', '1s500ms']));
    expect(succeeded(await adcli(['backend', 'faults', 'list'])).stdout).toContain('delay 1s500ms');
    const far = await adcli(['backend', 'faults', 'add', '--path', '/brands', '--delay', '61s']);
    expect(far.code).toBe(EXIT.usage);
    expect(far.stderr).toContain('must be from 0 to 1m');
  });
});

describe('one number format per kind of figure', () => {
  it('counts grouped, audience sizes compact, money with its currency, rates as percentages', () => {
    expect([0, 999, 1000, 1500, 12_345, 45_600, 289_000, 999_950, 1_234_567].map(compact)).toEqual([
      '0',
      '999',
      '1k',
      '1.5k',
      '12k',
      '46k',
      '289k',
      '1M',
      '1.2M',
    ]);
    expect([0, 999, 12_345, 1_234_567].map(grouped)).toEqual(['0', '999', '12,345', '1,234,567']);
    expect(money(50, 'USD')).toBe('50.00 USD');
    expect(money(1234.5, 'EUR')).toBe('1,234.50 EUR');
    expect(money(5000, 'JPY')).toBe('5,000 JPY');
    expect(money(12.5)).toBe('12.50');
    expect(money(null, 'USD')).toBe('–');
    expect(amount(372.5, 'USD')).toBe('372.50');
    expect([percent(0.01234), percent(null)]).toEqual(['1.23%', '–']);
    expect([decimal(1234.5), decimal(3.14159), decimal(2)]).toEqual(['1,234.5', '3.14', '2']);
  });

  it('subscribers: compact in every table, grouped in a detail view, digits piped, numbers in --json', async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    const library = json(await adcli(['data-stores', 'list', '--include-library', '--json'])).find(
      (s: any) => s.scope === 'library',
    );
    const channels = json(await adcli(['data-stores', 'channels', library.id, '--json']));
    const nomad = channels.find((c: any) => c.title === 'Shoestring Nomad');
    expect(nomad.subscribers).toBe(289_000);
    const wide = { tty: true, columns: 200 } as const;
    const storeTable = plain(
      succeeded(await adcli(['data-stores', 'channels', library.id], wide)).stdout,
    );
    expect(storeTable).toMatch(/Shoestring Nomad .* 289k /);
    const search = plain(succeeded(await adcli(['explore', 'search', 'nomad'], wide)).stdout);
    expect(search).toMatch(/Shoestring Nomad .* 289k /);
    const detail = plain(
      succeeded(await adcli(['explore', 'channel', nomad.channelId], wide)).stdout,
    );
    expect(detail).toMatch(/Subscribers +289,000\n/);
    const piped = succeeded(await adcli(['data-stores', 'channels', library.id])).stdout;
    expect(
      lines(piped)
        .find((l) => l.includes('Shoestring Nomad'))!
        .split('\t')[4],
    ).toBe('289000');
  });

  it("budgets and amounts are money: the account's currency and its decimals, in a list and a record alike", async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    const c = json(
      await adcli([
        'campaigns',
        'create',
        '--name',
        'Money talks',
        '--budget',
        '1250',
        '--budget-type',
        'daily',
        '--target-cpa',
        '12.5',
        '--json',
      ]),
    );
    const record = succeeded(await adcli(['campaigns', 'get', c.id])).stdout;
    expect(record).toContain('Budget\t1,250.00 USD daily');
    expect(record).toContain('Target CPA\t12.50 USD');
    const row = lines(
      succeeded(await adcli(['campaigns', 'list', '--name', 'Money talks'])).stdout,
    );
    expect(row[0]!.split('\t')[4]).toBe('1,250.00 USD daily');
    expect(json(await adcli(['campaigns', 'get', c.id, '--json'])).budget).toBe(1250);
  });
});

describe('data-stores channels: topics beside the channels', () => {
  it('a TOPICS column (the most specific topics), on a terminal and piped; --json is the API record', async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    const library = json(await adcli(['data-stores', 'list', '--include-library', '--json'])).find(
      (s: any) => s.scope === 'library',
    );
    const tty = plain(
      succeeded(await adcli(['data-stores', 'channels', library.id], { tty: true, columns: 160 }))
        .stdout,
    );
    expect(lines(tty)[0]).toMatch(/^CHANNEL ID +TITLE .* TOPICS$/);
    expect(tty).toMatch(/Shoestring Nomad .* Travel › Rail Travel/);
    const piped = lines(succeeded(await adcli(['data-stores', 'channels', library.id])).stdout);
    const nomad = piped.find((l) => l.includes('Shoestring Nomad'))!.split('\t');
    expect(nomad).toHaveLength(7);
    expect(nomad[6]).toContain('Travel › Rail Travel');
    const records = json(await adcli(['data-stores', 'channels', library.id, '--json']));
    expect(records[0]).not.toHaveProperty('topics');
  });

  it('topics are looked up in exploration; a workspace not invited gets none, not an error', async () => {
    const refused = {
      call: async () => {
        throw new ApiCallError(403, 'forbidden', 'audience exploration is invite-only', undefined);
      },
    } as unknown as ApiClient;
    expect(await topicsOfChannels(refused, ['UCa', 'UCb'])).toBeNull();
    expect(
      topicsCell(['/Sports', '/Sports/Running', '/Sports/Running/Trail', '/Travel', '/Food']),
    ).toBe('Sports › Running › Trail; Travel');
  });
});

describe('targeting generate --all', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  let campaign: string;
  let slots: string[];
  beforeAll(async () => {
    sb = sandbox();
    adcli = cliIn(sb.env);
    const store = json(
      await adcli(['data-stores', 'list', '--name', 'Home coffee brewing', '--json']),
    )[0].id;
    const audience = json(await adcli(['audiences', 'list', '--json']))[0].id;
    campaign = json(
      await adcli(['campaigns', 'create', '--name', 'All of it', '--data-store', store, '--json']),
    ).id;
    succeeded(await adcli(['campaigns', 'audiences', 'add', campaign, audience]));
    const t = json(await adcli(['targeting', 'generate', campaign, '--wait', '--json']));
    slots = t.audiences.map((s: any) => s.id);
    expect(slots).toHaveLength(2);
    expect(t.audiences.map((s: any) => s.status)).toEqual(['ready', 'ready']);
  });

  it('without names a generated slot is skipped, said in CLI words; --all regenerates every slot', async () => {
    const again = lines(succeeded(await adcli(['targeting', 'generate', campaign])).stdout);
    expect(again.map((l) => l.split('\t').slice(2).join('\t'))).toEqual(
      slots.map(
        (id) =>
          `skipped\talready generated; regenerate it with --audience ${id} (or every slot with --all)`,
      ),
    );
    const all = json(await adcli(['targeting', 'generate', campaign, '--all', '--json']));
    expect(all.started).toEqual(slots);
    expect(all.skipped).toEqual([]);
    const done = json(await adcli(['targeting', 'show', campaign, '--wait', '--json']));
    expect(done.audiences.map((s: any) => s.status)).toEqual(['ready', 'ready']);
    const waited = json(
      await adcli(['targeting', 'generate', campaign, '--all', '--wait', '--json']),
    );
    expect(waited.audiences.map((s: any) => s.status)).toEqual(['ready', 'ready']);
  });

  it('--all and --audience exclude each other: a usage error before any request', async () => {
    const r = await adcli(['targeting', 'generate', campaign, '--all', '--audience', slots[0]!]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toBe(
      'adcli: --all and --audience exclude each other: --all regenerates every audience slot of the campaign, --audience only the ones named\n',
    );
  });

  it('a slot named while it generates: the next step is a command; --json keeps the API error', async () => {
    succeeded(await adcli(['targeting', 'generate', campaign, '--audience', slots[0]!]));
    const r = await adcli(['targeting', 'generate', campaign, '--audience', slots[0]!]);
    expect(r.code).toBe(EXIT.refused);
    expect(r.stderr).toContain(`follow it with adcli targeting show ${campaign} --wait`);
    expect(r.stderr).toContain('run it again with the same --idempotency-key');
    expect(r.stderr).not.toMatch(/get_targeting|Idempotency-Key/);
    const j = await adcli(['targeting', 'generate', campaign, '--audience', slots[0]!, '--json']);
    expect(JSON.parse(j.stderr).error.message).toContain('call get_targeting until');
    succeeded(await adcli(['targeting', 'show', campaign, '--wait']));
  });
});

describe("the API's next steps in CLI words", () => {
  it('skip reasons, a failed slot, a data store that could not collect', () => {
    const C = 'c'.repeat(24);
    expect(
      skipReason(C, {
        id: 's1',
        reason: 'no data stores: add dataStoreIds to this audience first',
      }),
    ).toBe(
      `no data stores: give it some first with adcli campaigns audiences update ${C} s1 --data-store ID`,
    );
    expect(
      slotError(C, {
        id: 's1',
        error:
          'targeting generation failed: store down; name this audience in generate_targeting to try again',
      }),
    ).toBe(
      `targeting generation failed: store down; try again with adcli targeting generate ${C} --audience s1 --wait`,
    );
    expect(
      storeError({
        id: 'd1',
        error:
          'none of the 1 sources is in the content catalog: UCx. Import them into data store d1 with import_data_store (POST /data-stores/d1/import).',
      }),
    ).toBe(
      'none of the 1 sources is in the content catalog: UCx. Import them with adcli data-stores import d1 --file FILE (a YouTube Data API export).' +
        ' Or let the backend collect them from YouTube: set ADCLI_YOUTUBE_API_KEY (a YouTube Data API key) where it runs, then adcli data-stores update d1 --channel ID… --video ID… (its sources, the same ones will do).',
    );
    // an operation still named is said as its command; what was refused stays as the API says it
    expect(
      inCliWords(
        'customerId: no ad-platform account 1 in this workspace; list_ads_accounts lists the accounts this key may use',
      ),
    ).toBe(
      'customerId: no ad-platform account 1 in this workspace; adcli ads accounts lists the accounts this key may use',
    );
  });

  it('campaigns publish lists what is missing as the commands that give it; --json keeps the API words', async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    const c = json(await adcli(['campaigns', 'create', '--name', 'Not yet', '--json']));
    const r = await adcli(['campaigns', 'publish', c.id]);
    expect(r.code).toBe(EXIT.refused);
    expect(r.stderr).toContain(
      `(1) a campaign type (SEARCH, DEMAND_GEN, VIDEO or DISPLAY): set it with adcli campaigns update ${c.id} --type TYPE; ` +
        `(2) a budget, in the account's currency: set it with adcli campaigns update ${c.id} --budget AMOUNT --budget-type daily`,
    );
    expect(r.stderr).not.toMatch(/update_campaign|campaignType|budgetType/);
    const j = await adcli(['campaigns', 'publish', c.id, '--json']);
    expect(JSON.parse(j.stderr).error.message).toContain('set it with update_campaign');

    const primary = c.audiences[0].id;
    const remove = await adcli(['campaigns', 'audiences', 'remove', c.id, primary, '--yes']);
    expect(remove.code).toBe(EXIT.refused);
    expect(remove.stderr).toContain(
      `empty it instead: adcli campaigns audiences update ${c.id} ${primary} --no-data-store`,
    );
    expect(remove.stderr).not.toContain('dataStoreIds');
  });

  it("performance show of a campaign in another account names the flag that picks the campaign's", async () => {
    const sb = sandbox();
    const adcli = cliIn(sb.env);
    const accounts = json(await adcli(['ads', 'accounts', '--json']));
    const [home, other] = accounts.map((a: any) => a.customerId);
    const c = json(
      await adcli([
        'campaigns',
        'create',
        '--name',
        'Elsewhere',
        '--type',
        'SEARCH',
        '--budget',
        '5',
        '--budget-type',
        'daily',
        '--customer-id',
        home,
        '--json',
      ]),
    );
    succeeded(await adcli(['campaigns', 'publish', c.id]));
    const r = await adcli(['performance', 'show', '--campaign', c.id, '--customer-id', other]);
    expect(r.code).toBe(EXIT.refused);
    expect(r.stderr).toContain(`: pass --customer-id ${home} (not_found`);
  });
});
