/**
 * Safer deletes and quieter notices, in-process on the local profile (test/helpers/cli.ts):
 * `campaigns delete` asks naming the campaign and says when it runs in the ad platform; the
 * local-backend notice shows once per data dir and fits 80 columns; a past end date warns on a
 * terminal. (`auth login --with-token` on a real terminal: test/iostreams.test.ts; `adcli --debug
 * serve`: test/cli-process.test.ts.)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/lib/errors.ts';
import { LOCAL_NOTICE, LOCAL_NOTICE_MARKER } from '../src/lib/factory.ts';
import { json } from './helpers/assert.ts';
import { cliIn, runCli } from './helpers/cli.ts';
import { cleanupAll, sandbox, type Sandbox } from './helpers/process.ts';

afterAll(cleanupAll);

/** The demo campaign that runs in the ad platform (ENABLED). */
const LIVE = 'Northwind Ridgeline Packs Always-On Video';

describe('campaigns delete', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  let asking: NodeJS.ProcessEnv;
  beforeAll(() => {
    sb = sandbox();
    adcli = cliIn(sb.env);
    asking = { ...sb.env };
    delete asking.CI;
  });

  it('asks naming the campaign; a campaign ENABLED in the ad platform is said to keep running there', async () => {
    const live = json(await adcli(['campaigns', 'list', '--name', LIVE, '--json']))[0];
    expect(live.adsPlatform.status).toBe('ENABLED');
    const question = `Delete campaign "${LIVE}" (${live.id}) anyway?`;
    const r = await runCli(['campaigns', 'delete', live.id], {
      env: asking,
      tty: true,
      columns: 120,
      dialog: { prompt: question, answer: 'n\r' },
    });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stdout).toContain(question);
    expect(r.stderr).toContain(
      `"${LIVE}" is live in the ad platform:\n` +
        `its campaign ${live.adsPlatform.campaignId} (account ${live.adsPlatform.customerId}) is ENABLED.\n` +
        'Deleting it here does not stop it: it keeps running there;\npause it in the ad platform.\n',
    );
    expect(r.stderr).toContain('adcli: nothing deleted');
    for (const line of r.stderr.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    expect((await adcli(['campaigns', 'get', live.id])).code).toBe(0);
  });

  it('a campaign that does not run anywhere: the plain question, and "y" deletes it', async () => {
    const c = json(await adcli(['campaigns', 'create', '--name', 'Short-lived', '--json']));
    const question = `Delete campaign "Short-lived" (${c.id})?`;
    const r = await runCli(['campaigns', 'delete', c.id], {
      env: asking,
      tty: true,
      columns: 120,
      dialog: { prompt: question, answer: 'y\r' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(question);
    expect(r.stderr).not.toContain('live in the ad platform');
    expect(r.stderr).toContain(`Deleted campaign ${c.id}.`);
    expect((await adcli(['campaigns', 'get', c.id])).code).toBe(EXIT.refused);
  });

  it('names in the question are escaped: control characters never reach the terminal', async () => {
    const c = json(
      await adcli(['campaigns', 'create', '--name', 'Bell\x07 and \x1b[2Jclear', '--json']),
    );
    const question = `Delete campaign "Bell\\u0007 and \\u001b[2Jclear" (${c.id})?`;
    const r = await runCli(['campaigns', 'delete', c.id], {
      env: asking,
      tty: true,
      columns: 120,
      dialog: { prompt: question, answer: 'n\r' },
    });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stdout).toContain(question);
    expect(r.stdout).not.toContain('\x07');
  });

  it('without a terminal: --yes is needed, and nothing is asked or looked up', async () => {
    const c = json(await adcli(['campaigns', 'create', '--name', 'Scripted', '--json']));
    const r = await adcli(['campaigns', 'delete', c.id]);
    expect(r).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: `adcli: deleting campaign ${c.id} needs --yes when there is no terminal to confirm on\n`,
    });
    const yes = await adcli(['campaigns', 'delete', c.id, '--yes', '--json']);
    expect(json(yes)).toEqual({ id: c.id, deleted: true });
  });
});

describe('the local-backend notice', () => {
  it('shows once per data dir, on a terminal only, each line within 80 columns', async () => {
    const sb = sandbox();
    const marker = join(sb.dataDir, LOCAL_NOTICE_MARKER);
    // Piped: nothing said, so nothing remembered.
    const piped = await runCli(['brands', 'list'], { env: sb.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('');
    expect(existsSync(marker)).toBe(false);

    const first = await runCli(['brands', 'list'], { env: sb.env, tty: true, columns: 80 });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(`${LOCAL_NOTICE}\n`);
    for (const line of first.stderr.trimEnd().split('\n'))
      expect(line.length, line).toBeLessThanOrEqual(80);
    expect(existsSync(marker)).toBe(true);

    const second = await runCli(['workspace'], { env: sb.env, tty: true, columns: 80 });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toBe('');

    // Another data dir is another backend: said there once too.
    const other = sandbox();
    expect((await runCli(['workspace'], { env: other.env, tty: true })).stderr).toBe(
      `${LOCAL_NOTICE}\n`,
    );
  });
});

describe('a past end date', () => {
  let sb: Sandbox;
  beforeAll(() => {
    sb = sandbox();
  });

  it('is refused by the backend (exit 3, naming the date and today there), and nothing is created', async () => {
    const before = json(
      await runCli(['campaigns', 'list', '--all', '--json', 'id'], { env: sb.env }),
    ).length;
    const past = await runCli(
      [
        'campaigns',
        'create',
        '--name',
        'Looking back',
        '--end-date',
        '2020-01-31',
        '--budget',
        '10',
        '--budget-type',
        'total',
      ],
      { env: sb.env },
    );
    expect(past.code).toBe(3);
    expect(past.stderr).toMatch(
      /--end-date: 2020-01-31 has passed \(it is \d{4}-\d\d-\d\d in the time zone of account/,
    );
    expect(
      json(await runCli(['campaigns', 'list', '--all', '--json', 'id'], { env: sb.env })),
    ).toHaveLength(before);

    const id = json(
      await runCli(
        ['campaigns', 'create', '--name', 'Looking ahead', '--end-date', '2999-12-31', '--json'],
        { env: sb.env },
      ),
    ).id;
    const update = await runCli(['campaigns', 'update', id, '--end-date', '2021-06-30'], {
      env: sb.env,
    });
    expect(update.code).toBe(3);
    expect(update.stderr).toContain('--end-date: 2021-06-30 has passed');
  });
});
