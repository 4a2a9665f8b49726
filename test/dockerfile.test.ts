/**
 * The Dockerfile (`adcli serve` for CI services and replicas) cannot drift from the CLI: its last
 * stage is read (RUN, COPY, USER, ENV, VOLUME, EXPOSE, ENTRYPOINT, CMD, HEALTHCHECK) and its commands
 * are run against the single executable it copies in, as the image would run them: with the image's
 * environment, the volume as the data dir, and a PATH with no node (what a Debian image has: sh,
 * bash, cat, head, grep, and adcli). The health check asks /readyz with no key: it fails before the
 * server listens, passes once it does (a replica without the key file too), and SIGTERM (docker
 * stop) stops the server cleanly. Where a container engine answers (docker or podman), the image is
 * also built and run; elsewhere that test is skipped.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { buildSea, seaBinary } from '../scripts/sea.mjs';
import { SERVE_SETTINGS } from '../src/lib/serve-settings.ts';
import {
  ROOT,
  cleanupAll,
  http,
  killAll,
  sandbox,
  spawnAdcli,
  toolDir,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';

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
/** The image's ENTRYPOINT after its init (tini), which this machine need not have. */
const INIT = ['/usr/bin/tini', '--'];
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
  });

  it('runs adcli under tini, in exec form, so the SIGTERM of docker stop reaches it and orphans are reaped', () => {
    expect(execForm(one('ENTRYPOINT'))).toEqual([...INIT, 'adcli']);
    const installs = image.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(installs.some((r) => /apt-get install .*\btini\b/.test(r))).toBe(true);
  });

  it('runs as a user who is not root, with the data dir on a volume, and serves on the exposed port of every interface', () => {
    const user = one('USER');
    expect(['root', '0']).not.toContain(user.split(':')[0]);
    const runs = image.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs.some((r) => new RegExp(`useradd .*\\b${user}$|useradd .* ${user} `).test(r))).toBe(
      true,
    );
    const env = imageEnv();
    expect(env.ADCLI_DATA_DIR).toBeTruthy();
    expect(execForm(one('VOLUME'))).toEqual([env.ADCLI_DATA_DIR]);
    expect(execForm(one('CMD'))).toEqual(['serve']);
    // the settings are variables serve reads, so `docker run -e` changes them
    expect(env.ADCLI_HOST).toBe('0.0.0.0');
    expect(env.ADCLI_PORT).toBe(one('EXPOSE'));
    const known = SERVE_SETTINGS.map((s) => s.env);
    for (const name of Object.keys(env)) expect(known, name).toContain(name);
  });

  it('its ENTRYPOINT and CMD start the server; its keyless HEALTHCHECK on /readyz fails before and passes once it listens; docker stop ends it', async () => {
    const sb = sandbox();
    const port = String(await freePort());
    // The image's environment (its port made free here), its volume being this sandbox's data dir
    // and its PATH that of a Debian image where adcli is the single executable (no node, no curl).
    const env: NodeJS.ProcessEnv = {
      ...sb.env,
      ...imageEnv(),
      ADCLI_DATA_DIR: sb.dataDir,
      ADCLI_PORT: port,
      PATH: toolDir(sb, ['sh', 'bash', 'cat', 'head', 'grep', { adcli: exe }]),
    };
    for (const k of Object.keys(env)) if (k.startsWith('npm_')) delete env[k];
    await expect(
      run('sh', ['-c', 'command -v node || command -v curl'], { env }),
    ).rejects.toMatchObject({
      code: expect.any(Number),
    });

    const health = execForm(/^(?:--\S+\s+)*CMD\s+(.*)$/s.exec(one('HEALTHCHECK'))![1]!);
    // no key, no second adcli: a probe any replica can make
    expect(health.join(' ')).not.toMatch(/local\.key|API_KEY|adcli/);
    expect(health.join(' ')).toContain('/readyz');
    const [shell, ...shellArgs] = health;
    const probe = () => run(shell!, shellArgs, { env, timeout: 5_000 });
    await expect(probe()).rejects.toMatchObject({ code: expect.any(Number) });

    const entry = execForm(one('ENTRYPOINT'));
    expect(entry.slice(0, INIT.length)).toEqual(INIT);
    const [adcli, ...entryArgs] = entry.slice(INIT.length);
    expect(adcli).toBe('adcli');
    const server = spawnAdcli([...entryArgs, ...execForm(one('CMD'))], { exe, env });
    await server.waitForStdout((t) => t.includes('the API is listening on'));
    // The deliberate non-loopback host, said once on start (on stderr, into the container's log).
    expect(server.stderr()).toContain(
      'adcli serve: listening on 0.0.0.0, so other machines can reach this API; keep its keys private.',
    );
    expect(server.stdout()).toContain(`http://127.0.0.1:${port}/api/v1`);
    const keyFile = join(sb.dataDir, 'local.key');
    const key = readFileSync(keyFile, 'utf8').trim();
    // the container's log (stdout and stderr) never holds the key
    expect(server.stdout() + server.stderr()).not.toContain(key);

    await expect(probe()).resolves.toMatchObject({ stderr: '' });
    // a replica that never had the key file is as healthy
    rmSync(keyFile);
    await expect(probe()).resolves.toMatchObject({ stderr: '' });
    // the probe is logged at debug only: nothing at the default level
    const api = await http(`http://127.0.0.1:${port}/api/v1`, key, 'GET', '/workspace');
    expect(api.status).toBe(200);
    await server.waitForStderr((t) => t.includes('GET /api/v1/workspace 200'));
    expect(server.stderr()).not.toContain('/readyz');

    const exit = await server.stop('SIGTERM');
    expect(exit.code).toBe(0);
    await expect(probe()).rejects.toMatchObject({ code: expect.any(Number) });
  }, 60_000);
});

/**
 * A container engine here that can build the image (docker with its daemon, or podman), if any: it
 * answers, and has the base images of the Dockerfile or can pull them.
 */
const bases = instructions.filter((i) => i.op === 'FROM').map((i) => i.args.split(/\s+/)[0]!);
const engine = ['podman', 'docker'].find(
  (e) =>
    spawnSync(e, ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0 &&
    bases.every(
      (b) =>
        spawnSync(e, ['image', 'inspect', b], { stdio: 'ignore' }).status === 0 ||
        spawnSync(e, ['pull', b], { stdio: 'ignore', timeout: 300_000 }).status === 0,
    ),
);

describe.skipIf(!engine)(
  'the image, built and run (skipped: no container engine here with its base images)',
  () => {
    it(
      'builds; runs as a user who is not root under tini; turns healthy with no key; keeps the key out of its log; stops on SIGTERM with 0',
      async () => {
        const e = engine!;
        const tag = `adcli-test:${process.pid}`;
        const name = `adcli-test-${process.pid}`;
        const big = { maxBuffer: 64 * 1024 * 1024 };
        const out = async (...args: string[]) => (await run(e, args, big)).stdout.trim();
        try {
          await run(e, ['build', '-t', tag, ROOT], { ...big, timeout: 15 * 60_000 });
          await out('run', '-d', '--name', name, '-p', '127.0.0.1::4010', tag);
          const published = await out('port', name, '4010/tcp');
          const port = Number(/:(\d+)\s*$/m.exec(published)![1]);
          await until(
            'the container to be ready',
            () =>
              http(`http://127.0.0.1:${port}`, null, 'GET', '/readyz').then(
                (r) => r.status === 200,
                () => false,
              ),
            60_000,
            250,
          );
          // the HEALTHCHECK itself, as the engine runs it
          if (e === 'podman') await out('healthcheck', 'run', name);
          else
            await until(
              'the engine to call the container healthy',
              async () =>
                (await out('inspect', '--format', '{{.State.Health.Status}}', name)) === 'healthy',
              120_000,
              1000,
            );
          expect(await out('exec', name, 'id', '-u')).not.toBe('0');
          expect(await out('exec', name, 'cat', '/proc/1/cmdline')).toContain('tini');
          const key = await out('exec', name, 'cat', '/data/local.key');
          expect(key).toMatch(/^adcli_/);
          const api = await http(`http://127.0.0.1:${port}/api/v1`, key, 'GET', '/workspace');
          expect(api.status).toBe(200);
          await out('stop', '-t', '10', name);
          expect(await out('inspect', '--format', '{{.State.ExitCode}}', name)).toBe('0');
          const logs = await run(e, ['logs', name], big);
          expect(logs.stdout + logs.stderr).toContain('GET /api/v1/workspace 200');
          expect(logs.stdout + logs.stderr).not.toContain(key);
        } finally {
          spawnSync(e, ['rm', '-f', name], { stdio: 'ignore' });
          spawnSync(e, ['rmi', '-f', tag], { stdio: 'ignore' });
        }
      },
      20 * 60_000,
    );
  },
);
