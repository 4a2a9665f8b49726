/**
 * Installs adcli the way a user does: `npm run release -- --no-sea --no-build --out DIR` (the npm
 * tarball of a release, scripts/release.mjs, without the single executable, which test/release.test.ts
 * and test/sea.test.ts build; --no-build packs the dist/ that `npm test` built, so the other test files
 * keep theirs), then `npm install DIR/adcli-<version>.tgz` into an empty prefix outside the repository
 * with no dev dependencies. The installed `adcli` command runs on the floor of every line `engines`
 * accepts (`^22.22.2 || ^24.15.0 || >=26.0.0`: 22.22.2, 24.15.0 and 26.0.0, fetched through npm by
 * scripts/fetch-node.mjs) and on the Node running the tests: --version, --help, `campaigns list` on
 * the local profile, `serve --memory --port 0 --json` answering GET /workspace, and `mcp` answering
 * `initialize`.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { fetchNode } from '../scripts/fetch-node.mjs';
import { ROOT, cleanupAll, killAll, sandbox, tempDir } from './helpers/process.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
};

/** The lowest version of each line engines.node accepts: `^22.22.2 || >=26.0.0` gives both. */
function floors(range: string): string[] {
  return range.split('||').map((part) => {
    const m = /^\s*(?:\^|>=)?\s*(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!m) throw new Error(`engines.node part "${part.trim()}": expected ^X.Y.Z or >=X.Y.Z`);
    return m[1]!;
  });
}

const nodes: [string, string | undefined][] = floors(pkg.engines.node).map((version) => {
  try {
    return [`floor ${version}`, fetchNode(version) as string];
  } catch (e) {
    // .ci/run fetches every floor beforehand; without the registry, say which run is left out
    console.warn(
      `packed-install: skipped on Node ${version}: ${e instanceof Error ? e.message : String(e)}`,
    );
    return [`floor ${version}`, undefined];
  }
});
nodes.push([`current ${process.versions.node}`, process.execPath]);

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];
let prefix = '';
let installed = '';

beforeAll(async () => {
  const sb = sandbox();
  const releaseDir = join(tempDir(sb, 'release'), 'release');
  prefix = tempDir(sb, 'prefix');
  await run(npm, ['run', 'release', '--', '--no-sea', '--no-build', '--out', releaseDir], {
    cwd: ROOT,
    shell: process.platform === 'win32',
  });
  const tarball = join(releaseDir, `adcli-${pkg.version}.tgz`);
  expect(readdirSync(releaseDir).sort()).toEqual(['SHA256SUMS', `adcli-${pkg.version}.tgz`]);
  await run(
    npm,
    [
      'install',
      '--omit=dev',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--prefix',
      prefix,
      tarball,
    ],
    {
      cwd: prefix,
      env: { ...process.env, npm_config_update_notifier: 'false' },
      shell: process.platform === 'win32',
    },
  );
  installed = join(prefix, 'node_modules', 'adcli');
}, 180_000);

afterEach(() => killAll());
afterAll(() => cleanupAll());

describe('the packed package', () => {
  it("holds only files the package lists, and asks for no install script, its own or a dependency's", () => {
    const top = readdirSync(installed).sort();
    expect(top).toEqual(expect.arrayContaining(['bin', 'dist', 'package.json']));
    for (const f of top)
      expect(['bin', 'dist', 'completions', 'package.json', 'README.md', 'LICENSE']).toContain(f);
    // no source maps (they are 60% of dist/ as built) and no single executable
    const shipped = (readdirSync(join(installed, 'dist'), { recursive: true }) as string[]).map(
      (f) => f.replaceAll('\\', '/'),
    );
    expect(shipped).toContain('cli.js');
    expect(shipped).toContain('job-worker.js');
    expect(shipped.filter((f) => f.endsWith('.map') || f.startsWith('sea'))).toEqual([]);
    const own = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    expect(Object.keys(own.scripts ?? {}).filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
    const withScripts: string[] = [];
    const visit = (dir: string) => {
      if (!existsSync(dir)) return;
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.')) continue;
        if (name.startsWith('@')) {
          visit(join(dir, name));
          continue;
        }
        const manifest = join(dir, name, 'package.json');
        if (!existsSync(manifest)) continue;
        const m = JSON.parse(readFileSync(manifest, 'utf8')) as {
          scripts?: Record<string, string>;
          gypfile?: boolean;
        };
        if (['preinstall', 'install', 'postinstall'].some((s) => m.scripts?.[s]) || m.gypfile)
          withScripts.push(name);
        visit(join(dir, name, 'node_modules'));
      }
    };
    visit(join(prefix, 'node_modules'));
    expect(withScripts).toEqual([]);
  });
});

for (const [label, node] of nodes) {
  describe.skipIf(!node)(`the installed adcli on Node ${label}`, () => {
    const env = () => {
      const sb = sandbox();
      // `adcli` is the command npm linked; its `#!/usr/bin/env node` finds this Node first on the PATH.
      return { ...sb.env, PATH: `${dirname(node!)}${delimiter}${sb.env.PATH ?? ''}` };
    };
    const adcli = () =>
      join(prefix, 'node_modules', '.bin', process.platform === 'win32' ? 'adcli.cmd' : 'adcli');
    const exec = (args: string[], e = env()) =>
      run(adcli(), args, { env: e, shell: process.platform === 'win32' });

    it('--version, --help and campaigns list on the local profile', async () => {
      const e = env();
      const { stdout: version } = await run(node!, ['-p', 'process.versions.node'], { env: e });
      expect(version.trim()).toBe(
        node === process.execPath ? process.versions.node : label.replace('floor ', ''),
      );
      const [v, help, list] = await Promise.all([
        exec(['--version'], e),
        exec(['--help'], e),
        exec(['campaigns', 'list'], env()),
      ]);
      expect(v.stdout.trim()).toBe(pkg.version);
      expect(help.stdout).toMatch(/campaigns/);
      expect(list.stderr).toBe('');
      const rows = list.stdout.trim().split('\n');
      const ws = JSON.parse((await exec(['workspace', '--json'], e)).stdout) as {
        slug: string;
        counts: { campaigns: number };
      };
      expect(ws.slug).toBe('demo');
      expect(rows).toHaveLength(ws.counts.campaigns);
    }, 60_000);

    it('serve --memory --port 0 --json answers GET /workspace', async () => {
      const child = spawn(adcli(), ['serve', '--memory', '--port', '0', '--json'], {
        env: env(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const line = await new Promise<string>((resolve, reject) => {
          let out = '';
          let err = '';
          const timer = setTimeout(
            () => reject(new Error(`no line from serve in 20 s\n${out}${err}`)),
            20_000,
          );
          child.stderr.on('data', (d) => (err += d));
          child.stdout.on('data', (d) => {
            out += d;
            if (out.includes('\n')) {
              clearTimeout(timer);
              resolve(out.split('\n')[0]!);
            }
          });
          child.once('exit', (code) => reject(new Error(`serve exited (${code})\n${out}${err}`)));
        });
        const info = JSON.parse(line) as { baseUrl: string; apiKey: string };
        const res = await fetch(`${info.baseUrl}/workspace`, {
          headers: { authorization: `Bearer ${info.apiKey}` },
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { slug: string }).slug).toBe('default');
      } finally {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }, 60_000);

    it('mcp answers initialize over stdio', async () => {
      const child = spawn(adcli(), ['mcp'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
      try {
        const reply = await new Promise<{
          id: number;
          result: { serverInfo: { name: string }; protocolVersion: string };
        }>((resolve, reject) => {
          let out = '';
          let err = '';
          const timer = setTimeout(
            () => reject(new Error(`no answer from mcp in 20 s\n${out}${err}`)),
            20_000,
          );
          child.stderr.on('data', (d) => (err += d));
          child.stdout.on('data', (d) => {
            out += d;
            const nl = out.indexOf('\n');
            if (nl >= 0) {
              clearTimeout(timer);
              resolve(JSON.parse(out.slice(0, nl)));
            }
          });
          child.once('exit', (code) => reject(new Error(`mcp exited (${code})\n${out}${err}`)));
          child.stdin.write(
            `${JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: {
                protocolVersion: '2025-06-18',
                capabilities: {},
                clientInfo: { name: 'packed-install', version: '1' },
              },
            })}\n`,
          );
        });
        expect(reply.id).toBe(1);
        expect(reply.result.serverInfo.name).toMatch(/adcli/);
        expect(reply.result.protocolVersion).toBeTruthy();
      } finally {
        const exited = new Promise((r) => child.once('exit', r));
        child.stdin.end();
        child.kill('SIGTERM');
        await exited;
      }
    }, 60_000);
  });
}
