/**
 * `adcli serve --exec "CMD"` (issue 8, part 7): the server starts, CMD runs in the shell with
 * ADCLI_BASE_URL and ADCLI_API_KEY in its environment (never in any argv), the server stops, and
 * adcli exits with CMD's exit code. CMD owns stdout: no banner and no request log there.
 */
import { createServer, type Server as NetServer } from 'node:net';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  BIN,
  cleanupAll,
  http,
  killAll,
  runAdcli,
  sandbox,
  spawnAdcli,
  tempDir,
  type Sandbox,
} from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const node = q(process.execPath);
const KEY = /adcli_[A-Za-z0-9]{40}/;

/** A script file in the sandbox, run with this Node. */
function script(sb: Sandbox, name: string, text: string): string {
  const file = join(tempDir(sb, 'scripts'), name);
  writeFileSync(file, text);
  return `${node} ${q(file)}`;
}

describe('adcli serve --exec', () => {
  it("exits with the command's exit code; stdout is the command's alone", async () => {
    const r = await runAdcli(['serve', '--memory', '--exec', 'echo from the command; exit 7']);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stdout).toBe('from the command\n');
    expect(r.stderr).toMatch(
      /^adcli serve: the API is listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(workspace default\); running: echo from the command; exit 7\n$/,
    );
    expect(r.stderr).not.toMatch(KEY);

    expect((await runAdcli(['serve', '--memory', '--exec', 'true'])).code).toBe(0);
  });

  it('the command gets the server in ADCLI_BASE_URL and ADCLI_API_KEY, calls it, and the CLI uses them; the key is in no argv', async () => {
    const sb = sandbox();
    const probe = script(
      sb,
      'probe.mjs',
      `import { readdirSync, readFileSync } from 'node:fs';
const base = process.env.ADCLI_BASE_URL;
const key = process.env.ADCLI_API_KEY;
const res = await fetch(base + '/workspace', { headers: { authorization: 'Bearer ' + key } });
const workspace = await res.json();
// Every process's command line that this user can see, the server's and the shell's among them.
let inArgv = 0;
let seen = 0;
let pids = [];
try {
  pids = readdirSync('/proc').filter((d) => /^\\d+$/.test(d));
} catch {}
for (const pid of pids) {
  try {
    const argv = readFileSync('/proc/' + pid + '/cmdline', 'utf8');
    seen++;
    if (argv.includes(key)) inArgv++;
  } catch {}
}
console.log(JSON.stringify({ base, key, status: res.status, slug: workspace.slug, seen, inArgv }));
`,
    );
    const cli = `${node} ${q(BIN)} workspace --json`;
    const r = await runAdcli(
      ['serve', '--memory', '--seed', 'demo', '--exec', `${probe} && ${cli}`],
      { env: sb.env },
    );
    expect(r.code, r.stderr).toBe(0);
    const [first, ...rest] = r.stdout.trim().split('\n');
    const seen = JSON.parse(first!);
    expect(seen).toMatchObject({ status: 200, slug: 'demo', inArgv: 0 });
    expect(seen.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(seen.key).toMatch(KEY);
    if (existsSync('/proc')) expect(seen.seen).toBeGreaterThan(2);
    // `adcli workspace --json` inside the command reached the same server through the variables.
    expect(JSON.parse(rest.join('\n'))).toMatchObject({ slug: 'demo' });
    expect(r.stderr).not.toContain(seen.key);

    // The server stopped with the command.
    await expect(http(seen.base, seen.key, 'GET', '/workspace')).rejects.toThrow();
  });

  it('uses a free port when 4010 is busy and --port is not given, and logs no requests', async () => {
    const blocker: NetServer = createServer();
    await new Promise<void>((resolve) => {
      blocker.once('error', () => resolve()); // someone else holds 4010: just as busy
      blocker.listen(4010, '127.0.0.1', () => resolve());
    });
    try {
      const sb = sandbox();
      const call = script(
        sb,
        'call.mjs',
        `const r = await fetch(process.env.ADCLI_BASE_URL + '/workspace', { headers: { authorization: 'Bearer ' + process.env.ADCLI_API_KEY } }); console.log(r.status);`,
      );
      const r = await runAdcli(['serve', '--memory', '--exec', call], { env: sb.env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('200\n');
      expect(r.stderr).not.toMatch(/:4010\//);
      expect(r.stderr).not.toMatch(/GET \/api/);

      // --log-requests asks for the request log, on stderr.
      const logged = await runAdcli(['serve', '--memory', '--log-requests', '--exec', call], {
        env: sb.env,
      });
      expect(logged.code, logged.stderr).toBe(0);
      expect(logged.stdout).toBe('200\n');
      expect(logged.stderr).toMatch(/^\S+Z INFO  GET \/api\/v1\/workspace 200 /m);
    } finally {
      blocker.close();
    }
  });

  it('a command stopped by a signal: 128 + its number', async () => {
    const r = await runAdcli(['serve', '--memory', '--exec', 'kill -TERM $$']);
    expect(r.code, r.stderr).toBe(143);
  });

  it('forwards SIGTERM to the command (not only to its shell), then stops the server and deletes the temporary store', async () => {
    const sb = sandbox();
    const tmp = tempDir(sb, 'tmp');
    const waiter = script(
      sb,
      'wait.mjs',
      `process.on('SIGTERM', () => { console.log('the command got SIGTERM'); process.exit(3); });
setInterval(() => {}, 1000);
console.log('ready');
`,
    );
    // Two commands, so the shell stays between adcli and node (a lone command may be exec'd).
    const p = spawnAdcli(['serve', '--memory', '--exec', `${waiter}; exit $?`], {
      env: { ...sb.env, TMPDIR: tmp },
    });
    await p.waitForStdout((t) => t.includes('ready\n'));
    const exit = await p.stop('SIGTERM', 20_000);
    expect(p.stdout()).toBe('ready\nthe command got SIGTERM\n');
    // The shell itself was stopped by the signal too, and a shell stopped by SIGTERM reports 143.
    expect(exit).toEqual({ code: 143, signal: null });
    expect(readdirSync(tmp).filter((n) => n.startsWith('adcli-serve-'))).toEqual([]);
  });

  it('refuses --json with --exec, and an empty command, with exit 2', async () => {
    const json = await runAdcli(['serve', '--memory', '--json', '--exec', 'true']);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/--exec and --json exclude each other/);
    const empty = await runAdcli(['serve', '--memory', '--exec', ' ']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--exec needs a command/);
  });
});
