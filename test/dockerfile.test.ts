/**
 * The Dockerfile (`adcli serve` for CI services) cannot drift from the CLI: its last stage is read
 * (COPY, USER, ENV, VOLUME, EXPOSE, ENTRYPOINT, CMD, HEALTHCHECK) and its commands are run against
 * the single executable it copies in, as the image would run them: with the image's environment, the
 * volume as the data dir, and a PATH with no node (sh and cat, which a Debian image has, and adcli).
 * The health check fails before the server listens and passes once it does; SIGTERM (docker stop)
 * stops the server cleanly. No container runtime is needed (none can build images on the machines
 * this project runs on; see docs/ci.md).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { buildSea, seaBinary } from '../scripts/sea.mjs';
import { ROOT, cleanupAll, killAll, sandbox, spawnAdcli, toolDir } from './helpers/process.ts';

const run = promisify(execFile);
const exe: string = seaBinary;

interface Instruction {
  op: string;
  args: string;
}

/** The instructions of a Dockerfile, comments dropped and continued lines joined. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      current += line.slice(0, -1) + ' ';
      continue;
    }
    current += line;
    const m = /^\s*([A-Za-z]+)\s+(.*)$/s.exec(current.trim());
    if (m) out.push({ op: m[1]!.toUpperCase(), args: m[2]!.trim() });
    current = '';
  }
  return out;
}

/** A JSON-array (exec form) argument list. */
const execForm = (args: string): string[] => {
  const parsed = JSON.parse(args) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string'))
    throw new Error(`not an exec form: ${args}`);
  return parsed as string[];
};

const instructions = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const stageStarts = instructions.flatMap((ins, i) => (ins.op === 'FROM' ? [i] : []));
const buildStage = instructions.slice(stageStarts[0], stageStarts.at(-1));
const image = instructions.slice(stageStarts.at(-1));
const one = (op: string): string => {
  const found = image.filter((i) => i.op === op);
  expect(found, `the image's ${op}`).toHaveLength(1);
  return found[0]!.args;
};
const imageEnv = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const ins of image.filter((i) => i.op === 'ENV')) {
    for (const m of ins.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g))
      env[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1');
  }
  return env;
};

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

beforeAll(async () => {
  if (!existsSync(exe)) await buildSea();
}, 180_000);

afterEach(() => killAll());
afterAll(() => cleanupAll());

describe('the Dockerfile', () => {
  it('builds the single executable in its first stage and copies it onto the PATH of the image', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const runs = buildStage.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs).toContain('npm ci --no-audit --no-fund');
    expect(runs.at(-1)).toBe('npm run sea');
    expect(pkg.scripts.sea).toBeTruthy();
    const stage = /\bAS\s+(\S+)/i.exec(buildStage[0]!.args)![1];
    const copy = one('COPY').split(/\s+/);
    expect(copy).toEqual([
      `--from=${stage}`,
      `/src/${seaBinary
        .slice(ROOT.length)
        .replace(/^[\\/]/, '')
        .replace(/\\/g, '/')}`,
      '/usr/local/bin/adcli',
    ]);
    expect(buildStage.find((i) => i.op === 'WORKDIR')?.args).toBe('/src');
    expect(execForm(one('ENTRYPOINT'))).toEqual(['adcli']);
  });

  it('runs as a user who is not root, with the data dir on a volume, and serves on the exposed port of every interface', () => {
    const user = one('USER');
    expect(['root', '0']).not.toContain(user.split(':')[0]);
    expect(image.find((i) => i.op === 'RUN')?.args).toMatch(
      new RegExp(`useradd .*\\b${user}$|useradd .* ${user} `),
    );
    const env = imageEnv();
    expect(env.ADCLI_DATA_DIR).toBeTruthy();
    expect(execForm(one('VOLUME'))).toEqual([env.ADCLI_DATA_DIR]);
    const cmd = execForm(one('CMD'));
    expect(cmd[0]).toBe('serve');
    expect(cmd[cmd.indexOf('--host') + 1]).toBe('0.0.0.0');
    expect(cmd[cmd.indexOf('--port') + 1]).toBe(one('EXPOSE'));
  });

  it('its ENTRYPOINT and CMD start the server; its HEALTHCHECK fails before and passes once it listens; docker stop ends it', async () => {
    const sb = sandbox();
    const exposed = one('EXPOSE');
    const port = String(await freePort());
    // The image's environment, its volume being this sandbox's data dir and its PATH that of a Debian
    // image where adcli is the single executable (no node).
    const env: NodeJS.ProcessEnv = {
      ...sb.env,
      ...imageEnv(),
      ADCLI_DATA_DIR: sb.dataDir,
      PATH: toolDir(sb, ['sh', 'cat', { adcli: exe }]),
    };
    for (const k of Object.keys(env)) if (k.startsWith('npm_')) delete env[k];
    await expect(run('sh', ['-c', 'command -v node'], { env })).rejects.toMatchObject({
      code: expect.any(Number),
    });

    const health = /^(?:--\S+\s+)*CMD\s+(.*)$/s.exec(one('HEALTHCHECK'))![1]!;
    expect(health).toContain(`:${exposed}/`);
    const probe = () =>
      run('sh', ['-c', health.split(`:${exposed}/`).join(`:${port}/`)], { env, timeout: 20_000 });
    await expect(probe()).rejects.toMatchObject({ code: expect.any(Number) });

    const [entry, ...entryArgs] = execForm(one('ENTRYPOINT'));
    expect(entry).toBe('adcli');
    const cmd = execForm(one('CMD'));
    cmd[cmd.indexOf('--port') + 1] = port;
    const server = spawnAdcli([...entryArgs, ...cmd], { exe, env });
    await server.waitForStdout((t) => t.includes('the API is listening on'));
    // The deliberate non-loopback host, said once on start (on stderr, into the container's log).
    expect(server.stderr()).toContain(
      'adcli serve: listening on 0.0.0.0, so other machines can reach this API; keep its keys private.',
    );
    expect(existsSync(join(sb.dataDir, 'local.key'))).toBe(true);

    await expect(probe()).resolves.toMatchObject({ stderr: '' });
    await server.waitForStderr((t) => /GET \/api\/v1\/workspace\b.*\b200\b/.test(t));

    const exit = await server.stop('SIGTERM');
    expect(exit.code).toBe(0);
    await expect(probe()).rejects.toMatchObject({ code: expect.any(Number) });
  }, 60_000);
});
