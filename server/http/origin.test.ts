// @store sqlite
/**
 * originAllowed: the rule itself, case by case; as a guard in front of a handler, the way the
 * browser-reachable surfaces use it (the request's Host, else its URL's host); and on those surfaces
 * of a real backend (/mcp, the pages), which answer a cross-site request before anything else.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/helpers/assert.ts';
import { testBackend } from '../../test/helpers/backend.ts';
import { originAllowed } from './origin.ts';

const HOST = '127.0.0.1:4010';

describe('originAllowed', () => {
  it('allows a request with no Origin (not a browser page)', () => {
    expect(originAllowed(undefined, HOST)).toBe(true);
    expect(originAllowed(undefined, undefined)).toBe(true);
  });

  it.each([
    ['http://127.0.0.1:4010', '127.0.0.1:4010'],
    ['http://localhost:4010', 'localhost:4010'],
    ['http://[::1]:4010', '[::1]:4010'],
    ['http://localhost', 'localhost'],
    ['http://LOCALHOST:4010', 'LocalHost:4010'], // host names are case-insensitive
    ['https://localhost:4443', 'localhost:4443'],
  ])('allows its own loopback origin %s (Host %s)', (origin, host) => {
    expect(originAllowed(origin, host)).toBe(true);
  });

  it.each([
    ['another port', 'http://localhost:4011', 'localhost:4010'],
    ['another loopback name', 'http://localhost:4010', '127.0.0.1:4010'],
    ['a cross-site page', 'https://evil.example', HOST],
    ['a rebound name (Host and Origin agree)', 'http://evil.example:4010', 'evil.example:4010'],
    ['a private address that is not loopback', 'http://192.168.1.5:4010', '192.168.1.5:4010'],
    ['a loopback origin with no Host to compare', 'http://127.0.0.1:4010', undefined],
    ['a sandboxed page or file (null)', 'null', HOST],
    ['a file URL', 'file:///home/me/page.html', HOST],
    ['a scheme that is not http(s)', 'ws://127.0.0.1:4010', HOST],
    ['a browser extension', 'chrome-extension://abcdef', HOST],
    ['an unparsable origin', 'not an origin', HOST],
    ['an empty origin', '', HOST],
  ])('refuses %s', (_what, origin, host) => {
    expect(originAllowed(origin, host)).toBe(false);
  });

  it('allows the origins listed, exactly as written, wherever they are', () => {
    const allowed = ['https://tool.example', 'null'];
    expect(originAllowed('https://tool.example', HOST, allowed)).toBe(true);
    expect(originAllowed('null', HOST, allowed)).toBe(true);
    expect(originAllowed('https://tool.example:8443', HOST, allowed)).toBe(false);
    expect(originAllowed('http://tool.example', HOST, allowed)).toBe(false);
    expect(originAllowed('https://evil.example', HOST, allowed)).toBe(false);
    // its own origin stays allowed beside the list
    expect(originAllowed(`http://${HOST}`, HOST, allowed)).toBe(true);
  });
});

describe('originAllowed as a guard in front of a handler', () => {
  /** As /mcp and the pages use it: refused with a 403 before the handler runs. */
  function guarded(allowed: string[] = []) {
    let reached = 0;
    const app = new Hono();
    app.use('*', async (c, next) => {
      const host = c.req.header('host') ?? new URL(c.req.url).host;
      if (!originAllowed(c.req.header('origin'), host, allowed)) return c.text('refused', 403);
      await next();
    });
    app.all('/', (c) => {
      reached++;
      return c.text('reached');
    });
    return { app, reached: () => reached };
  }

  it('lets same-origin and Origin-less requests through, refuses a cross-site one', async () => {
    const g = guarded();
    const at = `http://${HOST}/`;
    expect((await g.app.request(at)).status).toBe(200);
    expect((await g.app.request(at, { headers: { origin: `http://${HOST}` } })).status).toBe(200);
    const post = { method: 'POST', body: '{}' };
    const evil = await g.app.request(at, { ...post, headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(g.reached()).toBe(2);
  });

  it('compares with the Host the request was sent to, not the URL', async () => {
    const g = guarded();
    const sent = (origin: string) =>
      g.app.request(`http://${HOST}/`, { headers: { host: 'localhost:4010', origin } });
    expect((await sent('http://localhost:4010')).status).toBe(200);
    expect((await sent(`http://${HOST}`)).status).toBe(403);
    expect(g.reached()).toBe(1);
  });

  it('lets a listed origin through', async () => {
    const g = guarded(['https://tool.example']);
    const r = await g.app.request(`http://${HOST}/`, {
      headers: { origin: 'https://tool.example' },
    });
    expect(r.status).toBe(200);
  });
});

describe("a real backend's browser-reachable surfaces", () => {
  const MCP = `http://${HOST}/mcp`;

  it('/mcp refuses a cross-site page with 403 in the error shape, before the key check', async () => {
    const b = await testBackend();
    const res = await b.app.request(MCP, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    const r = { status: res.status, headers: res.headers, body: await res.json() };
    expectError(r, 403, 'forbidden', 'https://evil.example');
    // same origin and no Origin get as far as the key check
    for (const headers of [{ origin: `http://${HOST}` }, {}] as Record<string, string>[]) {
      const own = await b.app.request(MCP, { method: 'POST', headers, body: '{}' });
      expect(own.status).toBe(401);
    }
  });

  it('the pages refuse a cross-site page and serve their own', async () => {
    const b = await testBackend();
    const evil = await b.app.request(`http://${HOST}/app/`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(await evil.text()).toContain('https://evil.example');
    const own = await b.app.request(`http://${HOST}/app/`, {
      headers: { origin: `http://${HOST}` },
    });
    expect(own.status).not.toBe(403);
  });
});
