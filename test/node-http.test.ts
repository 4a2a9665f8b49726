/**
 * The transport over Node's own http module, the one the CLI uses when no proxy is configured:
 * real servers on 127.0.0.1 answer it (texts, files, a connection cut mid-answer, silence), and the
 * API client on top retries what it should. The Factory's choice between it and undici's proxy
 * agent is checked through the command line.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../src/lib/client.ts';
import { EXIT } from '../src/lib/errors.ts';
import { nodeHttpTransport } from '../src/lib/node-http.ts';
import type { Target } from '../src/lib/target.ts';
import { TIMEOUTS, type Transport } from '../src/lib/transport.ts';
import { runCli } from './helpers/cli.ts';
import { sandbox } from './helpers/sandbox.ts';

const KEY = `adcli_${'n'.repeat(40)}`;
const servers: Server[] = [];
const transports: Transport[] = [];
const saved = { ...TIMEOUTS };

afterEach(async () => {
  Object.assign(TIMEOUTS, saved);
  for (const t of transports.splice(0)) t.close?.();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server on a free port of 127.0.0.1; its sockets are counted as they open. */
async function serve(
  handle: (req: { method: string; url: string; body: Buffer }, res: ServerResponse) => void,
): Promise<{ base: string; sockets: () => number }> {
  let sockets = 0;
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      handle({ method: req.method!, url: req.url!, body: Buffer.concat(chunks) }, res),
    );
  });
  s.on('connection', () => sockets++);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    sockets: () => sockets,
  };
}

function transport(): Transport {
  const t = nodeHttpTransport();
  transports.push(t);
  return t;
}

const target = (baseUrl: string): Target => ({
  profile: 'test',
  baseUrl,
  apiKey: KEY,
  keySource: 'test',
  baseUrlSource: 'test',
});

describe('the transport over node:http', () => {
  it('sends a body byte for byte and answers text, headers and files; one connection for a run', async () => {
    const { base, sockets } = await serve((req, res) => {
      if (req.url === '/file') {
        res.setHeader('content-type', 'application/octet-stream');
        res.end(Buffer.from([0, 255, 1, 254]));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.appendHeader('set-cookie', ['a=1', 'b=2']);
      res.end(
        JSON.stringify({
          method: req.method,
          body: req.body.toString('utf8'),
          length: req.body.length,
        }),
      );
    });
    const t = transport();
    const body = JSON.stringify({ name: 'Café “Größe” 🚐' });
    const res = await t.send({
      method: 'POST',
      url: `${base}/echo`,
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    expect(JSON.parse(res.text)).toEqual({
      method: 'POST',
      body,
      length: Buffer.byteLength(body),
    });
    const file = await t.sendBytes!({ method: 'GET', url: `${base}/file`, headers: {} });
    expect([...file.bytes]).toEqual([0, 255, 1, 254]);
    expect(sockets()).toBe(1);
  });

  it('a connection cut mid-answer is an error the client retries, and the retry succeeds', async () => {
    let calls = 0;
    const { base } = await serve((_req, res) => {
      calls++;
      res.setHeader('content-type', 'application/json');
      if (calls === 1) {
        res.setHeader('content-length', '100');
        // cut once the first part of the answer is on its way
        res.write('{"slug":', () => (res.socket as Socket).destroy());
        return;
      }
      res.end('{"slug":"second"}');
    });
    const sleeps: number[] = [];
    const c = new ApiClient(target(`${base}/api/v1`), transport(), {
      sleep: async (ms) => void sleeps.push(ms),
    });
    await expect(c.request('GET', '/workspace')).resolves.toEqual({ slug: 'second' });
    expect(calls).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it('an answer that never comes times out as ETIMEDOUT, exit 5 once retries are spent', async () => {
    TIMEOUTS.headersMs = 100;
    const { base } = await serve(() => {
      // never answers
    });
    const c = new ApiClient(target(`${base}/api/v1`), transport(), {
      retries: 1,
      sleep: async () => {},
    });
    const err = await c.request('GET', '/workspace').catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: EXIT.unavailable });
    expect((err as Error).message).toContain('ETIMEDOUT: no answer within 0.1 s');
  });

  it('a body that stalls times out as well', async () => {
    TIMEOUTS.bodyMs = 100;
    const { base } = await serve((_req, res) => {
      res.setHeader('content-length', '50');
      res.write('{"partial":');
    });
    const err = await transport()
      .send({ method: 'GET', url: `${base}/x`, headers: {} })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('stops at once when its signal aborts, and the client does not retry', async () => {
    const controller = new AbortController();
    // never answers: the signal aborts once the request has reached the server, and only it ends it
    const { base } = await serve(() => controller.abort());
    const c = new ApiClient(target(`${base}/api/v1`), transport(), { sleep: async () => {} });
    const pending = c.request('GET', '/workspace', { signal: controller.signal });
    const err = await pending.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
  });

  it('a refused connection is exit 5 and names the base URL', async () => {
    const { base } = await serve(() => {});
    const s = servers.pop()!;
    await new Promise((r) => s.close(r));
    const c = new ApiClient(target(`${base}/api/v1`), transport(), {
      retries: 0,
    });
    const err = await c.request('GET', '/workspace').catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: EXIT.unavailable });
    expect((err as Error).message).toContain(`cannot reach ${base}/api/v1: ECONNREFUSED`);
  });
});

describe('which transport a command uses', () => {
  it('goes direct without proxy variables, and through HTTP_PROXY when one is set', async () => {
    const api = await serve((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          slug: 'direct',
          counts: { campaigns: 0, audiences: 0, dataStores: 0, brands: 0 },
          recentCampaigns: [],
          url: req.url,
        }),
      );
    });
    const proxied: string[] = [];
    const proxy = await serve((req, res) => {
      proxied.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          slug: 'via-proxy',
          counts: { campaigns: 0, audiences: 0, dataStores: 0, brands: 0 },
          recentCampaigns: [],
        }),
      );
    });
    const env = {
      ...sandbox().env,
      ADCLI_BASE_URL: `${api.base}/api/v1`,
      ADCLI_API_KEY: KEY,
    };
    const direct = await runCli(['workspace', '--json'], { env });
    expect(direct.code, direct.stderr).toBe(0);
    expect(JSON.parse(direct.stdout).slug).toBe('direct');
    expect(proxied).toEqual([]);

    const viaProxy = await runCli(['workspace', '--json'], {
      env: { ...env, HTTP_PROXY: proxy.base },
    });
    expect(viaProxy.code, viaProxy.stderr).toBe(0);
    expect(JSON.parse(viaProxy.stdout).slug).toBe('via-proxy');
    expect(proxied).toEqual([`GET ${api.base}/api/v1/workspace`]);
  });
});
