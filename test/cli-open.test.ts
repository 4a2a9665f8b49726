/**
 * `adcli campaigns open ID`, `campaigns get ID --web` and `adcli backend console`, in-process
 * (test/helpers/cli.ts): against adcli serve's app listening on a port, on the local profile, and
 * against a deployment that is not adcli serve. No browser is ever opened: without a terminal the
 * URL is printed; on a (test) terminal BROWSER names a script that only writes down what it was given.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../server/app/backend.ts';
import { listen } from '../server/http/listen.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { runSeed } from '../server/seed/index.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { EXIT } from '../src/lib/errors.ts';
import { browserCommand } from '../src/lib/browser.ts';
import { runCli } from './helpers/cli.ts';
import { removeSandboxes, sandbox, tempDir } from './helpers/sandbox.ts';
import { until } from './helpers/wait.ts';

afterAll(removeSandboxes);

const LINK = /^http:\/\/127\.0\.0\.1:\d+\/app\/login\?token=[\w-]{43}$/;

/** Follows a login link as a browser would (opened directly: Sec-Fetch-Site none): the session cookie, then the page it leads to. */
async function follow(link: string): Promise<{ status: number; html: string; path: string }> {
  const login = await fetch(link, { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } });
  expect(login.status).toBe(303);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const page = new URL(login.headers.get('location')!, link);
  const res = await fetch(page, { headers: { cookie } });
  return { status: res.status, html: await res.text(), path: page.pathname };
}

/** Waits until a file exists (what a started browser command writes). */
async function fileOf(path: string): Promise<string> {
  await until(`the file ${path}`, () => existsSync(path), 30_000, 20);
  return readFileSync(path, 'utf8');
}

describe('against adcli serve', () => {
  let backend: Backend;
  let server: Server;
  let env: NodeJS.ProcessEnv;
  let campaign: { id: string; name: string };

  beforeAll(async () => {
    backend = createBackend({ store: SqliteStore.memory(), rateLimit: 0 });
    const ws = (await runSeed(backend.services, 'demo')).workspaceId;
    const key = await backend.store.write(
      async () => (await backend.services.keys.create(ws, { scopes: SCOPES })).key,
    );
    const listening = await listen(backend.app, '127.0.0.1', 0);
    server = listening.server;
    env = {
      ...sandbox().env,
      ADCLI_BASE_URL: `http://127.0.0.1:${listening.address.port}/api/v1`,
      ADCLI_API_KEY: key,
    };
    const r = await runCli(['campaigns', 'list', '--json'], { env });
    campaign = JSON.parse(r.stdout)[0];
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await backend.store.close();
  });

  it('campaigns open prints a one-time login link when stdout is not a terminal; it opens the campaign page', async () => {
    const r = await runCli(['campaigns', 'open', campaign.id], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(LINK);
    expect(r.stdout).not.toContain(env.ADCLI_API_KEY!);
    const page = await follow(r.stdout.trim());
    expect(page.path).toBe(`/app/campaigns/${campaign.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${campaign.name.replace(/&/g, '&amp;')}`);
  });

  it('campaigns get --web does the same', async () => {
    const r = await runCli(['campaigns', 'get', campaign.id, '--web'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect((await follow(r.stdout.trim())).path).toBe(`/app/campaigns/${campaign.id}`);
  });

  it('backend console opens the console', async () => {
    const r = await runCli(['backend', 'console'], { env });
    expect(r.code, r.stderr).toBe(0);
    const page = await follow(r.stdout.trim());
    expect(page.path).toBe('/app/');
    expect(page.html).toContain('<h1>Workspace demo</h1>');
  });

  it('on a terminal, starts the BROWSER command with the link and says which page it opens', async () => {
    const dir = tempDir(sandbox(), 'browser');
    const script = join(dir, 'browser.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nprintf '%s' "$1" > "${dir}/opened.tmp" && mv "${dir}/opened.tmp" "${dir}/opened"\n`,
    );
    chmodSync(script, 0o755);
    const { CI: _ci, ...terminal } = env;
    const r = await runCli(['campaigns', 'open', campaign.id], {
      env: { ...terminal, BROWSER: script },
      tty: true,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(
        `^Opening http://127\\.0\\.0\\.1:\\d+/app/campaigns/${campaign.id} in your browser\\.\\n$`,
      ),
    );
    const opened = await fileOf(join(dir, 'opened'));
    expect(opened).toMatch(LINK);
    expect((await follow(opened)).status).toBe(200);

    // --no-browser, and a BROWSER that cannot start: the link is printed
    const printed = await runCli(['campaigns', 'open', campaign.id, '--no-browser'], {
      env: { ...terminal, BROWSER: script },
      tty: true,
    });
    expect(printed.stdout.trim()).toMatch(LINK);
    const broken = await runCli(['campaigns', 'open', campaign.id], {
      env: { ...terminal, BROWSER: join(dir, 'no-such-browser') },
      tty: true,
    });
    expect(broken.code).toBe(0);
    expect(broken.stdout.trim()).toMatch(LINK);
    expect(broken.stderr).toMatch(
      /^Could not start a browser \(.*no-such-browser: not found\); open this link in a browser\. It works once, until \d{4}-/,
    );
  });

  it('says what is wrong with the id before opening anything', async () => {
    const missing = await runCli(['campaigns', 'open', 'f'.repeat(24)], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(`no campaign ${'f'.repeat(24)}`);
    expect(missing.stdout).toBe('');
    const malformed = await runCli(['campaigns', 'open', 'nope'], { env });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('campaignId');
  });
});

describe('on the local profile', () => {
  it('says the pages need adcli serve, and exits 6 (configuration: nothing was refused)', async () => {
    const env = sandbox().env;
    const r = await runCli(['campaigns', 'open', 'a'.repeat(24)], { env });
    expect(r.code).toBe(EXIT.config);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /The campaign page is served by adcli serve, and the local profile runs the backend inside each adcli command, with no web server to open/,
    );
    const c = await runCli(['backend', 'console'], { env });
    expect(c.code).toBe(EXIT.config);
    expect(c.stderr).toContain('The console is served by adcli serve');
  });

  for (const columns of [60, 80]) {
    it(`campaigns get at ${columns} columns: no dead localhost link, but how to see the page; --json keeps the record`, async () => {
      const env = sandbox().env;
      const made = await runCli(['campaigns', 'create', '--name', 'Local page', '--json'], { env });
      const c = JSON.parse(made.stdout);
      const r = await runCli(['campaigns', 'get', c.id], { env, tty: true, columns });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain('http://localhost');
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(
        `URL none on the local profile: run adcli serve on this data, then adcli campaigns open ${c.id}`,
      );
      // every line fits, but a suggested command, kept whole on its own line
      for (const l of r.stdout.split('\n'))
        if (!/^ +adcli /.test(l)) expect(l.length, l).toBeLessThanOrEqual(columns);
      const piped = await runCli(['campaigns', 'get', c.id], { env });
      expect(piped.stdout).toContain('URL\tnone on the local profile');
      const j = await runCli(['campaigns', 'get', c.id, '--json'], { env });
      expect(JSON.parse(j.stdout).url).toBe(c.url);
    });
  }
});

describe('against a deployment that is not adcli serve', () => {
  let other: HttpServer;
  let env: NodeJS.ProcessEnv;
  const id = 'c'.repeat(24);

  beforeAll(async () => {
    // It knows one campaign, whose url is its own application's page; it has no /_adcli/v1.
    other = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === `/api/v1/campaigns/${id}`) {
        res.end(
          JSON.stringify({
            id,
            name: 'Elsewhere',
            url: `https://ads.example.com/app/campaigns/${id}`,
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(
        JSON.stringify({ error: { code: 'not_found', message: 'no such route', requestId: 'r' } }),
      );
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    env = {
      ...sandbox().env,
      ADCLI_BASE_URL: `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/v1`,
      ADCLI_API_KEY: 'someone-elses-key',
    };
  });
  afterAll(() => new Promise((r) => other.close(r)));

  it("opens a campaign at its record's url, and has no console", async () => {
    const r = await runCli(['campaigns', 'open', id], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`https://ads.example.com/app/campaigns/${id}\n`);
    const c = await runCli(['backend', 'console'], { env });
    expect(c.code).toBe(EXIT.refused);
    expect(c.stderr).toMatch(/is not adcli serve: the console exists only in adcli serve/);
  });
});

describe('the browser command', () => {
  it('is BROWSER when set, else the platform opener; none on a Linux without a display', () => {
    expect(browserCommand({ BROWSER: 'firefox --new-window' }, 'http://x/')).toEqual([
      'firefox',
      '--new-window',
      'http://x/',
    ]);
    expect(browserCommand({}, 'http://x/', 'darwin')).toEqual(['open', 'http://x/']);
    expect(browserCommand({}, 'http://x/', 'win32')).toEqual([
      'rundll32',
      'url.dll,FileProtocolHandler',
      'http://x/',
    ]);
    expect(browserCommand({ DISPLAY: ':0' }, 'http://x/', 'linux')).toEqual([
      'xdg-open',
      'http://x/',
    ]);
    expect(browserCommand({}, 'http://x/', 'linux')).toBeNull();
  });
});
