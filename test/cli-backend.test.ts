/**
 * `adcli backend …` run in-process (test/helpers/cli.ts): against a real `adcli
 * serve --memory`, on the built-in local profile, and against a deployment that is not adcli serve
 * (a tiny HTTP server that answers 404 to everything). Ctrl-C of `requests --follow` and a prompt on
 * a real terminal run as subprocesses. Plus how the CLI routes to the controls.
 */
import { statSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../src/lib/client.ts';
import { escapeControl } from '../src/lib/output.ts';
import { route } from '../src/lib/route.ts';
import { formatDuration } from '../server/lib/duration.ts';
import { normalizeBaseUrl } from '../src/lib/target.ts';
import { proxyAgent, remoteTransport } from '../src/lib/transport.ts';
import { json } from './helpers/assert.ts';
import { runCli } from './helpers/cli.ts';
import {
  cleanupAll,
  hasScript,
  runInTerminal,
  sandbox,
  spawnAdcli,
  startServer,
  tempDir,
  type Sandbox,
  type Server,
} from './helpers/process.ts';

afterAll(cleanupAll);

/** Runs adcli in-process in an environment; a helper so each test reads as the commands it runs. */
const cli =
  (env: NodeJS.ProcessEnv) =>
  (...args: string[]) =>
    runCli(args, { env });

describe('against adcli serve --memory', () => {
  let sb: Sandbox;
  let server: Server;
  let env: NodeJS.ProcessEnv;
  let adcli: ReturnType<typeof cli>;

  beforeAll(async () => {
    sb = sandbox();
    server = await startServer(['--memory', '--quiet', '--rate-limit', '0'], { env: sb.env });
    env = { ...sb.env, ADCLI_BASE_URL: server.info.baseUrl, ADCLI_API_KEY: server.info.apiKey };
    adcli = cli(env);
  });
  afterAll(() => server.stop('SIGTERM'));

  it('clock show, freeze, advance, set and resume with --json', async () => {
    const shown = json(await adcli('backend', 'clock', '--json'));
    expect(shown).toMatchObject({ frozen: false });
    expect(Date.parse(shown.now)).not.toBeNaN();

    const frozen = json(await adcli('backend', 'clock', 'freeze', '--json'));
    expect(frozen.frozen).toBe(true);
    const advanced = json(await adcli('backend', 'clock', 'advance', '25h', '--json'));
    expect(Date.parse(advanced.clock.now) - Date.parse(frozen.now)).toBe(25 * 3_600_000);
    expect(advanced.clock.frozen).toBe(true);
    expect(advanced.ran).toBeTypeOf('object');

    const target = new Date(Date.parse(advanced.clock.now) + 86_400_000).toISOString();
    const set = json(await adcli('backend', 'clock', 'set', target, '--json'));
    expect(set.clock.now).toBe(target);
    const back = await adcli('backend', 'clock', 'set', '2020-01-01T00:00:00Z');
    expect(back.code).toBe(3);
    expect(back.stderr).toMatch(/a clock only moves forward/);

    const resumed = json(await adcli('backend', 'clock', 'resume', '--json'));
    expect(resumed.frozen).toBe(false);
    // 49 hours moved, less the real time that passed while frozen
    expect(resumed.offsetMs).toBeGreaterThan(48 * 3_600_000);

    const text = await adcli('backend', 'clock', 'show');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^Now\t\d{4}-\d\d-\d\dT[\d:.]+Z\nFrozen\tno\nOffset\t2d [\dhms ]+ ahead of real time\n$/,
    );
  });

  it('an Idempotency-Key reused with another body is a conflict, and accepted after advancing 25 hours', async () => {
    const key = `reuse-${Date.now()}`;
    const first = await adcli(
      'api',
      'POST',
      '/brands',
      '--data',
      '{"name":"First body"}',
      '--idempotency-key',
      key,
    );
    expect(first.code, first.stderr).toBe(0);
    const conflict = await adcli(
      'api',
      'POST',
      '/brands',
      '--data',
      '{"name":"Second body"}',
      '--idempotency-key',
      key,
    );
    expect(conflict.code).toBe(3);
    expect(JSON.parse(conflict.stderr).error.code).toBe('idempotency_conflict');

    json(await adcli('backend', 'clock', 'advance', '25h', '--json'));
    const later = await adcli(
      'api',
      'POST',
      '/brands',
      '--data',
      '{"name":"Second body"}',
      '--idempotency-key',
      key,
    );
    expect(later.code, later.stderr).toBe(0);
    expect(JSON.parse(later.stdout).name).toBe('Second body');
  });

  it('a rule of two 503s on GET /workspace is retried through, and the journal shows the three requests', async () => {
    json(await adcli('backend', 'faults', 'clear', '--json'));
    const rule = json(
      await adcli(
        'backend',
        'faults',
        'add',
        '--path',
        '/workspace',
        '--method',
        'GET',
        '--status',
        '503',
        '--count',
        '2',
        '--json',
      ),
    );
    expect(rule).toMatchObject({
      method: 'GET',
      path: '/workspace',
      status: 503,
      remaining: 2,
      drop: false,
      matched: 0,
    });
    const before = json(await adcli('backend', 'requests', '--json', '--limit', '1')) as {
      seq: number;
    }[];
    const after = before.at(-1)?.seq ?? 0;

    const ws = await adcli('workspace', '--json');
    expect(ws.code, ws.stderr).toBe(0);
    expect(JSON.parse(ws.stdout).slug).toBe('default');

    const journal = (json(await adcli('backend', 'requests', '--json')) as any[]).filter(
      (e) => e.seq > after && e.path === '/api/v1/workspace',
    );
    expect(journal.map((e) => e.status)).toEqual([503, 503, 200]);
    expect(journal.map((e) => e.fault)).toEqual([rule.id, rule.id, null]);
    for (const e of journal)
      expect(e).toMatchObject({ method: 'GET', replayed: false, idempotencyKey: null });

    const listed = json(await adcli('backend', 'faults', 'list', '--json'));
    expect(listed).toEqual([{ ...rule, remaining: 0, matched: 2 }]);
    const table = await adcli('backend', 'faults', 'list');
    expect(table.stdout).toBe(`${rule.id}\tGET\t/workspace\t503\tused up\t2\n`);
    const removed = json(await adcli('backend', 'faults', 'remove', rule.id, '--json'));
    expect(removed).toEqual({ id: rule.id, deleted: true });
    const again = await adcli('backend', 'faults', 'remove', rule.id);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/no fault rule/);
  });

  it('requests piped: every field (contract violations last), one request a line, tab-separated', async () => {
    const r = await adcli('backend', 'requests', '--limit', '2');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split('\t')).toHaveLength(11);
  });

  it('requests --follow prints new requests as one JSON object a line, and Ctrl-C ends it with 130', async () => {
    const follow = spawnAdcli(['backend', 'requests', '--follow', '--json', '--limit', '1'], {
      env,
    });
    await follow.waitForStdout((t) => t.includes('\n'));
    const marker = `follow-${Date.now()}`;
    json(await adcli('api', 'GET', '/brands', '--query', `name=${marker}`));
    const out = await follow.waitForStdout((t) => t.includes(marker));
    const lines = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ method: 'GET', status: 200 });
    expect(lines.at(-1).path).toContain(marker);
    const exit = await follow.stop('SIGINT');
    expect(exit.code).toBe(130);
    expect(follow.stderr()).toBe('');
  });

  it('reset empties the workspace, or loads the demo seed', async () => {
    json(await adcli('brands', 'create', '--name', 'Doomed', '--json'));
    const noYes = await adcli('backend', 'reset');
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);
    expect(json(await adcli('brands', 'list', '--json')).length).toBeGreaterThan(0);

    expect(json(await adcli('backend', 'reset', '--yes', '--json'))).toEqual({
      workspace: 'default',
      seed: null,
    });
    // the journal is emptied too (the controls themselves are not journaled)
    expect(json(await adcli('backend', 'requests', '--json'))).toEqual([]);
    expect(json(await adcli('brands', 'list', '--json'))).toEqual([]);
    expect(json(await adcli('workspace', '--json')).counts).toMatchObject({
      campaigns: 0,
      audiences: 0,
      dataStores: 0,
      brands: 0,
    });

    expect(json(await adcli('backend', 'reset', '--seed', 'demo', '--yes', '--json'))).toEqual({
      workspace: 'default',
      seed: 'demo',
    });
    expect(json(await adcli('campaigns', 'list', '--json')).length).toBeGreaterThan(0);
  });

  it('snapshot save writes a private file, and load restores it', async () => {
    json(await adcli('backend', 'reset', '--yes', '--json'));
    json(await adcli('brands', 'create', '--name', 'Kept in the snapshot', '--json'));
    const dir = tempDir(sb, 'snap');
    const file = join(dir, 'before.db');
    const saved = json(await adcli('backend', 'snapshot', 'save', file, '--json'));
    expect(saved).toEqual({ file, bytes: statSync(file).size });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['before.db']);

    json(await adcli('backend', 'reset', '--yes', '--json'));
    json(await adcli('brands', 'create', '--name', 'After the snapshot', '--json'));
    const noYes = await adcli('backend', 'snapshot', 'load', file);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);

    expect(json(await adcli('backend', 'snapshot', 'load', file, '--yes', '--json'))).toMatchObject(
      { workspace: 'default', rows: { brands: 1 } },
    );
    expect(json(await adcli('brands', 'list', '--json')).map((b: any) => b.name)).toEqual([
      'Kept in the snapshot',
    ]);

    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database');
    const refused = await adcli('backend', 'snapshot', 'load', junk, '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not an SQLite file/);
    expect(json(await adcli('brands', 'list', '--json')).map((b: any) => b.name)).toEqual([
      'Kept in the snapshot',
    ]);
  });

  it('snapshot save - writes the file to a piped stdout', async () => {
    const r = await adcli('backend', 'snapshot', 'save', '-');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('SQLite format 3\0')).toBe(true);
  });

  describe('bad input fails locally (exit 2) and sends nothing', () => {
    const cases: [string, string[], RegExp][] = [
      [
        'a malformed duration',
        ['backend', 'clock', 'advance', 'soon'],
        // the grammar of every duration adcli takes, as --wait-timeout says it
        /<duration> must be a duration: numbers with units ms, s, m, h, d or w run together \(500ms, 90s, 10m, 1h30m, 2d\) or ISO 8601 \(PT1H30M\), not "soon"/,
      ],
      ['a zero duration', ['backend', 'clock', 'advance', '0s'], /<duration> must be from 1 ms/],
      [
        'a malformed time',
        ['backend', 'clock', 'set', 'next tuesday'],
        /time must be an ISO 8601 instant/,
      ],
      [
        'a status out of range',
        ['backend', 'faults', 'add', '--path', '/workspace', '--status', '302'],
        /--status.*from 400 to 599/,
      ],
      [
        '--status with --drop',
        ['backend', 'faults', 'add', '--path', '/workspace', '--status', '503', '--drop'],
        /'--drop' cannot be used with option '--status/,
      ],
      [
        '--count with --probability',
        [
          'backend',
          'faults',
          'add',
          '--path',
          '/workspace',
          '--status',
          '503',
          '--count',
          '2',
          '--probability',
          '0.5',
        ],
        /'--probability <p>' cannot be used with option '--count/,
      ],
      [
        'a probability above 1',
        ['backend', 'faults', 'add', '--path', '/workspace', '--drop', '--probability', '1.5'],
        /greater than 0 and at most 1/,
      ],
      [
        'a delay beyond 60 s',
        ['backend', 'faults', 'add', '--path', '/workspace', '--delay', '60001ms'],
        /must be from 0 to 1m/,
      ],
      [
        'a count of 0',
        ['backend', 'faults', 'add', '--path', '/workspace', '--status', '500', '--count', '0'],
        /from 1 to 1000000/,
      ],
      [
        'a rule that does nothing',
        ['backend', 'faults', 'add', '--path', '/workspace'],
        /needs --status, --drop or --delay/,
      ],
      [
        'no --path',
        ['backend', 'faults', 'add', '--status', '500'],
        /--path <pattern>' not specified/,
      ],
      [
        'an unknown method',
        [
          'backend',
          'faults',
          'add',
          '--path',
          '/workspace',
          '--status',
          '500',
          '--method',
          'TRACE',
        ],
        /must be one of \*, GET/,
      ],
      ['a malformed fault id', ['backend', 'faults', 'remove', 'nope'], /faultId must match/],
      [
        'a --limit beyond the journal',
        ['backend', 'requests', '--limit', '1001'],
        /from 1 to 1000/,
      ],
      [
        'an unknown seed',
        ['backend', 'reset', '--seed', 'nope', '--yes'],
        /Allowed choices are demo/,
      ],
    ];
    let before: { journal: unknown; faults: unknown; clock: { now: string } };
    beforeAll(async () => {
      before = {
        journal: json(await adcli('backend', 'requests', '--json')),
        faults: json(await adcli('backend', 'faults', 'list', '--json')),
        clock: json(await adcli('backend', 'clock', 'freeze', '--json')),
      };
    });
    it.each(cases)('%s', async (_name, args, message) => {
      const r = await adcli(...args, '--debug');
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      // --debug logs every request it sends as "→ METHOD URL"
      expect(r.stderr).not.toContain('→');
    });
    it('left the journal, the fault rules and the (frozen) clock as they were', async () => {
      expect(json(await adcli('backend', 'requests', '--json'))).toEqual(before.journal);
      expect(json(await adcli('backend', 'faults', 'list', '--json'))).toEqual(before.faults);
      expect(json(await adcli('backend', 'clock', '--json')).now).toBe(before.clock.now);
      json(await adcli('backend', 'clock', 'resume', '--json'));
    });
  });
});

describe('on the local profile', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cli>;
  beforeAll(() => {
    sb = sandbox();
    adcli = cli(sb.env);
  });

  it('advance, faults retried through, the journal, snapshot and reset, all in-process', async () => {
    const advanced = json(await adcli('backend', 'clock', 'advance', '25h', '--json'));
    expect(advanced.clock.offsetMs).toBeGreaterThanOrEqual(25 * 3_600_000 - 1000);

    const rule = json(
      await adcli(
        'backend',
        'faults',
        'add',
        '--path',
        '/workspace',
        '--method',
        'GET',
        '--status',
        '503',
        '--count',
        '2',
        '--json',
      ),
    );
    expect(json(await adcli('workspace', '--json')).slug).toBe('demo');
    const journal = (json(await adcli('backend', 'requests', '--json')) as any[]).filter(
      (e) => e.path === '/api/v1/workspace',
    );
    expect(journal.map((e) => e.status)).toEqual([503, 503, 200]);
    expect(journal[0].fault).toBe(rule.id);

    const file = join(tempDir(sb, 'snap'), 'local.db');
    json(await adcli('backend', 'snapshot', 'save', file, '--json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const brands = json(await adcli('brands', 'list', '--json'));
    expect(brands.length).toBeGreaterThan(0);

    expect(json(await adcli('backend', 'reset', '--yes', '--json'))).toEqual({
      workspace: 'demo',
      seed: null,
    });
    expect(json(await adcli('brands', 'list', '--json'))).toEqual([]);
    expect(json(await adcli('backend', 'faults', 'list', '--json'))).toEqual([]);
    // the clock is back to real time after a reset
    expect(Math.abs(json(await adcli('backend', 'clock', '--json')).offsetMs)).toBeLessThan(60_000);

    expect(json(await adcli('backend', 'snapshot', 'load', file, '--yes', '--json'))).toMatchObject(
      { workspace: 'demo', rows: { brands: brands.length } },
    );
    expect(json(await adcli('brands', 'list', '--json'))).toEqual(brands);
  });

  it.skipIf(!hasScript)('on a terminal, reset asks first, and a no changes nothing', async () => {
    json(await adcli('brands', 'create', '--name', 'Asked about', '--json'));
    const no = await runInTerminal(['backend', 'reset'], sb.env, {
      dialog: { prompt: 'Reset the workspace of profile local', answer: 'n\r' },
    });
    expect(no.code, no.output).toBe(2);
    expect(no.output).toMatch(/nothing reset/);
    expect(json(await adcli('brands', 'list', '--json')).map((b: any) => b.name)).toContain(
      'Asked about',
    );
    const yes = await runInTerminal(['backend', 'reset'], sb.env, {
      dialog: { prompt: 'Reset the workspace of profile local', answer: 'y\r' },
    });
    expect(yes.code, yes.output).toBe(0);
    expect(yes.output).toMatch(/Reset workspace demo\./);
    expect(json(await adcli('brands', 'list', '--json'))).toEqual([]);
  });

  it('a key without the backend scope: exit 4', async () => {
    const made = await adcli(
      'serve',
      'keys',
      'create',
      '--workspace',
      'demo',
      '--scopes',
      'campaigns:read',
      '--json',
    );
    expect(made.code, made.stderr).toBe(0);
    const r = await runCli(['backend', 'clock'], {
      env: { ...sb.env, ADCLI_API_KEY: JSON.parse(made.stdout).key },
    });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/lacks the backend scope/);
  });

  it('snapshot save - refuses a terminal', async () => {
    const r = await runCli(['backend', 'snapshot', 'save', '-'], { env: sb.env, tty: true });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/a snapshot is a binary file/);
  });
});

describe('against a deployment that is not adcli serve', () => {
  let http: HttpServer;
  let env: NodeJS.ProcessEnv;
  let sb: Sandbox;
  const seen: string[] = [];
  beforeAll(async () => {
    http = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: 'not_found', message: 'Not Found', requestId: 'req_other' },
        }),
      );
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    sb = sandbox();
    env = {
      ...sb.env,
      ADCLI_BASE_URL: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/v1`,
      ADCLI_API_KEY: 'some-other-key',
    };
  });
  afterAll(() => http.close());

  it.each([
    ['clock', ['backend', 'clock']],
    ['requests', ['backend', 'requests']],
    ['faults remove', ['backend', 'faults', 'remove', 'a'.repeat(24)]],
    ['reset', ['backend', 'reset', '--yes']],
  ])('%s: exit 3, saying backend commands need adcli serve', async (_name, args) => {
    seen.length = 0;
    const r = await runCli(args, { env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /is not adcli serve: backend commands work only with adcli serve and the local profile/,
    );
    expect(seen.every((s) => s.includes('/_adcli/v1/'))).toBe(true);
  });

  it('with --json the error is JSON', async () => {
    const r = await runCli(['backend', 'faults', 'list', '--json'], { env });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stderr).error.message).toMatch(/not adcli serve/);
  });

  it('snapshot save: exit 3, and no file is left behind', async () => {
    const dir = tempDir(sb, 'snap');
    const r = await runCli(['backend', 'snapshot', 'save', join(dir, 'x.db')], { env });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/not adcli serve/);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'x.db'))).toBe(false);
  });
});

describe('what the CLI derives from the server', () => {
  it('controls are routed by name under /_adcli/v1 beside the base URL, API operations under it', async () => {
    expect(route('delete_fault', { faultId: 'f'.repeat(24) })).toEqual({
      method: 'DELETE',
      path: `/faults/${'f'.repeat(24)}`,
      prefix: '/_adcli/v1',
    });
    expect(route('get_workspace').prefix).toBe('/api/v1');
    const agent = await proxyAgent({});
    const transport = await remoteTransport(agent);
    const at = (baseUrl: string) =>
      new ApiClient(
        {
          profile: 'p',
          baseUrl: normalizeBaseUrl(baseUrl),
          apiKey: 'k'.repeat(20),
          keySource: '',
          baseUrlSource: '',
        },
        transport,
      );
    expect(at('http://127.0.0.1:4010/api/v1').url('/clock', undefined, '/_adcli/v1')).toBe(
      'http://127.0.0.1:4010/_adcli/v1/clock',
    );
    expect(at('https://example.com/adcli').url('/requests', { after: 3 }, '/_adcli/v1')).toBe(
      'https://example.com/adcli/_adcli/v1/requests?after=3',
    );
    expect(at('https://example.com/adcli/api/v1/').url('/workspace')).toBe(
      'https://example.com/adcli/api/v1/workspace',
    );
    expect(at('local').url('/faults', undefined, '/_adcli/v1')).toBe(
      'http://localhost/_adcli/v1/faults',
    );
    await agent.destroy();
  });

  it('journal text reaches a terminal with its control characters escaped', () => {
    expect(escapeControl('/api/v1/brands?name=\u001b[2J\n\tx\u009b\u007f')).toBe(
      '/api/v1/brands?name=\\u001b[2J\\n\\tx\\u009b\\u007f',
    );
    expect(escapeControl('plain /campaigns/{id} é ✓')).toBe('plain /campaigns/{id} é ✓');
  });

  it('offsets read as days, hours, minutes and seconds', () => {
    expect(formatDuration(25 * 3_600_000)).toBe('1d 1h');
    expect(formatDuration(-90_000)).toBe('1m 30s');
    expect(formatDuration(250)).toBe('250 ms');
  });
});
