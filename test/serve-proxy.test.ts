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

  it('refuses a --proxy that is no http(s) base URL (exit 2)', async () => {
    const r = await runAdcli(['serve', '--memory', '--proxy', 'ftp://example.com/api/v1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--proxy: the upstream must be an http or https URL');
  });
});
