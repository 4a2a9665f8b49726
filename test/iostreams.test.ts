/**
 * The IO seam itself: what IOStreams says about a terminal (width, colour, prompts), reading a secret,
 * and commands run in-process through it (a terminal or a pipe, colours, Ctrl-C, usage errors), on
 * the real local backend of a sandbox. One subprocess test: on a real pseudo-terminal, a key pasted
 * for `auth login --with-token` is never echoed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, EXIT } from '../src/lib/errors.ts';
import { ManualInterrupts } from '../src/lib/factory.ts';
import { DEFAULT_WIDTH, IOStreams } from '../src/lib/iostreams.ts';
import { cliIn, runCli } from './helpers/cli.ts';
import {
  cleanupAll,
  hasScript,
  runInTerminal,
  sandbox,
  startServer,
  type Sandbox,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterAll(cleanupAll);

const ESC = '\x1b[';
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT'; // Ridgeline Miles, a demo channel

describe('IOStreams', () => {
  it('the width: COLUMNS when it is a number, else the terminal, else 80', () => {
    expect(IOStreams.test({ stdoutTTY: true, columns: 60 }).io.terminalWidth()).toBe(60);
    expect(
      IOStreams.test({ stdoutTTY: true, columns: 60, env: { COLUMNS: '132' } }).io.terminalWidth(),
    ).toBe(132);
    expect(
      IOStreams.test({ stdoutTTY: true, columns: 60, env: { COLUMNS: 'wide' } }).io.terminalWidth(),
    ).toBe(60);
    expect(IOStreams.test().io.terminalWidth()).toBe(DEFAULT_WIDTH);
    const piped = new IOStreams({
      stdin: process.stdin,
      stdout: { isTTY: false } as never,
      stderr: { isTTY: false } as never,
      env: {},
    });
    expect(piped.terminalWidth()).toBe(80);
  });

  it('colour: on for a terminal; NO_COLOR, FORCE_COLOR=0 and TERM=dumb turn it off, FORCE_COLOR on even when piped', () => {
    const io = (env: Record<string, string>, tty: boolean) =>
      IOStreams.test({ stdoutTTY: tty, stderrTTY: tty, env }).io;
    expect(io({}, true).colorEnabled()).toBe(true);
    expect(io({}, false).colorEnabled()).toBe(false);
    expect(io({ NO_COLOR: '1' }, true).colorEnabled()).toBe(false);
    expect(io({ NO_COLOR: '' }, true).colorEnabled()).toBe(true);
    expect(io({ FORCE_COLOR: '0' }, true).colorEnabled()).toBe(false);
    expect(io({ TERM: 'dumb' }, true).colorEnabledStderr()).toBe(false);
    expect(io({ FORCE_COLOR: '1' }, false).colorEnabled()).toBe(true);
    // NO_COLOR wins, as in commander's help
    expect(io({ NO_COLOR: '1', FORCE_COLOR: '1' }, true).colorEnabled()).toBe(false);
    // each stream on its own
    expect(IOStreams.test({ stdoutTTY: false, stderrTTY: true }).io.colorEnabledStderr()).toBe(
      true,
    );
  });

  it('prompts need stdin and stdout terminals, and CI unset', () => {
    expect(IOStreams.test({ stdinTTY: true, stdoutTTY: true }).io.canPrompt()).toBe(true);
    expect(
      IOStreams.test({ stdinTTY: true, stdoutTTY: true, env: { CI: 'true' } }).io.canPrompt(),
    ).toBe(false);
    expect(IOStreams.test({ stdinTTY: false, stdoutTTY: true }).io.canPrompt()).toBe(false);
    expect(IOStreams.test({ stdinTTY: true, stdoutTTY: false }).io.canPrompt()).toBe(false);
  });

  it('readSecret reads one line, honours backspace, and never writes what it read', async () => {
    const t = IOStreams.test({
      stdinTTY: true,
      stderrTTY: true,
      stdin: 'adcli_s3\u007fcret\rnext line',
    });
    expect(await t.io.readSecret('Key: ')).toBe('adcli_s3cret'.replace('3c', 'c'));
    expect(t.stderr()).toBe('Key: \n');
    expect(t.stdout()).toBe('');
    const piped = IOStreams.test({ stdin: 'abc' });
    expect(await piped.io.readSecret('')).toBe('abc');
  });

  it('Ctrl-C while reading a secret ends the command with 130', async () => {
    const t = IOStreams.test({ stdinTTY: true, stdin: 'half\u0003' });
    const err = await t.io.readSecret('Key: ').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(EXIT.interrupted);
  });
});

describe('a command through the seam (local profile, in-process)', () => {
  let sb: Sandbox;
  let adcli: ReturnType<typeof cliIn>;
  beforeAll(async () => {
    sb = sandbox();
    adcli = cliIn(sb.env);
    expect((await adcli(['workspace'])).code).toBe(0);
  });

  it('a terminal gets a table, a pipe tab-separated rows; the same records', async () => {
    const piped = await adcli(['brands', 'list']);
    expect(piped.code, piped.stderr).toBe(0);
    const rows = piped.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.length).toBeGreaterThan(0);
    expect(piped.stdout).not.toMatch(/[┌│└]/);
    expect(piped.stderr).toBe('');

    const tty = await adcli(['brands', 'list'], { tty: true, columns: 120 });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toMatch(/^ID +NAME +WEBSITE/);
    for (const [id, name] of rows)
      expect(tty.stdout).toMatch(
        new RegExp(`^${id} +${name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'),
      );
    // notices are for people: on a terminal's stderr only
    expect(tty.stderr).toContain('Using the local backend');
  });

  it('colour on a terminal; none with NO_COLOR, none piped, and FORCE_COLOR forces it', async () => {
    const env = { ...sb.env };
    delete env.NO_COLOR;
    const colour = await runCli(['data-stores', 'list'], { env, tty: true });
    expect(colour.stdout).toContain(`${ESC}32mready${ESC}39m`);
    expect(
      (await runCli(['data-stores', 'list'], { env: sb.env, tty: true })).stdout,
    ).not.toContain(ESC);
    expect((await runCli(['data-stores', 'list'], { env })).stdout).not.toContain(ESC);
    expect(
      (await runCli(['data-stores', 'list'], { env: { ...env, FORCE_COLOR: '1' } })).stdout,
    ).toContain(`${ESC}32mready`);
  });

  it('under CI a terminal does not prompt: a delete without --yes is a usage error', async () => {
    const brands = JSON.parse((await adcli(['brands', 'list', '--json'])).stdout);
    const r = await adcli(['brands', 'delete', brands[0].id], { tty: true });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('adcli: deleting brand');
    expect(r.stderr).toContain('needs --yes');
  });

  it('a prompt reads its answer from the IO: "n" keeps the brand', async () => {
    const env = { ...sb.env };
    delete env.CI;
    const brand = JSON.parse(
      (await adcli(['brands', 'create', '--name', 'Asked about', '--json'])).stdout,
    );
    const r = await runCli(['brands', 'delete', brand.id], {
      env,
      tty: true,
      dialog: { prompt: `Delete brand ${brand.id}?`, answer: 'n\r' },
    });
    expect(r.code, r.stderr).toBe(EXIT.usage);
    expect(r.stdout).toContain(`Delete brand ${brand.id}?`);
    expect(r.stderr).toContain('adcli: nothing deleted');
    expect((await adcli(['brands', 'get', brand.id])).code).toBe(0);
  });

  it("commander's usage errors are adcli's: the adcli: prefix, exit 2, and JSON with --json", async () => {
    const unknown = await adcli(['brands', 'list', '--bogus']);
    expect(unknown).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: "adcli: unknown option '--bogus'\n",
    });
    const json = await adcli(['brands', 'list', '--bogus', '--json']);
    expect(json.code).toBe(EXIT.usage);
    expect(JSON.parse(json.stderr)).toEqual({
      error: { message: "unknown option '--bogus'", exitCode: EXIT.usage },
    });
    const missing = await adcli(['brands', 'get']);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toBe("adcli: missing required argument 'id'\n");
    const choice = await adcli([
      'audiences',
      'create',
      '--name',
      'x',
      '--kind',
      'lookalike',
      '--json',
    ]);
    expect(JSON.parse(choice.stderr).error.message).toMatch(
      /^option '--kind <kind>' argument 'lookalike' is invalid\. Allowed choices are custom/,
    );
    const command = await adcli(['brandz']);
    expect(command.code).toBe(EXIT.usage);
    expect(command.stderr).toMatch(
      /^adcli: unknown command 'brandz'\n\(Did you mean brands\?\)\n$/,
    );
    // help and the version are answers, not errors
    expect(await adcli(['--version'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(await adcli(['brands', '--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('USAGE\n  adcli brands <command> [flags]'),
    });
  });

  it('help is wrapped to the width it is given', async () => {
    const narrow = await adcli(['campaigns', 'create', '--help'], { tty: true, columns: 80 });
    for (const line of narrow.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    const wide = await adcli(['campaigns', 'create', '--help'], { tty: true, columns: 200 });
    expect(Math.max(...wide.stdout.split('\n').map((l) => l.length))).toBeGreaterThan(80);
  });

  it('--wait: a spinner on a terminal (progress lines when piped: cli-local-jobs), and Ctrl-C stops waiting with 130', async () => {
    const spun = await adcli(
      ['data-stores', 'create', '--name', 'Spun wait', '--channel', CHANNEL, '--wait'],
      { tty: { stderr: true } },
    );
    expect(spun.code, spun.stderr).toBe(0);
    expect(spun.stderr).toMatch(/Collecting data store \w+: collecting · \d+s/);
    expect(spun.stderr).not.toMatch(/ready after/);
    expect(spun.stdout).toMatch(/^Status\tready$/m);

    const interrupts = new ManualInterrupts();
    const run = adcli(
      ['data-stores', 'create', '--name', 'Interrupted wait', '--channel', CHANNEL, '--wait'],
      { interrupts },
    );
    await until('the command to hold Ctrl-C', () => interrupts.held() > 0, 30_000, 10);
    interrupts.interrupt();
    const r = await run;
    expect(r.code).toBe(EXIT.interrupted);
    expect(r.stderr).toMatch(
      /adcli: stopped waiting; the collection goes on: the next adcli command finishes it once it is due/,
    );
    expect(interrupts.held()).toBe(0);
  });
});

describe('runs in a longer-lived process', () => {
  it('leave nothing behind: no signal or exit listeners, no open sockets, files or timers', async () => {
    const sb = sandbox();
    const server = await startServer(['--memory', '--quiet'], { env: sb.env });
    try {
      const remote = {
        ...sb.env,
        ADCLI_BASE_URL: server.info.baseUrl,
        ADCLI_API_KEY: server.info.apiKey,
      };
      // once each first: modules load, and the local backend's journal hooks the process's exit once
      await runCli(['workspace'], { env: sb.env });
      await runCli(['workspace'], { env: remote });
      const state = () => ({
        sigint: process.listenerCount('SIGINT'),
        exit: process.listenerCount('exit'),
        resources: process.getActiveResourcesInfo().sort(),
      });
      const before = state();
      expect((await runCli(['brands', 'list'], { env: sb.env, tty: true })).code).toBe(0);
      expect((await runCli(['brands', 'list'], { env: remote })).code).toBe(0);
      const waited = await runCli(
        ['data-stores', 'create', '--name', 'Waited', '--channel', CHANNEL, '--wait'],
        { env: sb.env, tty: { stderr: true } },
      );
      expect(waited.code, waited.stderr).toBe(0);
      expect(state()).toEqual(before);
    } finally {
      await server.stop('SIGTERM');
    }
  });
});

describe.skipIf(!hasScript)('on a real terminal (pseudo-terminal via script)', () => {
  it('auth login --with-token: the pasted key is never echoed', async () => {
    const sb = sandbox();
    const server = await startServer(['--memory', '--quiet'], { env: sb.env });
    try {
      const r = await runInTerminal(
        ['auth', 'login', '--base-url', server.info.baseUrl, '--with-token'],
        sb.env,
        {
          dialog: { prompt: 'Paste the key and press Enter', answer: `${server.info.apiKey}\r` },
        },
      );
      expect(r.code, r.output).toBe(0);
      expect(r.output).toContain('Logged in to workspace default');
      expect(r.output).not.toContain(server.info.apiKey);
      expect(r.output).not.toContain(server.info.apiKey.slice(6, 14));
    } finally {
      await server.stop('SIGTERM');
    }
  });
});
