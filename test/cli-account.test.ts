/**
 * auth, profiles and help exit-codes, run in-process (test/helpers/cli.ts) against real `adcli serve`
 * processes, each test with its own ADCLI_CONFIG_DIR. The keys never show up on stdout or stderr.
 * Logging in on a real terminal runs in a pseudo-terminal.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/lib/errors.ts';
import { succeeded } from './helpers/assert.ts';
import { runCli, type CliResult } from './helpers/cli.ts';
import {
  cleanupAll,
  hasScript,
  runInTerminal,
  sandbox,
  startServer,
  tempDir,
  type Sandbox,
  type Server,
} from './helpers/process.ts';

let sb: Sandbox;
/** workspace `default` */
let A: Server;
/** workspace `demo` */
let B: Server;
/** a base URL where nothing listens */
const DEAD = 'http://127.0.0.1:9/api/v1';

beforeAll(async () => {
  sb = sandbox();
  [A, B] = await Promise.all([
    startServer(['--memory', '--quiet'], { env: sb.env }),
    startServer(['--memory', '--seed', 'demo', '--quiet'], { env: sb.env }),
  ]);
  expect(A.info.workspace).toBe('default');
  expect(B.info.workspace).toBe('demo');
});
afterAll(cleanupAll);

/** Runs adcli with the given stdin (empty when undefined, as in CI). */
const run = (args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<CliResult> =>
  runCli(args, { env, stdin: input });

/** A fresh config folder (inside the sandbox) and an environment that uses it. */
function freshEnv(extra: NodeJS.ProcessEnv = {}): { env: NodeJS.ProcessEnv; dir: string } {
  const dir = join(tempDir(sb, 'config'), 'adcli');
  return { dir, env: { ...sb.env, ADCLI_CONFIG_DIR: dir, ...extra } };
}

const configOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

function fails(r: CliResult, code: number, stderr?: string | RegExp): CliResult {
  expect(r.code, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).toBe(code);
  if (stderr) expect(r.stderr).toMatch(stderr);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  return r;
}
/** Neither stream shows the key, not even in part beyond its `adcli_` prefix. */
function noKey(r: CliResult, ...keys: string[]): void {
  for (const key of keys) {
    const tail = key.slice('adcli_'.length, 'adcli_'.length + 8);
    for (const text of [r.stdout, r.stderr]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(tail);
    }
  }
}

async function login(
  env: NodeJS.ProcessEnv,
  server: Server,
  ...flags: string[]
): Promise<CliResult> {
  const r = succeeded(
    await run(
      ['auth', 'login', '--base-url', server.info.baseUrl, '--with-token', ...flags],
      env,
      `${server.info.apiKey}\n`,
    ),
  );
  noKey(r, server.info.apiKey);
  return r;
}

const status = async (env: NodeJS.ProcessEnv, ...args: string[]) => {
  const r = await run(['auth', 'status', '--json', ...args], env);
  noKey(r, A.info.apiKey, B.info.apiKey);
  return { r, s: r.stdout ? JSON.parse(r.stdout) : null };
};

describe('auth login --with-token', () => {
  it('checks the key, saves the profile in a 0600 file and makes it current; status shows it without the key', async () => {
    const { env, dir } = freshEnv();
    const r = await login(env, A);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Logged in to workspace default at ${A.info.baseUrl}`);
    expect(r.stderr).toContain('Saved as profile default');

    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(configOf(dir)).toEqual({
      current: 'default',
      profiles: { default: { baseUrl: A.info.baseUrl, apiKey: A.info.apiKey } },
    });

    const human = succeeded(await run(['auth', 'status'], env));
    noKey(human, A.info.apiKey);
    expect(human.stdout).toContain('Profile\tdefault\n');
    expect(human.stdout).toContain(`Base URL\t${A.info.baseUrl}, from profile default\n`);
    expect(human.stdout).toContain(`Key\tfrom profile default in ${dir}\n`);
    expect(human.stdout).toContain('Workspace\tdefault\n');

    const { s } = await status(env);
    expect(s).toEqual({
      profile: 'default',
      profileUsed: true,
      baseUrl: A.info.baseUrl,
      baseUrlSource: 'profile default',
      keySource: `profile default in ${dir}`,
      workspace: 'default',
      // adcli serve tells a key its scopes and limits (GET /_adcli/v1/key)
      scopes: expect.arrayContaining(['campaigns:read', 'backend']),
      customerIds: null,
      campaignIds: null,
      ok: true,
    });
  });

  it('takes --profile and --json, normalizes the base URL, and trims the key', async () => {
    const { env, dir } = freshEnv();
    const origin = A.info.baseUrl.replace(/\/api\/v1$/, '/');
    const r = succeeded(
      await run(
        ['auth', 'login', '--profile', 'work', '--base-url', origin, '--with-token', '--json'],
        env,
        `  ${A.info.apiKey}  \r\n`,
      ),
    );
    noKey(r, A.info.apiKey);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'work',
      baseUrl: A.info.baseUrl,
      workspace: 'default',
      current: true,
    });
    expect(configOf(dir).profiles.work).toEqual({ baseUrl: A.info.baseUrl, apiKey: A.info.apiKey });
  });

  it('a bad key is exit 4 and nothing is saved; an unreachable API is exit 5', async () => {
    const { env, dir } = freshEnv();
    const bad = `adcli_${'x'.repeat(40)}`;
    const r = fails(
      await run(['auth', 'login', '--base-url', A.info.baseUrl, '--with-token'], env, bad),
      EXIT.auth,
      /refused the key: .*unauthorized.*nothing saved/,
    );
    noKey(r, bad);
    const saved = existsSync(join(dir, 'config.json')) ? configOf(dir) : { profiles: {} };
    expect(saved.profiles).toEqual({});
    expect(saved.current).toBeUndefined();

    const down = fails(
      await run(['auth', 'login', '--base-url', DEAD, '--with-token'], env, A.info.apiKey),
      EXIT.unavailable,
      /cannot reach .*nothing saved/,
    );
    noKey(down, A.info.apiKey);
    expect(existsSync(join(dir, 'config.json')) ? configOf(dir).profiles : {}).toEqual({});
  });

  it('without a terminal, a missing key or base URL is a usage error (exit 2)', async () => {
    const { env } = freshEnv();
    fails(
      await run(['auth', 'login', '--base-url', A.info.baseUrl], env),
      EXIT.usage,
      /no terminal to ask for the key on: pipe it in with --with-token/,
    );
    fails(
      await run(['auth', 'login', '--base-url', A.info.baseUrl, '--with-token'], env, ''),
      EXIT.usage,
      /stdin is empty/,
    );
    fails(
      await run(
        ['auth', 'login', '--base-url', A.info.baseUrl, '--with-token'],
        env,
        `${A.info.apiKey}\nsecond line\n`,
      ),
      EXIT.usage,
      /2 lines/,
    );
    fails(
      await run(['auth', 'login', '--with-token'], env, A.info.apiKey),
      EXIT.usage,
      /--base-url is required/,
    );
    fails(
      await run(['auth', 'login', '--base-url', 'ftp://x', '--with-token'], env, A.info.apiKey),
      EXIT.usage,
      /http/,
    );
    fails(
      await run(
        ['auth', 'login', '--profile', 'local', '--base-url', A.info.baseUrl, '--with-token'],
        env,
        A.info.apiKey,
      ),
      EXIT.usage,
      /built-in/,
    );
    // the key is never an argument
    const argv = fails(
      await run(['auth', 'login', '--base-url', A.info.baseUrl, '--token', A.info.apiKey], env),
      EXIT.usage,
      /unknown option '--token'/,
    );
    expect(argv.stderr).not.toContain(A.info.apiKey.slice(6));
  });
});

describe('profiles and precedence', () => {
  it(
    'flags > ADCLI_API_KEY/ADCLI_BASE_URL > --profile/ADCLI_PROFILE > the current profile',
    { timeout: 90_000 },
    async () => {
      const { env, dir } = freshEnv();
      await login(env, A, '--profile', 'a');
      await login(env, B, '--profile', 'b');
      expect(configOf(dir).current).toBe('b');
      succeeded(await run(['profiles', 'use', 'a'], env));

      // the current profile
      let { s } = await status(env);
      expect(s).toMatchObject({
        profile: 'a',
        workspace: 'default',
        baseUrlSource: 'profile a',
        keySource: `profile a in ${dir}`,
      });

      // --profile and ADCLI_PROFILE pick another; the flag wins over the variable
      expect((await status(env, '--profile', 'b')).s).toMatchObject({
        profile: 'b',
        workspace: 'demo',
      });
      expect((await status({ ...env, ADCLI_PROFILE: 'b' })).s).toMatchObject({
        profile: 'b',
        workspace: 'demo',
      });
      expect((await status({ ...env, ADCLI_PROFILE: 'b' }, '--profile', 'a')).s).toMatchObject({
        profile: 'a',
        workspace: 'default',
      });
      fails((await status(env, '--profile', 'nope')).r, EXIT.usage, /no profile named nope/);
      fails(
        (await status({ ...env, ADCLI_PROFILE: 'nope' })).r,
        EXIT.usage,
        /no profile named nope/,
      );

      // ADCLI_API_KEY + ADCLI_BASE_URL beat the current profile and --profile (and need no config at all)
      const ci = { ...env, ADCLI_API_KEY: B.info.apiKey, ADCLI_BASE_URL: B.info.baseUrl };
      ({ s } = await status(ci));
      expect(s).toMatchObject({
        workspace: 'demo',
        profileUsed: false,
        baseUrl: B.info.baseUrl,
        keySource: 'the ADCLI_API_KEY environment variable',
        baseUrlSource: 'the ADCLI_BASE_URL environment variable',
      });
      expect((await status(ci, '--profile', 'a')).s).toMatchObject({ workspace: 'demo' });
      const bare = freshEnv({ ADCLI_API_KEY: B.info.apiKey, ADCLI_BASE_URL: B.info.baseUrl });
      expect((await status(bare.env)).s).toMatchObject({ workspace: 'demo' });
      expect(existsSync(bare.dir)).toBe(false);

      // the key from the variable goes to the profile's URL: A does not know B's key
      const keyOnly = await status({ ...env, ADCLI_API_KEY: B.info.apiKey });
      fails(keyOnly.r, EXIT.auth, /not valid/);
      expect(keyOnly.s).toMatchObject({
        baseUrl: A.info.baseUrl,
        keySource: 'the ADCLI_API_KEY environment variable',
        workspace: null,
        ok: false,
      });

      // the --base-url flag beats ADCLI_BASE_URL
      ({ s } = await status(
        { ...env, ADCLI_API_KEY: B.info.apiKey, ADCLI_BASE_URL: DEAD },
        '--base-url',
        B.info.baseUrl,
      ));
      expect(s).toMatchObject({
        workspace: 'demo',
        baseUrl: B.info.baseUrl,
        baseUrlSource: 'the --base-url flag',
      });
      const down = await status(
        { ...env, ADCLI_API_KEY: B.info.apiKey, ADCLI_BASE_URL: B.info.baseUrl },
        '--base-url',
        DEAD,
      );
      fails(down.r, EXIT.unavailable, /cannot reach http:\/\/127\.0\.0\.1:9\/api\/v1/);

      // profiles list: local built in, the current one marked, never a key
      const list = succeeded(await run(['profiles', 'list', '--json'], env));
      noKey(list, A.info.apiKey, B.info.apiKey);
      expect(JSON.parse(list.stdout)).toEqual([
        { name: 'local', baseUrl: 'local', current: false, builtIn: true },
        { name: 'a', baseUrl: A.info.baseUrl, current: true, builtIn: false },
        { name: 'b', baseUrl: B.info.baseUrl, current: false, builtIn: false },
      ]);
      const plain = succeeded(await run(['profiles', 'list'], env));
      expect(plain.stdout).toBe(
        `-\tlocal\tlocal\n*\ta\t${A.info.baseUrl}\n-\tb\t${B.info.baseUrl}\n`,
      );

      // profiles use: an unknown name is a usage error and changes nothing
      fails(
        await run(['profiles', 'use', 'nope'], env),
        EXIT.usage,
        /no profile named nope \(profiles: local, a, b\)/,
      );
      expect(configOf(dir).current).toBe('a');

      // logout removes the current profile and its key; current falls back to local
      const out = succeeded(await run(['auth', 'logout'], env));
      expect(out.stderr).toContain('removed profile a');
      expect(configOf(dir)).toEqual({
        profiles: { b: { baseUrl: B.info.baseUrl, apiKey: B.info.apiKey } },
      });
      expect(
        JSON.parse(succeeded(await run(['profiles', 'list', '--json'], env)).stdout).map(
          (p: any) => [p.name, p.current],
        ),
      ).toEqual([
        ['local', true],
        ['b', false],
      ]);
      fails(await run(['auth', 'logout', '--profile', 'a'], env), EXIT.usage, /no profile named a/);
      succeeded(await run(['auth', 'logout', '--profile', 'b'], env));
      expect(configOf(dir).profiles).toEqual({});
      succeeded(await run(['profiles', 'use', 'local'], env));
    },
  );

  it('profiles use switches the current profile; logout on local does nothing', async () => {
    const { env, dir } = freshEnv();
    await login(env, A, '--profile', 'a');
    await login(env, B, '--profile', 'b');
    const r = succeeded(await run(['profiles', 'use', 'a'], env));
    expect(r.stderr).toBe(`Now using profile a (${A.info.baseUrl}).\n`);
    expect((await status(env)).s).toMatchObject({ profile: 'a', workspace: 'default' });
    succeeded(await run(['profiles', 'use', 'local'], env));
    expect(configOf(dir).current).toBeUndefined();
    const noop = succeeded(await run(['auth', 'logout'], env));
    expect(noop.stderr).toContain('nothing to do');
    expect(Object.keys(configOf(dir).profiles)).toEqual(['a', 'b']);
  });

  it('on the built-in local profile, status names the local backend and its key file', async () => {
    const { env } = freshEnv();
    const { r, s } = await status(env);
    succeeded(r);
    expect(s).toMatchObject({
      profile: 'local',
      baseUrl: 'local',
      baseUrlSource: 'the built-in local profile',
      workspace: 'demo',
      ok: true,
    });
    expect(s.keySource).toBe(`the local backend's key file (${join(sb.dataDir, 'local.key')})`);
    const key = readFileSync(join(sb.dataDir, 'local.key'), 'utf8').trim();
    const human = succeeded(await run(['auth', 'status'], env));
    noKey(human, key);
    expect(human.stdout).toContain('Profile\tlocal (built in)\n');
  });
});

describe('--debug', () => {
  it('shows the HTTP exchange on stderr with the key redacted', async () => {
    const { env } = freshEnv();
    const r = succeeded(
      await run(
        ['--debug', 'auth', 'login', '--base-url', B.info.baseUrl, '--with-token'],
        env,
        B.info.apiKey,
      ),
    );
    noKey(r, B.info.apiKey);
    expect(r.stderr).toContain(`→ GET ${B.info.baseUrl}/workspace`);
    expect(r.stderr).toContain('authorization: Bearer [redacted]');
    expect(r.stderr).toMatch(/← 200 in \d+ ms/);

    const s = succeeded(await run(['auth', 'status', '--debug'], env));
    noKey(s, B.info.apiKey);
    expect(s.stderr).toContain('authorization: Bearer [redacted]');
    expect(s.stderr).toContain('"slug":"demo"');

    const bad = `adcli_${'y'.repeat(40)}`;
    const refused = fails(
      await run(
        ['--debug', 'auth', 'login', '--base-url', B.info.baseUrl, '--with-token'],
        env,
        bad,
      ),
      EXIT.auth,
    );
    noKey(refused, bad);
    expect(refused.stderr).toContain('← 401');
  });
});

describe('help exit-codes', () => {
  it('lists every exit code; help COMMAND still works', async () => {
    const { env } = freshEnv();
    const r = succeeded(await run(['help', 'exit-codes'], env));
    for (const code of Object.values(EXIT))
      expect(r.stdout).toMatch(new RegExp(`^  ${code}\\s`, 'm'));
    expect(r.stdout).toContain('--yes');
    expect(r.stdout).toMatch(/3 .*400.*404.*409/);
    expect(r.stdout).toMatch(/4 .*401.*403/);
    const codes = JSON.parse(succeeded(await run(['help', 'exit-codes', '--json'], env)).stdout);
    expect(codes.map((c: { code: number }) => c.code)).toEqual(Object.values(EXIT));

    expect(succeeded(await run(['help', 'campaigns', 'list'], env)).stdout).toContain(
      'USAGE\n  adcli campaigns list [flags]',
    );
    expect(succeeded(await run(['help', 'auth'], env)).stdout).toContain(
      'USAGE\n  adcli auth <command> [flags]',
    );
    expect(succeeded(await run(['help'], env)).stdout).toMatch(
      /HELP TOPICS\n  environment: .*\n  exit-codes: /,
    );
    expect(succeeded(await run(['--help'], env)).stdout).toContain('`adcli help exit-codes`');
    fails(await run(['help', 'nope'], env), EXIT.usage, /unknown command 'nope'/);
    fails(
      await run(['completion', 'tcsh'], env),
      EXIT.usage,
      /Allowed choices are bash, zsh, fish/,
    );
  });
});

describe.skipIf(!hasScript)('on a terminal (pseudo-terminal via script)', () => {
  it('auth login asks for the base URL and the key (masked), and saves', async () => {
    const { env, dir } = freshEnv();
    const r = await runInTerminal(['auth', 'login', '--profile', 'tty'], env, {
      dialog: [
        { prompt: 'API base URL', answer: `${A.info.baseUrl}\r` },
        { prompt: 'API key for', answer: `${A.info.apiKey}\r` },
      ],
    });
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toContain(A.info.apiKey);
    expect(r.output).toContain('•');
    expect(r.output).toContain('Logged in to workspace default');
    expect(configOf(dir).profiles.tty).toEqual({ baseUrl: A.info.baseUrl, apiKey: A.info.apiKey });
  });
});
