// @store sqlite
/**
 * `adcli serve --proxy URL` as a process: /api/v1 goes to the deployment (a stand-in that drifts
 * from the contract on purpose, test/helpers/drifting-upstream.ts) and each answer that breaks the
 * contract carries Adcli-Contract-Violations and a warning on stderr naming the field, never the
 * key; the controls stay the server's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driftingUpstream, type DriftingUpstream } from './helpers/drifting-upstream.ts';
import { cleanupAll, http, runAdcli, startServer, type Server } from './helpers/process.ts';

let upstream: DriftingUpstream;
let server: Server;
const KEY = 'adk_' + 'a'.repeat(40);

beforeAll(async () => {
  upstream = await driftingUpstream();
  server = await startServer(['--memory', '--proxy', upstream.base]);
}, 60_000);
afterAll(async () => {
  await cleanupAll();
  await upstream?.close();
});

describe('adcli serve --proxy', () => {
  it('passes a conforming answer through with no violation header', async () => {
    const r = await http(server.info.baseUrl, KEY, 'GET', '/workspace');
    expect(r.status).toBe(200);
    expect(r.headers.get('adcli-contract-violations')).toBeNull();
    expect(r.text).toBe(upstream.recording.workspace.text);
    // the deployment got the caller's own key, not the server's
    expect(upstream.seen.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('marks a drifting answer and warns on stderr with the field path, never the key', async () => {
    const r = await http(server.info.baseUrl, KEY, 'GET', '/workspace', undefined, {
      'x-drift': 'missing-field',
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('adcli-contract-violations')).toBe('1');
    const stderr = await server.waitForStderr((t) => t.includes('contract: GET /api/v1/workspace'));
    expect(stderr).toMatch(/1 violation: response body\.\w+/);
    expect(stderr).not.toContain(KEY);
  });

  it('journals the exchanges that broke the contract: backend requests --violations', async () => {
    const env = { ADCLI_BASE_URL: server.info.baseUrl, ADCLI_API_KEY: server.info.apiKey };
    const r = await runAdcli(['backend', 'requests', '--violations', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const entries = JSON.parse(r.stdout) as {
      path: string;
      status: number;
      violations: { where: string; path: string }[];
    }[];
    // only the drifting exchange, with its field; the conforming one is not listed
    expect(entries.map((e) => [e.path, e.status])).toEqual([['/api/v1/workspace', 200]]);
    expect(entries[0]!.violations).toEqual([
      expect.objectContaining({ where: 'response', path: expect.stringMatching(/^body\./) }),
    ]);
    expect(r.stdout).not.toContain(KEY);
  });

  it("keeps the controls the server's own, with its own key", async () => {
    const clock = await http(
      server.info.baseUrl.replace('/api/v1', '/_adcli/v1'),
      server.info.apiKey,
      'GET',
      '/clock',
    );
    expect(clock.status).toBe(200);
    expect(clock.body).toHaveProperty('now');
    expect(upstream.seen.some((s) => s.url.includes('clock'))).toBe(false);
  });

  it("says which of its two keys is wrong: its own on /api/v1, the deployment's on the controls", async () => {
    const seen = upstream.seen.length;
    const own = await http(server.info.baseUrl, server.info.apiKey, 'GET', '/workspace');
    expect(own.status).toBe(401);
    const host = new URL(upstream.base).host;
    expect(own.body.error.message).toBe(
      `this is adcli serve --proxy's own API key, which opens only its controls (/_adcli/v1), /mcp and pages; /api/v1 is sent on to the deployment at ${host}, which knows only its own keys: use an API key of that deployment for /api/v1 (this one was not sent on)`,
    );
    expect(own.text).not.toContain(server.info.apiKey);
    // never sent on: the deployment never saw this server's key
    expect(upstream.seen.length).toBe(seen);

    const controls = await http(
      server.info.baseUrl.replace('/api/v1', '/_adcli/v1'),
      KEY,
      'GET',
      '/clock',
    );
    expect(controls.status).toBe(401);
    expect(controls.body.error.message).toMatch(/^the API key is not valid or has been revoked: /);
    expect(controls.body.error.message).toContain(
      `with adcli serve --proxy, only /api/v1 goes to the deployment at ${host} (with its keys); the controls (/_adcli/v1), /mcp and pages take this server's own key`,
    );
    expect(controls.headers.get('www-authenticate')).toContain('invalid_token');
    expect(controls.text).not.toContain(KEY);
  });

  it('refuses a --proxy that is no http(s) base URL (exit 2)', async () => {
    const r = await runAdcli(['serve', '--memory', '--proxy', 'ftp://example.com/api/v1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--proxy: the upstream must be an http or https URL');
  });
});
