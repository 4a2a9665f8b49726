/**
 * The pages of adcli serve in a real headless browser: Debian's chromium driven by playwright-core.
 * The backend listens on a port as adcli serve does (server/http/listen.ts), and one-time login links
 * are minted through its API as `adcli campaigns open` mints them. The test logs in with one, reads the campaign
 * page, advances the clock with the console's form and sees performance grow, is refused from a
 * foreign origin and without a cookie, checks each page with axe-core (no serious or critical
 * violation) and saves screenshots at 1280 and 390 pixels under test/artifacts/ (git ignores it).
 *
 * Without a browser at CHROMIUM_PATH (default /usr/bin/chromium) the tests are skipped, with one line
 * saying so; .ci/run installs Debian's chromium when it is missing.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createBackend, type Backend } from '../server/app/backend.ts';
import { listen } from '../server/http/listen.ts';
import { SCOPES } from '../server/schemas/common.ts';
import { runSeed } from '../server/seed/index.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';

/** The page's document, inside page.evaluate (the project's types have no DOM). */
declare const document: { activeElement: { textContent: string | null; id: string } | null };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser)
  console.log(
    `web-browser.test.ts: skipped, no browser at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );

const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let backend: Backend;
let server: Server;
let base: string;
let key: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let campaignId: string;
let storeIds: string[];
const campaignName = 'Browser test: Alpine trail shoes';

async function api<T = any>(
  method: string,
  path: string,
  body?: unknown,
  prefix = '/api/v1',
): Promise<T> {
  const res = await fetch(`${base}${prefix}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A one-time login link, minted as `adcli campaigns open` and `adcli backend console` mint it (test/cli-open.test.ts runs those). */
async function linkFor(campaign?: string): Promise<string> {
  const link = await api<{ url: string }>(
    'POST',
    '/login-links',
    campaign ? { campaignId: campaign } : {},
    '/_adcli/v1',
  );
  expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\/login\?token=[\w-]+$/);
  return link.url;
}

/** axe-core's serious and critical violations of the page as it stands. */
async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: AXE });
  const violations = await p.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
}

/** Screenshots of the page at a laptop's and a phone's width, whole length. */
async function screenshots(p: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await p.setViewportSize({ width, height: 900 });
    await p.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
  }
  await p.setViewportSize({ width: 1280, height: 900 });
}

const total = async (p: Page, name: string) =>
  Number((await p.locator(`[data-total="${name}"]`).innerText()).replace(/[^\d.]/g, ''));

describe.skipIf(!hasBrowser)('the pages in a real browser', () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    backend = createBackend({ store: SqliteStore.memory(), rateLimit: 0 });
    const { services, store } = backend;
    const ws = (await runSeed(services, 'demo')).workspaceId;
    key = await store.write(async () => (await services.keys.create(ws, { scopes: SCOPES })).key);
    const listening = await listen(backend.app, '127.0.0.1', 0);
    server = listening.server;
    base = `http://127.0.0.1:${listening.address.port}`;

    // A campaign that starts spending today, in a workspace whose time stands still: no full day of
    // figures yet, until the clock moves.
    const stores = (await api<{ data: { id: string; name: string }[] }>('GET', '/data-stores'))
      .data;
    storeIds = stores.filter((d) => /trail|hiking/i.test(d.name)).map((d) => d.id);
    const created = await api<{ id: string }>('POST', '/campaigns', {
      name: campaignName,
      campaignType: 'SEARCH',
      budget: 60,
      budgetType: 'daily',
      objective: 'Trail runners who hike in the Alps',
      dataStoreIds: storeIds,
    });
    campaignId = created.id;
    await api('POST', '/clock/freeze', undefined, '/_adcli/v1');
    // its targeting, generated by the job that a small advance runs
    await api('POST', `/campaigns/${campaignId}/targeting/generate`, {});
    await api('POST', '/clock/advance', { by: '1s' }, '/_adcli/v1');
    await api('POST', `/campaigns/${campaignId}/ads-platform`, {});
    await store.write(async () => services.ads.setStatus(campaignId, 'ENABLED'));

    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM });
    // axe-core is added to the page as a script, which the pages' Content-Security-Policy forbids (they run none)
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await backend?.store.close();
  });

  it('logs in with the link of adcli campaigns open, and shows the campaign: name, slots and charts, in one request plus the stylesheet', async () => {
    const link = await linkFor(campaignId);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.resourceType()} ${new URL(r.url()).pathname}`));
    const res = await page.goto(link);
    page.removeAllListeners('request');
    expect(res!.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/app/campaigns/${campaignId}`);
    expect(requests).toEqual([
      'document /app/login',
      'document /app/campaigns/' + campaignId,
      'stylesheet /app/style.css',
    ]);

    expect(await page.locator('h1').innerText()).toContain(campaignName);
    const record = await api<{ audiences: { id: string; name: string }[] }>(
      'GET',
      `/campaigns/${campaignId}`,
    );
    for (const slot of record.audiences)
      await expect(page.locator(`#slot-${slot.id} h3`).innerText()).resolves.toBe(slot.name);
    const slot = page.locator(`#slot-${record.audiences[0]!.id}`);
    expect(await slot.getByRole('link', { name: /trail|hiking/i }).count()).toBe(storeIds.length);
    expect(await slot.locator('h4', { hasText: /^Keywords \(\d+\)$/ }).count()).toBe(1);
    expect(await slot.locator('ul.items li').count()).toBeGreaterThan(5);
    expect(await page.locator('figure.chart svg').count()).toBe(3);
    expect(await page.locator('figure.chart rect').count()).toBe(90);
    expect(await total(page, 'impressions')).toBe(0);

    // the cookie: HttpOnly, SameSite=Strict, for the pages only, holding no key
    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/app' });
    expect(cookies[0]!.value).not.toContain(key);
    expect(await page.content()).not.toContain(key);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'campaign');
  });

  it('is keyboard-navigable: the first Tab reaches the skip link, which leads to the content', async () => {
    await page.goto(`${base}/app/campaigns/${campaignId}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('advances the clock with the console form, and the campaign page shows performance grow', async () => {
    await page.goto(`${base}/app/`);
    expect(await page.locator('h1').innerText()).toBe('Workspace demo');
    await page.getByRole('link', { name: campaignName }).first().waitFor();

    // a bad value first: the console again, the message next to the field
    await page.fill('#advance-by', 'a fortnight');
    await page.getByRole('button', { name: 'Advance' }).click();
    await expect(page.locator('#advance-by-error').innerText()).resolves.toContain(
      'by must be a duration',
    );
    expect(await page.locator('#advance-by').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.fill('#advance-by', '3d');
    await page.getByRole('button', { name: 'Advance' }).click();
    await page.waitForURL(`${base}/app/#clock`);
    expect(await page.locator('.flash').innerText()).toMatch(/^Moved the clock forward by 3d/);

    await page.getByRole('link', { name: campaignName }).first().click();
    await page.waitForURL(`${base}/app/campaigns/${campaignId}`);
    expect(await total(page, 'impressions')).toBeGreaterThan(0);
    expect(await total(page, 'clicks')).toBeGreaterThan(0);
    expect(await total(page, 'cost')).toBeGreaterThan(0);
    const bars = await page
      .locator('rect.bar-impressions')
      .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-value'))));
    expect(bars.filter((v) => v > 0).length).toBeGreaterThanOrEqual(2);
    await screenshots(page, 'campaign-after-3d');
  });

  it('shows the console with its lists, jobs, clock, faults and journal; adds a fault rule with its form', async () => {
    const link = await linkFor();
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/app/');
    await page.fill('#add-fault-path', '/workspace');
    await page.selectOption('#add-fault-method', 'GET');
    await page.fill('#add-fault-status', '503');
    await page.fill('#add-fault-count', '1');
    await page.getByRole('button', { name: 'Add the rule' }).click();
    await page.waitForURL(`${base}/app/#faults`);
    await expect(
      page.locator('section[aria-labelledby=faults] td code').first().innerText(),
    ).resolves.toBe('GET /workspace');
    for (const id of [
      'campaigns',
      'audiences',
      'data-stores',
      'brands',
      'clock',
      'jobs',
      'faults',
      'requests',
      'reset',
    ]) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'console');
  });

  it('refuses a form posted from a foreign origin, even with the session cookie and its token', async () => {
    await page.goto(`${base}/app/`);
    const csrf = await page.locator('input[name=csrf]').first().inputValue();
    const before = await api<{ now: string }>('GET', '/clock', undefined, '/_adcli/v1');
    // Another origin on the same host (another port: the same site, so SameSite lets the cookie go)
    const evil: HttpServer = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<!doctype html><title>elsewhere</title><form method="post" action="${base}/app/actions/advance"><input name="csrf" value="${csrf}"><input name="by" value="30d"><button>Go</button></form>`,
      );
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    try {
      const evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
      await page.goto(evilOrigin);
      const [res] = await Promise.all([
        page.waitForResponse(`${base}/app/actions/advance`),
        page.getByRole('button', { name: 'Go' }).click(),
      ]);
      expect(res.status()).toBe(403);
      expect(await page.locator('main').innerText()).toContain(
        `Requests from pages at ${evilOrigin} are not allowed`,
      );
    } finally {
      await new Promise((r) => evil.close(r));
    }
    expect((await api<{ now: string }>('GET', '/clock', undefined, '/_adcli/v1')).now).toBe(
      before.now,
    );
  });

  it('refuses a page without the cookie, and says how to get a link; a used link too', async () => {
    const fresh = await browser.newContext({ bypassCSP: true });
    try {
      const p = await fresh.newPage();
      const res = await p.goto(`${base}/app/campaigns/${campaignId}`);
      expect(res!.status()).toBe(401);
      expect(await p.locator('h1').innerText()).toBe('Sign in with a new link');
      expect(await p.locator('pre').innerText()).toContain(`adcli campaigns open ${campaignId}`);
      expect(await seriousViolations(p)).toEqual([]);
      await screenshots(p, 'sign-in');

      const link = await linkFor(campaignId);
      expect((await p.goto(link))!.status()).toBe(200);
      const other = await browser.newContext();
      try {
        const again = await (await other.newPage()).goto(link);
        expect(again!.status()).toBe(401);
      } finally {
        await other.close();
      }

      const missing = await p.goto(`${base}/app/campaigns/${'f'.repeat(24)}`);
      expect(missing!.status()).toBe(404);
      expect(await p.locator('h1').innerText()).toBe('Not found');
      expect(await seriousViolations(p)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
