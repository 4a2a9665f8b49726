/**
 * What a CI step and a person at a terminal are told (issue 32, "The terminal and scripts"),
 * in-process on the local profile (test/helpers/cli.ts) with a sandboxed data dir seeded with the
 * demo: a campaign published or turned on without any targeting is warned about; `targeting generate
 * --wait` run twice succeeds both times and keeps hand-written items; YouTube collection says why it
 * waits and what to do in the CLI's words, naming ADCLI_YOUTUBE_API_KEY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeError } from '../src/commands/data-stores/print-data-store.ts';
import { sectionCount } from '../src/commands/targeting/print-targeting.ts';
import { EXIT } from '../src/lib/errors.ts';
import { json, succeeded } from './helpers/assert.ts';
import { cliIn } from './helpers/cli.ts';
import { cleanupAll, sandbox } from './helpers/process.ts';

afterAll(cleanupAll);

let adcli: ReturnType<typeof cliIn>;
beforeAll(() => {
  adcli = cliIn(sandbox().env);
});

const createArgs = (name: string) => [
  'campaigns',
  'create',
  '--name',
  name,
  '--type',
  'SEARCH',
  '--budget',
  '5',
  '--budget-type',
  'daily',
  '--json',
];

describe('a campaign without targeting in the ad platform', () => {
  it('publishing and turning it on warn on stderr, naming the command that generates it', async () => {
    const c = json(await adcli(createArgs('Untargeted')));
    const published = succeeded(await adcli(['campaigns', 'publish', c.id]));
    const warning = `Campaign ${c.id} has no targeting: the ad platform gets none`;
    expect(published.stderr).toContain(warning);
    expect(published.stderr).toContain(`Generate it: adcli targeting generate ${c.id} --wait`);
    expect(published.stderr).toContain(
      `the targeting adcli targeting show ${c.id} lists, are sent there at each sync`,
    );
    expect(published.stdout).not.toContain(warning);
    const enabled = succeeded(await adcli(['backend', 'ads', 'set-status', c.id, 'ENABLED']));
    expect(enabled.stderr).toContain(warning);
    const paused = succeeded(await adcli(['backend', 'ads', 'set-status', c.id, 'PAUSED']));
    expect(paused.stderr).not.toContain(warning);
  });

  it('a campaign with targeting is not warned about when turned on', async () => {
    const live = json(
      await adcli(['campaigns', 'list', '--ads-status', 'ENABLED', '--json', 'id']),
    )[0];
    const t = json(await adcli(['targeting', 'show', live.id, '--json']));
    expect(t.audiences.some((s: any) => s.items.length > 0)).toBe(true);
    const r = succeeded(await adcli(['backend', 'ads', 'set-status', live.id, 'ENABLED']));
    expect(r.stderr).toContain('is now ENABLED');
    expect(r.stderr).not.toContain('has no targeting');
  });
});

describe('targeting generate --wait, run twice (a CI step)', () => {
  it('the second run exits 0, says nothing needed generating, shows the targeting and keeps hand-written items', async () => {
    const c = json(await adcli(createArgs('Generated twice')));
    const slot = c.audiences[0].id;
    const store = json(
      await adcli(['data-stores', 'list', '--name', 'Trail running', '--json']),
    )[0];
    succeeded(
      await adcli(['campaigns', 'audiences', 'update', c.id, slot, '--data-store', store.id]),
    );
    succeeded(await adcli(['targeting', 'generate', c.id, '--wait']));
    succeeded(
      await adcli(['targeting', 'edit', c.id, slot, '--add-keyword', 'hand written pick:exact']),
    );
    const again = await adcli(['targeting', 'generate', c.id, '--wait']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      `Nothing needed generating: every audience slot of campaign ${c.id} with data stores already has its targeting.`,
    );
    expect(again.stdout).toContain('hand written pick');
    const j = await adcli(['targeting', 'generate', c.id, '--wait', '--json']);
    expect(j.code, j.stderr).toBe(0);
    const t = JSON.parse(j.stdout);
    expect(t.audiences[0].status).toBe('ready');
    expect(t.audiences[0].items.map((i: any) => i.text)).toContain('hand written pick');

    // A campaign with no generated slot at all is still refused.
    const none = json(await adcli(createArgs('Nothing to generate from')));
    expect((await adcli(['targeting', 'generate', none.id, '--wait'])).code).toBe(EXIT.refused);
  });
});

describe("YouTube collection in the CLI's words", () => {
  const channel = 'UC' + 'a'.repeat(22);

  it('without a key: the error names ADCLI_YOUTUBE_API_KEY and the commands, never PATCH or an operation', async () => {
    const r = await adcli([
      'data-stores',
      'create',
      '--name',
      'No key',
      '--channel',
      channel,
      '--wait',
    ]);
    expect(r.code).toBe(EXIT.jobFailed);
    const id = r.stdout.match(/^ID\t(\S+)/m)![1]!;
    expect(r.stderr).toContain(`none of the 1 sources is in the content catalog: ${channel}.`);
    expect(r.stderr).toContain('set ADCLI_YOUTUBE_API_KEY (a YouTube Data API key) where it runs');
    expect(r.stderr).toContain(`adcli data-stores update ${id} --channel`);
    expect(r.stderr).toContain(`adcli data-stores import ${id} --file FILE`);
    expect(r.stderr).not.toMatch(/PATCH|POST|import_data_store/);
  });

  it('with a key but YouTube unreachable: --wait says why it still collects (piped, a line)', async () => {
    const env = {
      ...sandbox().env,
      ADCLI_YOUTUBE_API_KEY: 'test-key',
      ADCLI_YOUTUBE_BASE_URL: 'http://127.0.0.1:9',
    };
    const r = await cliIn(env)([
      'data-stores',
      'create',
      '--name',
      'Offline',
      '--channel',
      channel,
      '--wait',
      '--wait-timeout',
      '3s',
    ]);
    expect(r.code).toBe(EXIT.waitTimeout);
    expect(r.stderr).toMatch(/collecting: YouTube channels\.list: cannot reach 127\.0\.0\.1:9/);
    expect(r.stderr).toMatch(/collection tries again in \d+ s \(failure 1 of \d+\)/);
  });

  it('a collection that failed for good: collect again with the update command, not "PATCH it"', () => {
    const said = storeError({
      id: 'd1',
      error:
        'collecting failed: YouTube channels.list: cannot reach www.googleapis.com; change its sources or PATCH it to collect again',
    });
    expect(said).toBe(
      'collecting failed: YouTube channels.list: cannot reach www.googleapis.com; collect again with adcli data-stores update d1 --channel ID… --video ID… (its sources, the same ones will do)',
    );
  });
});

describe('small words of the terminal', () => {
  it('enumerated flags and arguments in any case: --type search is SEARCH; a wrong value still lists the choices', async () => {
    const c = json(
      await adcli([
        'campaigns',
        'create',
        '--name',
        'Lower case',
        '--type',
        'search',
        '--budget',
        '5',
        '--budget-type',
        'DAILY',
        '--json',
      ]),
    );
    expect(c.campaignType).toBe('SEARCH');
    expect(c.budgetType).toBe('daily');
    const listed = json(
      await adcli(['campaigns', 'list', '--ads-status', 'enabled', '--json', 'adsPlatform']),
    );
    expect(listed.length).toBeGreaterThan(0);
    for (const x of listed) expect(x.adsPlatform.status).toBe('ENABLED');
    const wrong = await adcli(['campaigns', 'create', '--name', 'x', '--type', 'serch']);
    expect(wrong.code).toBe(EXIT.usage);
    expect(wrong.stderr).toContain('SEARCH');
  });

  it('records show times as tables do (YYYY-MM-DD HH:MM), never raw ISO beside them', async () => {
    const c = json(await adcli(createArgs('Times')));
    for (const args of [
      ['campaigns', 'get', c.id],
      ['data-stores', 'get', json(await adcli(['data-stores', 'list', '--json', 'id']))[0].id],
    ]) {
      const r = succeeded(await adcli(args));
      expect(r.stdout, args.join(' ')).toMatch(/^Created\t\d{4}-\d\d-\d\d \d\d:\d\d$/m);
      expect(r.stdout).toMatch(/^Updated\t\d{4}-\d\d-\d\d \d\d:\d\d$/m);
      expect(r.stdout).not.toMatch(/\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/);
    }
  });

  it('counts take the noun in their number: 1 website, 2 keywords', () => {
    expect(sectionCount('websites', 1)).toBe('1 website');
    expect(sectionCount('keywords', 2)).toBe('2 keywords');
  });
});
