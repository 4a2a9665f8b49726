// @store both
/**
 * Local validation: a malformed id, any value outside the
 * operation's schema and every cross-field rule that the request alone decides are refused by adcli
 * itself, exit 2, before any request. Each command runs in-process (test/helpers/cli.ts) against a
 * server that records what reaches it and refuses everything: a request that got through would show
 * there (and as exit 5). The messages are held against the real backend's own, said with the flags
 * typed (`--end-date`, not `endDate`) and patterns in words.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/lib/errors.ts';
import { testBackend, type TestBackend } from './helpers/backend.ts';
import { runCli } from './helpers/cli.ts';
import { cleanupAll, sandbox } from './helpers/process.ts';
import { recorder, type Recorder } from './helpers/recorder.ts';

afterAll(cleanupAll);

const ID = '65f1c0a2b3d4e5f60718293a';
const SLOT = '65f1c0a2b3d4e5f60718293b';
const BAD = 'NOT-AN-ID';
const HEX = (field: string, given = BAD) =>
  `${field} must match ^[a-f0-9]{24}$ (an id is 24 lowercase hex characters), not "${given}"`;

describe('refused locally, exit 2, nothing sent', () => {
  let server: Recorder;
  let seen: string[];
  let env: NodeJS.ProcessEnv;
  let dir: string;

  beforeAll(async () => {
    server = await recorder();
    ({ seen, env } = server);
    dir = mkdtempSync(join(tmpdir(), 'adcli-validation-'));
  });
  afterAll(() => server.close());

  async function refused(args: string[], message: string): Promise<void> {
    seen.length = 0;
    const r = await runCli(args, { env });
    expect(r, args.join(' ')).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: `adcli: ${message}\n`,
    });
    expect(seen, args.join(' ')).toEqual([]);
  }

  const malformedIds: [string[], string][] = [
    [['campaigns', 'get', BAD], HEX('campaignId')],
    [['campaigns', 'update', BAD, '--name', 'x'], HEX('campaignId')],
    [['campaigns', 'delete', BAD, '--yes'], HEX('campaignId')],
    [['campaigns', 'publish', BAD], HEX('campaignId')],
    [['campaigns', 'audiences', 'list', BAD], HEX('campaignId')],
    [['campaigns', 'audiences', 'add', BAD, ID], HEX('campaignId')],
    [['campaigns', 'audiences', 'add', ID, BAD], HEX('audienceId')],
    [['campaigns', 'audiences', 'update', ID, BAD, '--name', 'x'], HEX('slotId')],
    [['campaigns', 'audiences', 'update', ID, SLOT, '--data-store', BAD], HEX('--data-store')],
    [['campaigns', 'audiences', 'remove', BAD, SLOT, '--yes'], HEX('campaignId')],
    [['campaigns', 'create', '--name', 'x', '--brand', BAD], HEX('--brand')],
    [
      ['campaigns', 'create', '--name', 'x', '--data-store', ID, '--data-store', BAD],
      HEX('--data-store'),
    ],
    [['campaigns', 'create', '--name', 'x', '--audience', BAD], HEX('--audience')],
    [
      ['campaigns', 'update', ID, '--brand', 'ABCDEF0123456789ABCDEF01'],
      HEX('--brand', 'ABCDEF0123456789ABCDEF01'),
    ],
    [['targeting', 'show', BAD], HEX('campaignId')],
    [['targeting', 'generate', BAD], HEX('campaignId')],
    [['targeting', 'edit', ID, BAD, '--add-keyword', 'x'], HEX('slotId')],
    [['audiences', 'get', BAD], HEX('audienceId')],
    [['audiences', 'update', BAD, '--name', 'x'], HEX('audienceId')],
    [['audiences', 'delete', BAD, '--yes'], HEX('audienceId')],
    [['data-stores', 'get', BAD], HEX('dataStoreId')],
    [['data-stores', 'update', BAD, '--name', 'x'], HEX('dataStoreId')],
    [['data-stores', 'delete', BAD, '--yes'], HEX('dataStoreId')],
    [['data-stores', 'channels', BAD], HEX('dataStoreId')],
    [['data-stores', 'videos', BAD], HEX('dataStoreId')],
    [['brands', 'get', BAD], HEX('brandId')],
    [['brands', 'update', BAD, '--name', 'x'], HEX('brandId')],
    [['brands', 'delete', BAD, '--yes'], HEX('brandId')],
  ];

  it.each(malformedIds)('%j: a malformed id', async (args, message) => {
    await refused(args, message);
  });

  it('a malformed id is quoted with its control characters escaped, and cut when long', async () => {
    await refused(['campaigns', 'get', 'a\x1b[31mb'], HEX('campaignId', 'a\\u001b[31mb'));
    await refused(['campaigns', 'get', 'x'.repeat(60)], HEX('campaignId', `${'x'.repeat(40)}…`));
  });

  it('data-stores import with a malformed id reads no file and sends nothing', async () => {
    const file = join(dir, 'videos.json');
    writeFileSync(file, JSON.stringify({ kind: 'youtube#videoListResponse', items: [] }));
    await refused(['data-stores', 'import', BAD, '--file', file], HEX('dataStoreId'));
  });

  const crossField: [string[], string][] = [
    [
      ['campaigns', 'create', '--name', 'x', '--budget', '100', '--budget-type', 'total'],
      '--end-date is required when --budget-type is total: a total budget needs an end date',
    ],
    [
      ['campaigns', 'update', ID, '--budget-type', 'total', '--no-end-date'],
      '--end-date is required when --budget-type is total: a total budget needs an end date',
    ],
  ];

  it.each(crossField)('%j: a rule across fields', async (args, message) => {
    await refused(args, message);
  });

  const schemaRules: [string[], string][] = [
    [
      ['campaigns', 'create', '--name', 'x', '--end-date', '2026-02-30'],
      '--end-date must be a real calendar date (YYYY-MM-DD)',
    ],
    [
      ['campaigns', 'create', '--name', 'x', '--end-date', '31/12/2026'],
      '--end-date must be a date as YYYY-MM-DD (e.g. 2026-12-31)',
    ],
    [
      ['campaigns', 'create', '--name', 'x', '--end-date', '31.12.2026'],
      '--end-date must be a date as YYYY-MM-DD (e.g. 2026-12-31)',
    ],
    [['campaigns', 'create', '--name', 'x', '--budget', '0'], '--budget must be greater than 0'],
    [['campaigns', 'create', '--name', ''], '--name must not be empty'],
    [['campaigns', 'update', ID, '--target-roas', '1001'], '--target-roas must be at most 1000'],
    [
      ['campaigns', 'publish', ID, '--customer-id', '12-34'],
      '--customer-id must be an account id as 123-456-7890 (adcli ads accounts lists them)',
    ],
    [
      ['campaigns', 'audiences', 'update', ID, SLOT, '--name', 'n'.repeat(161)],
      '--name must be at most 160 characters',
    ],
    [
      ['brands', 'create', '--name', 'x', '--website', 'ftp://example.com'],
      'website must be an http(s) URL or empty',
    ],
    [['explore', 'search', '   '], 'query must hold at least one word'],
    [
      ['explore', 'channel', 'UCshort'],
      'channelId must be a YouTube channel id: UC and 22 letters, digits, - or _',
    ],
    [
      [
        'targeting',
        'edit',
        ID,
        SLOT,
        '--add-keyword',
        'one two three four five six seven eight nine ten eleven',
      ],
      '',
    ],
  ];

  it.each(schemaRules)('%j: a value outside the schema', async (args, message) => {
    seen.length = 0;
    const r = await runCli(args, { env });
    expect(r.code, r.stderr).toBe(EXIT.usage);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^adcli: /);
    expect(r.stderr).toContain(message);
    expect(seen).toEqual([]);
  });

  it('country and language codes: unknown ones refused with a suggestion', async () => {
    await refused(
      ['campaigns', 'create', '--name', 'x', '--location', 'US', '--location', 'Germany'],
      '--location: "Germany" is not an ISO 3166 country or region code; did you mean "DE" (Germany)?',
    );
    await refused(
      ['campaigns', 'update', ID, '--language', 'German'],
      '--language: "German" is not a known BCP 47 language tag; did you mean "de" (German)?',
    );
    seen.length = 0;
    const lower = await runCli(['campaigns', 'update', ID, '--location', 'us'], { env });
    expect(lower.code).toBe(EXIT.usage);
    expect(lower.stderr).toContain('did you mean "US"');
    expect(seen).toEqual([]);
  });

  it('with --json the refusal is the JSON error shape', async () => {
    seen.length = 0;
    const r = await runCli(['campaigns', 'get', BAD, '--json'], { env });
    expect(r.code).toBe(EXIT.usage);
    expect(JSON.parse(r.stderr)).toEqual({
      error: { message: HEX('campaignId'), exitCode: EXIT.usage },
    });
    expect(seen).toEqual([]);
  });

  it('well-formed requests do go out (the server above refuses them: exit 5)', async () => {
    seen.length = 0;
    const r = await runCli(['campaigns', 'get', ID], { env });
    expect(r.code).toBe(EXIT.unavailable);
    expect(seen[0]).toBe(`GET /api/v1/campaigns/${ID}`);
  });
});

describe('the local rules say what the server says', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await testBackend();
  });

  it('a total budget without an end date: the same message from both', async () => {
    const sb = sandbox();
    const local = await runCli(
      ['campaigns', 'create', '--name', 'x', '--budget', '100', '--budget-type', 'total'],
      { env: sb.env },
    );
    expect(local.code).toBe(EXIT.usage);
    const created = await backend.api.post('/campaigns', {
      name: 'x',
      budget: 100,
      budgetType: 'total',
    });
    expect(created.status).toBe(400);
    // the same rule, said with the flags typed (the API names its fields)
    const API = 'endDate is required when budgetType is total: a total budget needs an end date';
    const CLI =
      '--end-date is required when --budget-type is total: a total budget needs an end date';
    expect(created.body.error.message).toBe(API);
    expect(local.stderr).toBe(`adcli: ${CLI}\n`);

    const c = await backend.api.post('/campaigns', {
      name: 'y',
      budget: 100,
      budgetType: 'total',
      endDate: '2030-01-31',
    });
    expect(c.status).toBe(201);
    const updated = await backend.api.patch(`/campaigns/${c.body.id}`, {
      budgetType: 'total',
      endDate: null,
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.message).toBe(API);
    const localUpdate = await runCli(
      ['campaigns', 'update', c.body.id, '--budget-type', 'total', '--no-end-date'],
      { env: sb.env },
    );
    expect(localUpdate.stderr).toBe(`adcli: ${CLI}\n`);
  });

  it('a rule that needs the stored campaign is left to the server: exit 3 with its message', async () => {
    const sb = sandbox();
    const adcli = (args: string[]) => runCli(args, { env: sb.env });
    const c = JSON.parse(
      (
        await adcli([
          'campaigns',
          'create',
          '--name',
          'Daily',
          '--budget',
          '20',
          '--budget-type',
          'daily',
          '--json',
        ])
      ).stdout,
    );
    const r = await adcli(['campaigns', 'update', c.id, '--budget-type', 'total']);
    expect(r.code).toBe(EXIT.refused);
    expect(r.stderr).toContain('--end-date is required when --budget-type is total');
    const j = await adcli(['campaigns', 'update', c.id, '--budget-type', 'total', '--json']);
    expect(JSON.parse(j.stderr).error.message).toContain('endDate is required when budgetType');
    expect(
      (
        await adcli([
          'campaigns',
          'update',
          c.id,
          '--budget-type',
          'total',
          '--end-date',
          '2030-06-30',
        ])
      ).code,
    ).toBe(0);
  });
});
