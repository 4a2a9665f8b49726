/**
 * `adcli serve` and `adcli serve keys …` as real processes (the built bundle, bin/adcli.js): the
 * start-up line, first-run workspace and key, the data dir, request logs, the rate limit, bad flags,
 * signals, key management beside a running server, and the Node version guard.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';
import {
  cleanupAll,
  http,
  killAll,
  runAdcli,
  sandbox,
  spawnAdcli,
  startServer,
  tempDir,
} from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterEach(killAll);
afterAll(cleanupAll);

/** The server's files that are not the key file: the db and its WAL/SHM companions. */
function storeBytes(dir: string): Buffer {
  return Buffer.concat(
    readdirSync(dir)
      .filter((f) => f.startsWith('adcli.db'))
      .map((f) => readFileSync(join(dir, f))),
  );
}

function expectOneLineMessage(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]!.length).toBeGreaterThan(0);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toMatch(/node:internal|\.ts:\d+|\.js:\d+/);
  return lines[0]!;
}

describe('adcli serve --json', () => {
  it('prints one JSON line, serves the API on the real port, and the OpenAPI document without auth', async () => {
    const sb = sandbox();
    const s = await startServer(['--memory'], { env: sb.env });
    const lines = s.stdout().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(Object.keys(JSON.parse(lines[0]!)).sort()).toEqual(['apiKey', 'baseUrl', 'workspace']);
    expect(s.info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(s.port).toBeGreaterThan(0);
    expect(s.info.apiKey).toMatch(/^adcli_/);
    expect(s.info.workspace).toBe('default');

    const ws = await s.api('GET', '/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body.slug).toBe('default');
    expect(ws.headers.get('x-request-id')).toBeTruthy();

    const unauth = await http(s.info.baseUrl, null, 'GET', '/workspace');
    expect(unauth.status).toBe(401);

    const doc = await http(s.info.baseUrl, null, 'GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain('/workspace');

    // --memory writes nothing anywhere.
    expect(existsSync(sb.dataDir)).toBe(false);
    expect((await s.stop('SIGTERM')).code).toBe(0);
  });

  it('--seed demo: workspace demo with campaigns and a shared library data store', async () => {
    const s = await startServer(['--memory', '--seed', 'demo', '--rate-limit', '0']);
    expect(s.info.workspace).toBe('demo');
    const ws = await s.api('GET', '/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body.slug).toBe('demo');
    expect(ws.body.counts.campaigns).toBeGreaterThanOrEqual(3);
    const stores = await s.api('GET', '/data-stores?includeLibrary=true');
    expect(stores.status).toBe(200);
    expect(stores.body.data.some((d: { scope: string }) => d.scope === 'library')).toBe(true);
    const own = await s.api('GET', '/data-stores');
    expect(own.body.data.every((d: { scope: string }) => d.scope === 'workspace')).toBe(true);
  });

  it('--seed demo on a data dir: a restart with the seed again keeps the key and adds nothing', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'demo');
    const args = ['--data', dir, '--seed', 'demo', '--quiet', '--rate-limit', '0'];
    const first = await startServer(args, { env: sb.env });
    expect(first.info.workspace).toBe('demo');
    const before = (await first.api('GET', '/workspace')).body.counts;
    await first.stop();
    const second = await startServer(args, { env: sb.env });
    expect(second.info).toMatchObject({ apiKey: first.info.apiKey, workspace: 'demo' });
    expect((await second.api('GET', '/workspace')).body.counts).toEqual(before);
  });

  it('binds 127.0.0.1 unless --host says otherwise', async () => {
    const s = await startServer(['--memory']);
    expect(new URL(s.info.baseUrl).hostname).toBe('127.0.0.1');
    // Reachable on the loopback address it names.
    expect((await s.api('GET', '/workspace')).status).toBe(200);
  });
});

describe('adcli serve with a data dir', () => {
  it('creates adcli.db and a 0600 local.key, keeps key, workspace and data across restarts, stores no key text', async () => {
    const sb = sandbox();
    const dir = join(tempDir(sb, 'store'), 'nested', 'data');
    const first = await startServer(['--data', dir, '--rate-limit', '0'], { env: sb.env });
    expect(first.info.workspace).toBe('default');
    expect(existsSync(join(dir, 'adcli.db'))).toBe(true);
    expect(statSync(join(dir, 'local.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'local.key'), 'utf8').trim()).toBe(first.info.apiKey);
    // The sandbox's ADCLI_DATA_DIR is not used when --data is given.
    expect(existsSync(sb.dataDir)).toBe(false);

    const brand = await first.api('POST', '/brands', {
      name: 'Northwind',
      website: 'https://northwind.example',
      description: 'Trail shoes',
    });
    expect(brand.status).toBe(201);
    expect((await first.stop('SIGTERM')).code).toBe(0);

    const second = await startServer(['--data', dir, '--rate-limit', '0'], { env: sb.env });
    expect(second.info).toMatchObject({ apiKey: first.info.apiKey, workspace: 'default' });
    const again = await second.api('GET', `/brands/${brand.body.id}`);
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('Northwind');
    expect(statSync(join(dir, 'local.key')).mode & 0o777).toBe(0o600);

    // Keys are hashed at rest: neither the db nor its WAL holds the key text.
    expect(storeBytes(dir).includes(Buffer.from(first.info.apiKey))).toBe(false);
    expect(storeBytes(dir).includes(Buffer.from(first.info.apiKey.slice('adcli_'.length)))).toBe(
      false,
    );
    expect((await second.stop('SIGTERM')).code).toBe(0);
    expect(storeBytes(dir).includes(Buffer.from(first.info.apiKey))).toBe(false);
  });

  it('a revoked or lost local key is replaced by a new all-scopes key on the next start', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'rekey');
    const args = ['--data', dir, '--quiet', '--rate-limit', '0'];
    const first = await startServer(args, { env: sb.env });
    const listed = JSON.parse(
      (await runCli(['serve', 'keys', 'list', '--json', '--data', dir], { env: sb.env })).stdout,
    );
    expect(listed).toHaveLength(1);
    const revoked = await runCli(['serve', 'keys', 'revoke', listed[0].id, '--data', dir], {
      env: sb.env,
    });
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await first.api('GET', '/workspace')).status).toBe(401);
    await first.stop();

    const second = await startServer(args, { env: sb.env });
    expect(second.info.apiKey).not.toBe(first.info.apiKey);
    expect(second.info.workspace).toBe('default');
    expect(readFileSync(join(dir, 'local.key'), 'utf8').trim()).toBe(second.info.apiKey);
    expect(statSync(join(dir, 'local.key')).mode & 0o777).toBe(0o600);
    const ws = await second.api('GET', '/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body.slug).toBe('default');
    await second.stop();

    rmSync(join(dir, 'local.key'));
    const third = await startServer(args, { env: sb.env });
    expect(third.info.apiKey).not.toBe(second.info.apiKey);
    expect(statSync(join(dir, 'local.key')).mode & 0o777).toBe(0o600);
    expect((await third.api('GET', '/workspace')).status).toBe(200);
    // No temporary key files are left behind.
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('without --data uses ADCLI_DATA_DIR, else the XDG data dir', async () => {
    const sb = sandbox();
    const a = await startServer([], { env: sb.env });
    expect(existsSync(join(sb.dataDir, 'adcli.db'))).toBe(true);
    expect(readFileSync(join(sb.dataDir, 'local.key'), 'utf8').trim()).toBe(a.info.apiKey);
    await a.stop();

    const { ADCLI_DATA_DIR: _, ...env } = sb.env;
    const b = await startServer([], { env });
    const xdg = join(sb.env.XDG_DATA_HOME!, 'adcli');
    expect(readFileSync(join(xdg, 'local.key'), 'utf8').trim()).toBe(b.info.apiKey);
    expect(b.info.apiKey).not.toBe(a.info.apiKey);
  });
});

describe('adcli serve output and logs', () => {
  it('prints human start-up text to stdout and one request line per request to stderr, never the key', async () => {
    const sb = sandbox();
    const p = spawnAdcli(['serve', '--port', '0'], { env: sb.env });
    const text = await p.waitForStdout((t) => /Ctrl-C/.test(t));
    const baseUrl = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(text)?.[1];
    expect(baseUrl).toBeTruthy();
    expect(text).toMatch(/workspace\s+default/);
    // not a terminal: the banner says where the key is, and not what it is
    const keyPath = join(sb.dataDir, 'local.key');
    expect(text).toContain(`API key    in ${keyPath} (not shown: not a terminal)`);
    const key = readFileSync(keyPath, 'utf8').trim();
    expect(text).not.toContain(key);

    const statuses: number[] = [];
    statuses.push((await http(baseUrl!, key, 'GET', '/workspace')).status);
    statuses.push((await http(baseUrl!, key, 'POST', '/campaigns', { name: 'Logged' })).status);
    statuses.push((await http(baseUrl!, 'adcli_' + 'x'.repeat(40), 'GET', '/workspace')).status);
    statuses.push((await http(baseUrl!, key, 'GET', '/nope')).status);
    expect(statuses).toEqual([200, 201, 401, 404]);

    const requestLines = () =>
      p
        .stderr()
        .split('\n')
        .filter((l) => /^\S+Z INFO  (GET|POST|PATCH|PUT|DELETE) \//.test(l));
    await until('the four request lines', () => requestLines().length >= 4, 5000, 20);
    expect(requestLines()).toHaveLength(4);
    expect(requestLines()[0]).toMatch(/^\S+Z INFO  GET \/api\/v1\/workspace 200 /);
    expect(p.stderr()).not.toContain(key);
    expect(p.stderr()).not.toContain('Bearer');
    // Start-up text is stdout only; stdout holds no request lines.
    expect(p.stdout()).not.toMatch(/GET \//);
    expect((await p.stop('SIGINT')).code).toBe(0);
  });

  it('--quiet logs no requests', async () => {
    const s = await startServer(['--memory', '--quiet']);
    for (let i = 0; i < 3; i++) expect((await s.api('GET', '/workspace')).status).toBe(200);
    // once it has stopped, all it would have written is there: nothing but its stop notice
    expect((await s.stop()).code).toBe(0);
    expect(s.stderr()).toBe('adcli serve: stopping\n');
  });
});

describe('adcli serve --rate-limit', () => {
  it('--rate-limit 2: the third request in a minute gets 429 with Retry-After', async () => {
    const s = await startServer(['--memory', '--quiet', '--rate-limit', '2']);
    expect((await s.api('GET', '/workspace')).status).toBe(200);
    expect((await s.api('GET', '/workspace')).status).toBe(200);
    const third = await s.api('GET', '/workspace');
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('rate_limited');
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('--rate-limit 0: no 429 over 200 requests', async () => {
    const s = await startServer(['--memory', '--quiet', '--rate-limit', '0']);
    // 10 at a time is plenty, and keeps the socket pool small
    const statuses: number[] = [];
    for (let batch = 0; batch < 20; batch++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async () => (await s.api('GET', '/workspace')).status),
        )),
      );
    expect(statuses.filter((x) => x !== 200)).toEqual([]);
  });
});

describe('adcli serve refuses bad input in one line', () => {
  it.each([
    [['--port', '70000'], /--port/],
    [['--rate-limit', '-1'], /--rate-limit/],
    [['--seed', 'nope'], /--seed/],
    [['--data', '/nonexistent/adcli-test'], /--memory.*--data|--data.*--memory/],
  ])('serve %j → exit 2', async (flags, mention) => {
    const r = await runAdcli(['serve', '--memory', ...flags]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(expectOneLineMessage(r.stderr)).toMatch(mention);
  });

  it('a port in use: exit 2 (usage) with one line naming the port and --port', async () => {
    const a = await startServer(['--memory', '--quiet']);
    const r = await runAdcli(['serve', '--memory', '--port', String(a.port)]);
    expect(r.code, r.stderr).toBe(2);
    expect(expectOneLineMessage(r.stderr)).toMatch(
      new RegExp(`port ${a.port} .*in use; pick another with --port`),
    );
    // The first server is unharmed.
    expect((await a.api('GET', '/workspace')).status).toBe(200);
  });
});

describe('adcli serve stops on signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s → exit 0 promptly, also with an open keep-alive connection',
    async (signal) => {
      const sb = sandbox();
      const s = await startServer(['--data', tempDir(sb, 'sig'), '--quiet'], { env: sb.env });
      expect((await s.api('GET', '/workspace')).status).toBe(200);
      const started = Date.now();
      const exit = await s.stop(signal, 5000);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(3000);
    },
  );
});

describe('adcli serve keys', () => {
  it('create, list and revoke beside a running server; scopes are enforced and revocation applies at once', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'keys');
    const s = await startServer(['--data', dir, '--quiet', '--rate-limit', '0'], { env: sb.env });

    const created = await runCli(
      [
        'serve',
        'keys',
        'create',
        '--workspace',
        'acme',
        '--scopes',
        'campaigns:read',
        '--json',
        '--data',
        dir,
      ],
      { env: sb.env },
    );
    expect(created.code, created.stderr).toBe(0);
    const rec = JSON.parse(created.stdout.trim());
    expect(rec).toMatchObject({ workspace: 'acme', scopes: ['campaigns:read'] });
    expect(rec.id).toMatch(/^[a-f0-9]{24}$/);
    expect(rec.key).toMatch(/^adcli_[A-Za-z0-9]{40}$/);

    // The server was started before the key existed.
    const ws = await http(s.info.baseUrl, rec.key, 'GET', '/workspace');
    expect(ws.status).toBe(200);
    expect(ws.body.slug).toBe('acme');
    const write = await http(s.info.baseUrl, rec.key, 'POST', '/campaigns', {
      name: 'Not allowed',
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('forbidden');

    const listed = await runCli(['serve', 'keys', 'list', '--json', '--data', dir], {
      env: sb.env,
    });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain(rec.key);
    expect(listed.stdout).not.toContain(s.info.apiKey);
    const keys = JSON.parse(listed.stdout);
    const mine = keys.find((k: { id: string }) => k.id === rec.id);
    expect(mine).toMatchObject({ workspace: 'acme', scopes: ['campaigns:read'], revokedAt: null });
    expect(mine.key).toBeUndefined();
    expect(keys.some((k: { workspace: string }) => k.workspace === 'default')).toBe(true);

    // The plain listing shows no key text either.
    const table = await runCli(['serve', 'keys', 'list', '--data', dir], { env: sb.env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(rec.id);
    expect(table.stdout).not.toContain(rec.key);

    const revoked = await runCli(['serve', 'keys', 'revoke', rec.id, '--data', dir], {
      env: sb.env,
    });
    expect(revoked.code, revoked.stderr).toBe(0);
    const after = await http(s.info.baseUrl, rec.key, 'GET', '/workspace');
    expect(after.status).toBe(401);
    // The server's own key still works, and the db never held the new key's text.
    expect((await s.api('GET', '/workspace')).status).toBe(200);
    expect(storeBytes(dir).includes(Buffer.from(rec.key))).toBe(false);

    const listedAgain = JSON.parse(
      (await runCli(['serve', 'keys', 'list', '--json', '--data', dir], { env: sb.env })).stdout,
    );
    expect(listedAgain.find((k: { id: string }) => k.id === rec.id).revokedAt).toBeTruthy();
  });

  it('refuses an unknown scope (exit 2, naming it) and an unknown key id (non-zero, plain message)', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'bad');
    const bad = await runCli(
      [
        'serve',
        'keys',
        'create',
        '--workspace',
        'acme',
        '--scopes',
        'campaigns:read,campaigns:delete',
        '--data',
        dir,
      ],
      {
        env: sb.env,
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(expectOneLineMessage(bad.stderr)).toContain('campaigns:delete');

    const unknown = await runCli(['serve', 'keys', 'revoke', 'f'.repeat(24), '--data', dir], {
      env: sb.env,
    });
    expect(unknown.code).not.toBe(0);
    expect(unknown.code).not.toBeNull();
    expect(expectOneLineMessage(unknown.stderr)).toContain('f'.repeat(24));
  });

  it('--customer-ids and --campaign-ids limits are stored and enforced', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'limits');
    const s = await startServer(['--data', dir, '--quiet', '--rate-limit', '0'], { env: sb.env });
    const createKey = async (...flags: string[]) => {
      const r = await runCli(
        ['serve', 'keys', 'create', '--workspace', 'default', '--json', '--data', dir, ...flags],
        { env: sb.env },
      );
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        id: string;
        key: string;
        customerIds: string[] | null;
        campaignIds: string[] | null;
      };
    };
    const c1 = await s.api('POST', '/campaigns', { name: 'One' });
    const c2 = await s.api('POST', '/campaigns', { name: 'Two' });
    expect([c1.status, c2.status]).toEqual([201, 201]);
    const account: string = c1.body.adsPlatform.customerId;
    expect(account).toMatch(/^\d{3}-\d{3}-\d{4}$/);

    const byCampaign = await createKey(
      '--scopes',
      'campaigns:read,campaigns:write',
      '--campaign-ids',
      c1.body.id,
    );
    const inAccount = await createKey(
      '--scopes',
      'campaigns:read,campaigns:write',
      '--customer-ids',
      account,
    );
    const otherAccount = await createKey(
      '--scopes',
      'campaigns:read,campaigns:write',
      '--customer-ids',
      '111-222-3333',
    );

    const listed = JSON.parse(
      (await runCli(['serve', 'keys', 'list', '--json', '--data', dir], { env: sb.env })).stdout,
    );
    const find = (id: string) => listed.find((k: { id: string }) => k.id === id);
    expect(find(byCampaign.id)).toMatchObject({ campaignIds: [c1.body.id], customerIds: null });
    expect(find(inAccount.id).customerIds.map((c: string) => c.replace(/-/g, ''))).toEqual([
      account.replace(/-/g, ''),
    ]);
    expect(find(otherAccount.id).customerIds.map((c: string) => c.replace(/-/g, ''))).toEqual([
      '1112223333',
    ]);

    const as = (key: string, method: string, path: string, body?: unknown) =>
      http(s.info.baseUrl, key, method, path, body);
    expect((await as(byCampaign.key, 'GET', `/campaigns/${c1.body.id}`)).status).toBe(200);
    expect((await as(byCampaign.key, 'GET', `/campaigns/${c2.body.id}`)).status).toBe(403);
    expect(
      (await as(byCampaign.key, 'PATCH', `/campaigns/${c2.body.id}`, { name: 'x' })).status,
    ).toBe(403);
    expect((await as(byCampaign.key, 'POST', '/campaigns', { name: 'x' })).status).toBe(403);
    const seen = await as(byCampaign.key, 'GET', '/campaigns');
    expect(seen.body.data.map((c: { id: string }) => c.id)).toEqual([c1.body.id]);

    expect((await as(inAccount.key, 'GET', `/campaigns/${c2.body.id}`)).status).toBe(200);
    expect((await as(inAccount.key, 'POST', '/campaigns', { name: 'Three' })).status).toBe(201);
    expect((await as(otherAccount.key, 'GET', `/campaigns/${c1.body.id}`)).status).toBe(403);
    expect((await as(otherAccount.key, 'POST', '/campaigns', { name: 'x' })).status).toBe(403);
    expect((await as(otherAccount.key, 'GET', '/campaigns')).body.data).toEqual([]);
  });
});

describe('Node version guard', () => {
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((bin) => {
    try {
      const v = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
      const [major, minor, patch] = v.replace(/^v/, '').split('.').map(Number) as number[];
      return !(
        (major === 22 && (minor! > 22 || (minor === 22 && patch! >= 2))) ||
        (major === 24 && minor! >= 15) ||
        major! >= 26
      );
    } catch {
      return false;
    }
  });

  it.skipIf(!oldNode)('an old Node gets exit 1 and one line naming 22.22.2', async () => {
    const r = await runAdcli(['--version'], { node: oldNode });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(expectOneLineMessage(r.stderr)).toContain('22.22.2');
  });

  it('the current Node runs bin/adcli.js', async () => {
    const r = await runAdcli(['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
