/**
 * The single executable (`npm run sea`, scripts/sea.mjs): dist/sea/adcli runs with no Node on the
 * PATH at all (its PATH holds sh, which and the executable itself, nothing else) and a sandboxed home:
 * --version, the local profile (campaigns list, --jq through jq's wasm, targeting generated in-process
 * with the generator's bundled libraries), `serve --memory --port 0 --json`, `serve --exec` whose
 * command drives the server with the same executable while a job worker thread (started from the
 * executable's asset) generates targeting, and `mcp` answering `initialize` over stdio.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { buildSea, seaBinary } from '../scripts/sea.mjs';
import { operations } from '../server/operations/index.ts';
import {
  ROOT,
  cleanupAll,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  toolDir,
} from './helpers/process.ts';

const run = promisify(execFile);
const exe: string = seaBinary;
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

/** A sandbox whose PATH has no node: sh and which for the checks and --exec, and adcli, the executable. */
function nodeless(): NodeJS.ProcessEnv {
  const sb = sandbox();
  const env: NodeJS.ProcessEnv = { ...sb.env, PATH: toolDir(sb, ['sh', 'which', { adcli: exe }]) };
  // npm's variables name the Node that runs npm; nothing of it may reach the executable.
  for (const k of Object.keys(env)) if (k.startsWith('npm_')) delete env[k];
  return env;
}

type Targeting = { audiences: { status: string; items: { section: string }[] }[] };
const sections = (t: Targeting) =>
  new Set(t.audiences.flatMap((a) => a.items.map((i) => i.section)));

beforeAll(async () => {
  // Built from the sources as they are now, once for this file (about ten seconds); a failure
  // throws with esbuild's messages, which stay off the test run's output otherwise.
  await buildSea({ quiet: true });
}, 180_000);

afterEach(() => killAll());
afterAll(() => cleanupAll());

describe('the single executable, with no Node on the PATH', () => {
  it('is one file in dist/sea, and the PATH it runs with finds no node', async () => {
    expect(statSync(exe).isFile()).toBe(true);
    const env = nodeless();
    await expect(run('sh', ['-c', 'which node'], { env })).rejects.toMatchObject({
      code: expect.any(Number),
    });
    await expect(run('sh', ['-c', 'command -v node'], { env })).rejects.toMatchObject({
      code: expect.any(Number),
    });
    expect((await run('sh', ['-c', 'command -v adcli'], { env })).stdout.trim()).toMatch(
      /[\\/]adcli$/,
    );
  });

  it('stays out of the npm package, though it sits in dist/', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await run(npm, ['pack', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: ROOT,
      shell: process.platform === 'win32',
    });
    const files = (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map(
      (f) => f.path,
    );
    expect(files).toContain('dist/cli.js');
    expect(files.filter((f) => f.startsWith('dist/sea'))).toEqual([]);
  });

  it('--version', async () => {
    const r = await runAdcli(['--version'], { exe, env: nodeless() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });

  it('the local profile: campaigns list, --jq, and targeting generated with the bundled libraries', async () => {
    const env = nodeless();
    const ws = await runAdcli(['workspace', '--json'], { exe, env });
    expect(ws.code, ws.stderr).toBe(0);
    const workspace = JSON.parse(ws.stdout) as { slug: string; counts: { campaigns: number } };
    expect(workspace.slug).toBe('demo');

    const list = await runAdcli(['campaigns', 'list'], { exe, env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stderr).toBe('');
    expect(list.stdout.trim().split('\n')).toHaveLength(workspace.counts.campaigns);

    const id = await runAdcli(['campaigns', 'list', '--jq', '.[0].id'], { exe, env });
    expect(id.code, id.stderr).toBe(0);
    const campaign = id.stdout.trim();
    expect(campaign).toMatch(/^[0-9a-f]{24}$/);

    // Generation runs the generator in this process: public suffixes (tldts), language detection
    // (franc-min) and stopword lists, which the npm package loads from node_modules.
    const generated = await runAdcli(['targeting', 'generate', campaign, '--wait', '--json'], {
      exe,
      env,
      timeoutMs: 60_000,
    });
    expect(generated.code, generated.stderr).toBe(0);
    const targeting = JSON.parse(generated.stdout) as Targeting;
    expect(targeting.audiences.map((a) => a.status)).toContain('ready');
    expect([...sections(targeting)]).toEqual(expect.arrayContaining(['keywords', 'websites']));
  }, 90_000);

  it('serve --memory --port 0 --json answers an authenticated request and stops on SIGTERM', async () => {
    const server = await startServer(['--memory'], { exe, env: nodeless() });
    const ws = await server.api('GET', '/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body.slug).toBe(server.info.workspace);
    expect(
      (await server.api('GET', '/workspace', undefined, { authorization: 'Bearer nope' })).status,
    ).toBe(401);
    const exit = await server.stop('SIGTERM');
    expect(exit.code).toBe(0);
  });

  it('serve --exec: the command drives the server with the same executable, and a job worker thread generates targeting', async () => {
    const script = [
      'set -e',
      'CAMPAIGN=$(adcli campaigns list --jq ".[0].id")',
      'adcli targeting generate "$CAMPAIGN" --wait --json',
      'exit 3',
    ].join('\n');
    const r = await runAdcli(
      [
        'serve',
        '--memory',
        '--seed',
        'demo',
        '--job-delay',
        '0',
        '--workers',
        '1',
        '--exec',
        script,
      ],
      {
        exe,
        env: nodeless(),
        timeoutMs: 60_000,
      },
    );
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /^adcli serve: the API is listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(workspace demo\); running: /,
    );
    expect(r.stderr).not.toMatch(/job worker \d+ stopped unexpectedly/);
    const targeting = JSON.parse(r.stdout) as Targeting;
    expect(targeting.audiences.map((a) => a.status)).toContain('ready');
    expect([...sections(targeting)]).toEqual(expect.arrayContaining(['keywords', 'websites']));
  }, 90_000);

  it('mcp answers initialize over stdio and lists every operation as a tool', async () => {
    const env = nodeless();
    const transport = new StdioClientTransport({
      command: exe,
      args: ['mcp'],
      env: env as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'adcli-sea-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({
        name: expect.stringMatching(/adcli/),
        version,
      });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(operations.map((o) => o.name).sort());
      const ws = await client.callTool({ name: 'get_workspace', arguments: {} });
      expect(ws.isError).toBeFalsy();
      expect(ws.structuredContent).toBeUndefined();
      const [first] = ws.content as { type: string; text: string }[];
      expect((JSON.parse(first!.text) as { slug: string }).slug).toBe('demo');
    } finally {
      await client.close();
    }
  });
});
