/**
 * `adcli targeting|performance|ads|explore|api` run in-process (test/helpers/cli.ts) against a real
 * `adcli serve` and against the built-in `local` profile, plus unit tests of the chart and of the
 * `--wait` polling loop. Ctrl-C and the spinner on a real terminal run as subprocesses.
 * (test/generated.test.ts checks the generated operation list.)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnChart, bucket, compactNumber } from '../src/lib/chart.ts';
import {
  backoffDelay,
  DEFAULT_BACKOFF,
  nominalDelay,
  waitFor,
  type Backoff,
} from '../src/lib/wait.ts';
import { operationsHelp } from '../src/commands/api/operations-help.ts';
import { runCli } from './helpers/cli.ts';
import {
  cleanupAll,
  hasScript,
  runInTerminal,
  sandbox,
  spawnAdcli,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterAll(cleanupAll);

const ANSI = /\x1b\[/;
const US = '512-384-7260';
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT'; // Ridgeline Miles, a demo channel
const LAUNCH = 'Northwind Talus 3 Spring Trail Launch';
const PLATFORM = 'Northwind Ridgeline Packs Always-On Video';

/** Everything on stderr should be plain messages, never a stack trace. */
function noStack(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at |node:internal/);
}

function remoteEnv(s: Server, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...sandbox().env,
    ADCLI_BASE_URL: s.info.baseUrl,
    ADCLI_API_KEY: s.info.apiKey,
    ...extra,
  };
}

async function campaignId(s: Server, name: string): Promise<string> {
  const r = await s.api('GET', `/campaigns?limit=100&name=${encodeURIComponent(name)}`);
  const c = r.body.data.find((x: any) => x.name === name);
  if (!c) throw new Error(`no demo campaign ${name}`);
  return c.id;
}

describe('against adcli serve --memory --seed demo', () => {
  let fast: Server;
  let slow: Server;
  beforeAll(async () => {
    [fast, slow] = await Promise.all([
      startServer(['--memory', '--seed', 'demo', '--job-delay', '300', '--quiet'], {
        env: sandbox().env,
      }),
      startServer(['--memory', '--seed', 'demo', '--job-delay', '5000', '--quiet'], {
        env: sandbox().env,
      }),
    ]);
  });

  describe('targeting', () => {
    it('generate --wait ends with the final targeting on stdout: keywords with match types and sources', async () => {
      const id = await campaignId(fast, LAUNCH);
      const r = await runCli(['targeting', 'generate', id, '--wait'], { env: remoteEnv(fast) });
      expect(r.code, r.stderr).toBe(0);
      const rows = r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t'));
      const keywords = rows.filter((c) => c[3] === 'keywords');
      expect(keywords.length).toBeGreaterThan(3);
      for (const k of keywords) {
        expect(k[2]).toBe('ready');
        expect(['EXACT', 'PHRASE', 'BROAD']).toContain(k[6]);
        expect(k[7]).toMatch(/^[a-z]+$/);
      }
      expect(rows.some((c) => c[3] === 'topics')).toBe(true);
      expect(r.stdout).not.toMatch(ANSI);
      // The generation really happened on the server.
      const t = await fast.api('GET', `/campaigns/${id}/targeting`);
      expect(t.body.audiences[0].status).toBe('ready');

      // show --json prints the API object unchanged.
      const j = await runCli(['targeting', 'show', id, '--json'], { env: remoteEnv(fast) });
      expect(j.code, j.stderr).toBe(0);
      expect(JSON.parse(j.stdout)).toEqual(t.body);
    });

    it('generate --wait --json prints the final targeting object; a second run skips the ready slot with its reason', async () => {
      const id = await campaignId(fast, 'Switchback Vans Alps Summer Rentals');
      const r = await runCli(['targeting', 'generate', id, '--wait', '--json'], {
        env: remoteEnv(fast),
      });
      expect(r.code, r.stderr).toBe(0);
      const t = JSON.parse(r.stdout);
      expect(t.campaignId).toBe(id);
      expect(t.audiences.every((s: any) => s.status === 'ready')).toBe(true);
      expect(t.audiences[0].items.some((i: any) => i.section === 'keywords')).toBe(true);

      const again = await runCli(['targeting', 'generate', id], { env: remoteEnv(fast) });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/\tskipped\talready generated/);
    });

    it('--wait-timeout 200ms on a slow job exits 8 and tells how to resume; show --wait resumes', async () => {
      const id = await campaignId(slow, LAUNCH);
      // The job takes 5 s: an exit 8 (not 0) proves the wait gave up on its own deadline.
      const r = await runCli(['targeting', 'generate', id, '--wait', '--wait-timeout', '200ms'], {
        env: remoteEnv(slow),
      });
      expect(r.code, r.stderr).toBe(8);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`adcli targeting show ${id}`);
      expect(r.stderr).toMatch(/--wait/);
      expect(r.stderr).toMatch(/goes on/);
      // Piped: one progress line for the state it started in, then the one error line.
      expect(r.stderr.trim().split('\n')).toEqual([
        `targeting of campaign ${id}: 0/1 audience slot done`,
        expect.stringMatching(/^adcli: still generating after /),
      ]);
      noStack(r.stderr);

      // The job went on; `targeting show --wait` waits for it without starting anything new.
      const resumed = await runCli(['targeting', 'show', id, '--wait', '--json'], {
        env: remoteEnv(slow),
      });
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(
        JSON.parse(resumed.stdout).audiences.every((s: { status: string }) => s.status === 'ready'),
      ).toBe(true);
    });

    it('a slot that ends in error exits 10 with the slot error (an empty data store)', async () => {
      const ds = await fast.api('POST', '/data-stores', { name: 'Nothing in here yet' });
      expect(ds.status).toBe(201);
      const c = await fast.api('POST', '/campaigns', {
        name: 'Empty store campaign',
        dataStoreIds: [ds.body.id],
      });
      expect(c.status).toBe(201);
      const r = await runCli(['targeting', 'generate', c.body.id, '--wait'], {
        env: remoteEnv(fast),
      });
      expect(r.code, r.stderr).toBe(10);
      expect(r.stderr).toMatch(/hold no channels or videos/);
      expect(r.stderr).toContain(c.body.audiences[0].id);
      noStack(r.stderr);
      // The final targeting is still printed: the slot in error, no items.
      expect(r.stdout).toMatch(/\terror\t/);

      const j = await runCli(
        [
          'targeting',
          'generate',
          c.body.id,
          '--audience',
          c.body.audiences[0].id,
          '--wait',
          '--json',
        ],
        { env: remoteEnv(fast) },
      );
      expect(j.code).toBe(10);
      expect(JSON.parse(j.stdout).audiences[0].status).toBe('error');
      expect(JSON.parse(j.stderr).error.exitCode).toBe(10);
    });

    it('Ctrl-C while waiting stops waiting (exit 130, said on stderr) and the generation goes on', async () => {
      const id = await campaignId(slow, 'Ember & Grind Home Baristas Q1');
      const p = spawnAdcli(['targeting', 'generate', id, '--wait', '--debug'], {
        env: remoteEnv(slow),
      });
      // --debug logs each exchange: once the first poll is out, the command is waiting.
      await until('the first poll', () => /→ GET \S+\/targeting/.test(p.stderr()), 15_000, 25);
      const exit = await p.stop('SIGINT');
      expect(exit.code, p.stderr()).toBe(130);
      expect(p.stderr()).toMatch(/stopped waiting; the generation goes on/);
      expect(p.stdout()).toBe('');
      // its one slot with data stores: the saved audience's copy (the primary slot has none)
      const now = await slow.api('GET', `/campaigns/${id}/targeting`);
      expect(now.body.audiences.at(-1).status).toBe('generating');
      await until(
        'the generation to finish after Ctrl-C',
        async () =>
          (await slow.api('GET', `/campaigns/${id}/targeting`)).body.audiences.at(-1).status ===
          'ready',
        20_000,
        200,
      );
    });

    it.skipIf(!hasScript)(
      'on a terminal: a spinner with the state on stderr, then the targeting grouped by section',
      async () => {
        const id = await campaignId(fast, 'Ember & Grind Home Baristas Q1');
        const r = await runInTerminal(['targeting', 'generate', id, '--wait'], remoteEnv(fast));
        expect(r.code, r.output).toBe(0);
        expect(r.output).toMatch(
          /Generating targeting of campaign \w+: 0\/1 audience slot done · \d+s/,
        );
        // The slot without data stores is skipped with its reason.
        expect(r.output).toMatch(/Skipped Primary audience \(slot \w+\): no data stores/);
        expect(r.output).toMatch(/Keywords \(\d+\)\n\s+\S.*\s(EXACT|PHRASE|BROAD)\s+\w+/);
        expect(r.output).toMatch(/Home coffee enthusiasts slot \w+\s+ready/);
      },
    );

    it('edit adds and removes keywords on the current items, answers the change, and checks them locally first', async () => {
      const id = await campaignId(fast, LAUNCH);
      const before = (await fast.api('GET', `/campaigns/${id}/targeting`)).body;
      const slot = before.audiences[0];
      if (slot.status !== 'ready') {
        await runCli(['targeting', 'generate', id, '--wait'], { env: remoteEnv(fast) });
      }
      const items = (await fast.api('GET', `/campaigns/${id}/targeting`)).body.audiences[0].items;
      const gone = items.find((i: any) => i.section === 'keywords').text;
      const r = await runCli(
        [
          'targeting',
          'edit',
          id,
          slot.id,
          '--add-keyword',
          'grippy trail shoes:exact',
          '--remove',
          gone,
          '--json',
        ],
        {
          env: remoteEnv(fast),
        },
      );
      expect(r.code, r.stderr).toBe(0);
      // --json: the change, not the targeting
      const change = JSON.parse(r.stdout);
      expect(change).toMatchObject({
        slotId: slot.id,
        status: 'ready',
        itemCount: items.length,
        added: [{ section: 'keywords', text: 'grippy trail shoes', matchType: 'EXACT' }],
        removed: [{ section: 'keywords', text: gone }],
      });
      expect(change.exclusions).toContainEqual({
        section: 'keywords',
        text: gone,
        reason: 'removed by hand',
      });
      const after = (await fast.api('GET', `/campaigns/${id}/targeting`)).body.audiences[0].items;
      expect(after).toContainEqual({
        section: 'keywords',
        label: 'grippy trail shoes',
        text: 'grippy trail shoes',
        matchType: 'EXACT',
        source: 'manual',
      });
      expect(after.some((i: any) => i.text === gone)).toBe(false);
      expect(after).toHaveLength(items.length);

      // A file of items replaces the list; stdin works with -.
      const file = join(tempDir(sandbox(), 'items'), 'items.json');
      writeFileSync(
        file,
        JSON.stringify({
          items: [
            { section: 'keywords', text: 'trail shoe', matchType: 'PHRASE' },
            { section: 'topics', text: '/Sports' },
          ],
        }),
      );
      const f = await runCli(['targeting', 'edit', id, slot.id, '--file', file, '--json'], {
        env: remoteEnv(fast),
      });
      expect(f.code, f.stderr).toBe(0);
      expect(JSON.parse(f.stdout)).toMatchObject({
        itemCount: 2,
        itemCounts: { keywords: 1, topics: 1 },
      });
      expect(
        (await fast.api('GET', `/campaigns/${id}/targeting`)).body.audiences[0].items.map(
          (i: any) => i.text,
        ),
      ).toEqual(['trail shoe', '/Sports']);

      // Local validation: no request is made (the base URL points nowhere), the server's message, exit 2.
      const bad = await runCli(
        [
          'targeting',
          'edit',
          id,
          slot.id,
          '--add-keyword',
          'one two three four five six seven eight nine ten eleven',
        ],
        {
          env: { ...remoteEnv(fast), ADCLI_BASE_URL: 'http://127.0.0.1:9/api/v1' },
        },
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/a keyword must be at most 10 words/);
      const none = await runCli(['targeting', 'edit', id, slot.id], { env: remoteEnv(fast) });
      expect(none.code).toBe(2);
    });
  });

  describe('performance show', () => {
    it('piped: tab-separated total, campaign and day rows; --json is the report', async () => {
      const r = await runCli(
        ['performance', 'show', '--customer-id', US, '--date-range', 'LAST_7_DAYS'],
        { env: remoteEnv(fast) },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(ANSI);
      const rows = r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t'));
      expect(rows[0]![0]).toBe('total');
      expect(Number(rows[0]![2])).toBeGreaterThan(0); // clicks
      expect(rows.filter((c) => c[0] === 'campaign').map((c) => c[2])).toContain(PLATFORM);
      expect(rows.filter((c) => c[0] === 'day')).toHaveLength(7);

      const j = await runCli(['performance', 'show', '--customer-id', US, '--json'], {
        env: remoteEnv(fast),
      });
      expect(j.code, j.stderr).toBe(0);
      const report = JSON.parse(j.stdout);
      expect(report.customerId).toBe(US);
      expect(report.dateRange.preset).toBe('LAST_30_DAYS');
      expect(report.daily).toHaveLength(30);
      const direct = await fast.api('GET', `/ads-platform/performance?customerId=${US}`);
      expect(report).toEqual(direct.body);
    });

    it('on a terminal: totals, the per-campaign table and charts of clicks and cost that fit the width', async () => {
      const t = await runCli(['performance', 'show', '--customer-id', US], {
        env: remoteEnv(fast),
        tty: true,
        columns: 90,
      });
      expect(t.code, t.stderr).toBe(0);
      const r = { output: t.stdout };
      expect(r.output).toMatch(
        /Performance of account 512-384-7260 \(Demo Brands US\)\nLAST_30_DAYS \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, America\/Los_Angeles\n/,
      );
      expect(r.output).toMatch(/Clicks\s+[\d,]+\n/);
      expect(r.output).toMatch(/Cost\s+[\d,.]+ USD/);
      // The per-campaign table: the name (cut when it must be) and the whole id, on one line.
      expect(r.output).toMatch(/^CAMPAIGN +ID +STATUS/m);
      expect(r.output).toMatch(/^Northwind Ridgeline/m);
      expect(r.output).toContain(await campaignId(fast, PLATFORM));
      expect(r.output).toContain('Clicks per day');
      expect(r.output).toContain('Cost per day (USD)');
      expect(r.output).toMatch(/█/);
      expect(r.output).toMatch(/\n\s+0 └─+\n/);
      // NO_COLOR is set in the sandbox: plain characters only, and every line fits 90 columns.
      expect(r.output).not.toMatch(/\x1b\[\d+m/);
      for (const line of r.output.split('\n')) expect([...line].length).toBeLessThanOrEqual(90);
    });

    it('bad flags are usage errors; an unknown account is refused', async () => {
      const bad = await runCli(
        ['performance', 'show', '--customer-id', US, '--date-range', 'LAST_YEAR'],
        { env: remoteEnv(fast) },
      );
      expect(bad.code).toBe(2);
      const id = await runCli(['performance', 'show', '--customer-id', '12-34'], {
        env: remoteEnv(fast),
      });
      expect(id.code).toBe(2);
      expect(id.stderr).toMatch(/customerId/);
      const other = await runCli(['performance', 'show', '--customer-id', '999-999-9999'], {
        env: remoteEnv(fast),
      });
      expect([3, 4]).toContain(other.code);
      noStack(other.stderr);
    });
  });

  describe('ads accounts, explore', () => {
    it('ads accounts: one row per account, the default first; --json an array', async () => {
      const r = await runCli(['ads', 'accounts'], { env: remoteEnv(fast) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe(`${US}\tDemo Brands US\tUSD\tAmerica/Los_Angeles\tyes`);
      const j = await runCli(['ads', 'accounts', '--json'], { env: remoteEnv(fast) });
      expect(JSON.parse(j.stdout).map((a: any) => a.customerId)).toEqual([US, '730-194-6825']);
    });

    it('explore channel, search, videos and similar', async () => {
      const r = await runCli(['explore', 'channel', CHANNEL], { env: remoteEnv(fast) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('Title\tRidgeline Miles');
      expect(r.stdout).toMatch(/Topics\t.*Hiking & Backpacking/);
      expect(r.stdout).toMatch(/^Recent video\t.+/m);
      const j = await runCli(['explore', 'channel', CHANNEL, '--json'], { env: remoteEnv(fast) });
      expect(JSON.parse(j.stdout).channelId).toBe(CHANNEL);

      const s = await runCli(['explore', 'search', 'trail', '--limit', '2'], {
        env: remoteEnv(fast),
      });
      expect(s.code, s.stderr).toBe(0);
      expect(s.stdout.trim().split('\n')).toHaveLength(2);
      const all = await runCli(['explore', 'search', 'trail', '--all', '--limit', '1', '--json'], {
        env: remoteEnv(fast),
      });
      expect(JSON.parse(all.stdout).length).toBeGreaterThan(2);

      const v = await runCli(['explore', 'videos', CHANNEL, '--limit', '3'], {
        env: remoteEnv(fast),
      });
      expect(v.code, v.stderr).toBe(0);
      expect(v.stdout.trim().split('\n')).toHaveLength(3);
      const sim = await runCli(['explore', 'similar', CHANNEL, '--json'], { env: remoteEnv(fast) });
      expect(sim.code, sim.stderr).toBe(0);
      expect(
        JSON.parse(sim.stdout).every(
          (x: any) => x.channelId !== CHANNEL && x.similarity >= 0 && x.similarity <= 1,
        ),
      ).toBe(true);

      const bad = await runCli(['explore', 'channel', 'nope'], { env: remoteEnv(fast) });
      expect(bad.code).toBe(2);
      const missing = await runCli(['explore', 'channel', 'UC' + 'x'.repeat(22)], {
        env: remoteEnv(fast),
      });
      expect(missing.code).toBe(3);
    });
  });

  describe('api', () => {
    it('GET /workspace prints the JSON', async () => {
      const r = await runCli(['api', 'GET', '/workspace'], { env: remoteEnv(fast) });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).slug).toBe('demo');
      const q = await runCli(['api', 'get', '/campaigns?limit=1', '--query', 'name=Northwind'], {
        env: remoteEnv(fast),
      });
      expect(q.code, q.stderr).toBe(0);
      const page = JSON.parse(q.stdout);
      expect(page.data).toHaveLength(1);
      expect(page.data[0].name).toMatch(/Northwind/);
    });

    it('POST with a refused body: the error JSON on stderr, exit 3; writes go through with --data @file and -', async () => {
      const r = await runCli(['api', 'POST', '/campaigns', '--data', '{"name":""}'], {
        env: remoteEnv(fast),
      });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      const err = JSON.parse(r.stderr);
      expect(err.error.code).toBe('invalid_request');
      expect(err.error.message).toMatch(/name/);
      expect(err.error.requestId).toBeTruthy();

      const file = join(tempDir(sandbox(), 'body'), 'body.json');
      writeFileSync(file, JSON.stringify({ name: 'Made with adcli api' }));
      const ok = await runCli(['api', 'POST', '/campaigns', '--data', `@${file}`], {
        env: remoteEnv(fast),
      });
      expect(ok.code, ok.stderr).toBe(0);
      const created = JSON.parse(ok.stdout);
      expect(created.name).toBe('Made with adcli api');
      expect((await fast.api('GET', `/campaigns/${created.id}`)).status).toBe(200);

      const patched = await runCli(['api', 'PATCH', `/campaigns/${created.id}`, '--data', '-'], {
        env: remoteEnv(fast),
        stdin: JSON.stringify({ name: 'Renamed via stdin' }),
      });
      expect(patched.code, patched.stderr).toBe(0);
      expect(JSON.parse(patched.stdout).name).toBe('Renamed via stdin');

      const badJson = await runCli(['api', 'POST', '/campaigns', '--data', '{nope'], {
        env: remoteEnv(fast),
      });
      expect(badJson.code).toBe(2);
      const badMethod = await runCli(['api', 'FETCH', '/campaigns'], { env: remoteEnv(fast) });
      expect(badMethod.code).toBe(2);
      const unauthorized = await runCli(['api', 'GET', '/workspace'], {
        env: remoteEnv(fast, { ADCLI_API_KEY: 'adcli_notakeyatall000000' }),
      });
      expect(unauthorized.code).toBe(4);
      expect(JSON.parse(unauthorized.stderr).error.code).toBeTruthy();
    });

    it('--help lists every operation with method, path, scope and summary', async () => {
      const r = await runCli(['api', '--help'], { env: sandbox().env });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        /GET\s+\/campaigns\/\{campaignId\}\/targeting\s+campaigns:read\s+Get a campaign's targeting/,
      );
      expect(r.stdout).toMatch(
        /PUT\s+\/campaigns\/\{campaignId\}\/targeting\/audiences\/\{slotId\}\/items\s+campaigns:write/,
      );
      const { OPERATIONS } = await import('../src/generated/operations.ts');
      for (const op of OPERATIONS) expect(r.stdout).toContain(op.summary);
    });
  });

  it('piped output carries no colour codes even without NO_COLOR', async () => {
    const env = remoteEnv(fast);
    delete env.NO_COLOR;
    const id = await campaignId(fast, PLATFORM);
    // Named, a slot generates again whatever its state (with nothing to generate, --wait is exit 3).
    const slot = (await fast.api('GET', `/campaigns/${id}/targeting`)).body.audiences[0].id;
    for (const args of [
      ['targeting', 'show', id],
      ['performance', 'show', '--customer-id', US],
      ['ads', 'accounts'],
      ['explore', 'channel', CHANNEL],
      ['explore', 'search', 'coffee'],
      ['api', 'GET', '/workspace'],
      ['targeting', 'generate', id, '--audience', slot, '--wait'],
    ]) {
      const r = await runCli(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(' ')).not.toMatch(ANSI);
      expect(r.stderr, args.join(' ')).not.toMatch(ANSI);
    }
  });
});

describe('on the local profile (in-process backend, demo seeded on first use)', () => {
  it('targeting generate --wait, performance show, api and explore work with no server and no config', async () => {
    const sb = sandbox();
    const list = await runCli(['api', 'GET', '/campaigns', '--query', `name=${LAUNCH}`], {
      env: sb.env,
    });
    expect(list.code, list.stderr).toBe(0);
    const id = JSON.parse(list.stdout).data[0].id;

    const gen = await runCli(['targeting', 'generate', id, '--wait', '--json'], { env: sb.env });
    expect(gen.code, gen.stderr).toBe(0);
    const t = JSON.parse(gen.stdout);
    expect(t.audiences[0].status).toBe('ready');
    expect(
      t.audiences[0].items.filter((i: any) => i.section === 'keywords').length,
    ).toBeGreaterThan(3);
    // It is stored: a later process sees it.
    const show = await runCli(['targeting', 'show', id], { env: sb.env });
    expect(show.stdout).toMatch(/\tready\tkeywords\t/);

    const perf = await runCli(['performance', 'show', '--customer-id', US, '--json'], {
      env: sb.env,
    });
    expect(perf.code, perf.stderr).toBe(0);
    expect(JSON.parse(perf.stdout).campaigns.map((c: any) => c.name)).toContain(PLATFORM);
    // Without --customer-id: the workspace's default account.
    const dflt = await runCli(['performance', 'show'], { env: sb.env });
    expect(dflt.code, dflt.stderr).toBe(0);
    expect(dflt.stdout).toMatch(/^total\t/);

    const ch = await runCli(['explore', 'channel', CHANNEL], { env: sb.env });
    expect(ch.code, ch.stderr).toBe(0);
    expect(ch.stdout).toContain('Ridgeline Miles');

    const refused = await runCli(['api', 'POST', '/campaigns', '--data', '{"name":""}'], {
      env: sb.env,
    });
    expect(refused.code).toBe(3);
    expect(JSON.parse(refused.stderr).error.code).toBe('invalid_request');
  });

  it('--wait-timeout 0 times out with exit 8 on the local backend too', async () => {
    const sb = sandbox();
    const list = await runCli(['api', 'GET', '/campaigns', '--query', `name=${LAUNCH}`], {
      env: sb.env,
    });
    const id = JSON.parse(list.stdout).data[0].id;
    const r = await runCli(['targeting', 'generate', id, '--wait', '--wait-timeout', '0'], {
      env: sb.env,
    });
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain(`adcli targeting show ${id}`);
    expect(r.stderr).toMatch(
      /the generation goes on: the next adcli command finishes it once it is due/,
    );
    // ...and it does: the next run picks the job up and finishes it.
    const resumed = await runCli(['targeting', 'show', id, '--wait', '--json'], { env: sb.env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(
      JSON.parse(resumed.stdout).audiences.every((s: { status: string }) => s.status === 'ready'),
    ).toBe(true);
  });
});

describe('api --help', () => {
  it('the OPERATIONS section lines up method, path and scope', () => {
    const text = operationsHelp([
      { name: 'a', method: 'GET', path: '/x', scope: 's:read', summary: 'Get x' },
      { name: 'b', method: 'DELETE', path: '/x/{id}', scope: 's:write', summary: 'Delete x' },
    ]);
    expect(text.split('\n')).toContain('GET     /x       s:read   Get x');
    expect(text.split('\n')).toContain('DELETE  /x/{id}  s:write  Delete x');
  });
});

describe('columnChart', () => {
  const days = (values: number[]) =>
    values.map((value, i) => ({ label: `03-${String(i + 1).padStart(2, '0')}`, value }));

  it('draws one column per day from zero to the maximum, with axis labels, in plain characters', () => {
    const lines = columnChart(days([0, 5, 10, 2.5]), {
      width: 40,
      height: 4,
      title: 'Clicks per day',
    });
    expect(lines[0]).toBe('Clicks per day');
    expect(lines).toEqual([
      'Clicks per day',
      '10 ┤    █',
      '   │    █',
      '   │  █ █',
      '   │  █ █ █',
      ' 0 └────────',
      '    03-01', // the last label would crowd the first: only labels with room are drawn
    ]);
    for (const l of lines) expect(l).not.toMatch(ANSI);
  });

  it('uses eighth blocks for partial rows and shows any value above zero', () => {
    const [top, bottom] = columnChart(days([100, 50, 1, 0]), { width: 40, height: 2 });
    expect(top).toBe('100 ┤█');
    expect(bottom).toBe('    │█ █ ▁');
    const half = columnChart(days([16, 1]), { width: 20, height: 1 });
    expect(half[0]).toBe('16 ┤█ ▁');
  });

  it('fits the width: a gap between columns when there is room, none when tight, buckets when too many', () => {
    const thirty = days(Array.from({ length: 30 }, (_, i) => i + 1));
    const wide = columnChart(thirty, { width: 80 });
    const tight = columnChart(thirty, { width: 40 });
    const narrow = columnChart(thirty, { width: 20 });
    for (const [w, lines] of [
      [80, wide],
      [40, tight],
      [20, narrow],
    ] as const) {
      for (const l of lines) expect([...l].length, `${w}: ${l}`).toBeLessThanOrEqual(w);
    }
    expect(wide.at(-2)).toBe(` 0 └${'─'.repeat(60)}`);
    expect(tight.at(-2)).toBe(` 0 └${'─'.repeat(30)}`);
    expect(narrow.at(-2)!.length).toBeLessThanOrEqual(20);
    expect(wide.at(-1)).toMatch(/^\s+03-01\s+03-15\s+03-30$/);
  });

  it('handles all zeros and no data', () => {
    const zeros = columnChart(days([0, 0, 0]), { width: 30, height: 2 });
    expect(zeros.slice(0, 2)).toEqual(['0 ┤', '  │']);
    expect(columnChart([], { width: 30, title: 'T' })).toEqual(['T', '(no data)']);
  });

  it('bucket averages consecutive points; compactNumber shortens', () => {
    expect(bucket(days([1, 3, 5, 7, 9]), 3)).toEqual([
      { label: '03-01', value: 2 },
      { label: '03-03', value: 6 },
      { label: '03-05', value: 9 },
    ]);
    expect([
      compactNumber(0),
      compactNumber(12.345),
      compactNumber(1234),
      compactNumber(45_600),
      compactNumber(2_500_000),
    ]).toEqual(['0', '12.3', '1.2k', '46k', '2.5M']);
  });
});

describe('wait: capped, jittered backoff', () => {
  it('nominal delays double from 500 ms and stop at 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map((n) => nominalDelay(n))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it('every delay stays within ±20 % of the nominal one and never above the cap', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const nominal = nominalDelay(attempt);
      for (const r of [0, 0.25, 0.5, 0.999, 1]) {
        const d = backoffDelay(attempt, DEFAULT_BACKOFF, () => r);
        expect(d).toBeGreaterThanOrEqual(Math.floor(nominal * 0.8));
        expect(d).toBeLessThanOrEqual(Math.min(5000, Math.ceil(nominal * 1.2)));
      }
    }
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 0)).toBe(400);
    expect(backoffDelay(0, DEFAULT_BACKOFF, () => 1)).toBe(600);
    expect(backoffDelay(10, DEFAULT_BACKOFF, () => 1)).toBe(5000);
    expect(backoffDelay(10, DEFAULT_BACKOFF, () => 0)).toBe(4000);
    // Real randomness spreads the delays.
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(1)));
    expect(spread.size).toBeGreaterThan(5);
  });

  /** A fake clock: sleeping moves time forward and records the delay. */
  function fakeTime() {
    let t = 0;
    const sleeps: number[] = [];
    return {
      now: () => t,
      sleeps,
      sleep: async (ms: number, signal: AbortSignal) => {
        sleeps.push(ms);
        if (!signal.aborted) t += ms;
      },
      advance: (ms: number) => (t += ms),
    };
  }

  it('polls until done, with growing delays', async () => {
    const time = fakeTime();
    const states = ['generating', 'generating', 'generating', 'generating', 'ready'];
    let polls = 0;
    const seen: string[] = [];
    const r = await waitFor<string>({
      poll: async () => states[polls++]!,
      done: (s) => s !== 'generating',
      timeoutMs: 60_000,
      now: time.now,
      sleep: time.sleep,
      random: () => 0.5,
      onPoll: (s) => seen.push(s),
    });
    expect(r).toMatchObject({ outcome: 'done', value: 'ready', polls: 5 });
    expect(time.sleeps).toEqual([500, 1000, 2000, 4000]);
    expect(seen).toEqual(states);
  });

  it('an initial final value needs no poll; an initial pending one waits before the first poll', async () => {
    const time = fakeTime();
    const done = await waitFor<string>({
      poll: async () => 'x',
      done: (s) => s === 'ready',
      initial: 'ready',
      timeoutMs: 1000,
      now: time.now,
      sleep: time.sleep,
    });
    expect(done).toMatchObject({ outcome: 'done', polls: 0 });
    const pending = await waitFor<string>({
      poll: async () => 'ready',
      done: (s) => s === 'ready',
      initial: 'generating',
      timeoutMs: 10_000,
      now: time.now,
      sleep: time.sleep,
      random: () => 0.5,
    });
    expect(pending).toMatchObject({ outcome: 'done', polls: 1 });
    expect(time.sleeps).toEqual([500]);
  });

  it('times out at the deadline: the last sleep is cut short and one last look is taken', async () => {
    const time = fakeTime();
    const small: Backoff = { initialMs: 100, maxMs: 300, factor: 2, jitter: 0 };
    const r = await waitFor<string>({
      poll: async () => 'generating',
      done: () => false,
      timeoutMs: 1000,
      backoff: small,
      now: time.now,
      sleep: time.sleep,
    });
    expect(r.outcome).toBe('timeout');
    expect(time.sleeps).toEqual([100, 200, 300, 300, 100]);
    expect(time.sleeps.every((d) => d <= 300)).toBe(true);
    expect(r.polls).toBe(6);
    expect(r.elapsedMs).toBe(1000);
  });

  it('a poll still running at the deadline is abandoned as a timeout', async () => {
    const r = await waitFor<string>({
      poll: (signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      done: () => false,
      timeoutMs: 50,
    });
    expect(r.outcome).toBe('timeout');
  });

  it('an abort (Ctrl-C) stops waiting at once, while sleeping or while polling', async () => {
    const ac = new AbortController();
    // With a 60 s deadline, only the abort can end this within the test's time limit.
    const r = await waitFor<string>({
      poll: async () => 'generating',
      done: () => false,
      // once the first poll is answered the wait sleeps: the abort comes while it sleeps
      onPoll: () => void setImmediate(() => ac.abort()),
      timeoutMs: 60_000,
      signal: ac.signal,
    });
    expect(r.outcome).toBe('interrupted');
    expect(r.value).toBe('generating');

    const ac2 = new AbortController();
    const r2 = await waitFor<string>({
      // the abort comes once the poll is under way
      poll: (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
          setImmediate(() => ac2.abort());
        }),
      done: () => false,
      timeoutMs: 60_000,
      signal: ac2.signal,
    });
    expect(r2.outcome).toBe('interrupted');
  });

  it('a failing poll (not a timeout or abort) rejects', async () => {
    await expect(
      waitFor({
        poll: async () => Promise.reject(new Error('boom')),
        done: () => false,
        timeoutMs: 1000,
      }),
    ).rejects.toThrow('boom');
  });
});
