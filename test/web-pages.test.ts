// @store both
/**
 * The pages of adcli serve at /app/ in-process (app.request): one-time login links minted through the
 * control create_login_link, the session cookie, CSRF, foreign origins, scopes and key limits, the
 * 404 and sign-in pages, and the console's forms answering bad values next to the field. The same
 * pages in a real browser: test/web-browser.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runSeed } from '../server/seed/index.ts';
import { LOGIN_LINK_TTL_MS } from '../server/domain/page-sessions.ts';
import { ok } from './helpers/assert.ts';
import { MISSING_ID, testBackend, type Client, type TestBackend } from './helpers/backend.ts';

const ORIGIN = 'http://localhost';

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

/** A browser of one: keeps the session cookie it is given, sends it back. */
class Browser {
  cookie = '';
  readonly b: TestBackend;
  constructor(backend: TestBackend) {
    this.b = backend;
  }

  async request(
    method: string,
    path: string,
    opts: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Page> {
    const headers: Record<string, string> = {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...opts.headers,
    };
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await this.b.app.request(`${ORIGIN}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return { status: res.status, html: await res.text(), headers: res.headers };
  }
  /** A page opened as a browser opens a typed or launched address (Sec-Fetch-Site: none). */
  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers: { 'sec-fetch-site': 'none', ...headers } });
  }
  post(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request('POST', path, { form, headers });
  }
  /** The CSRF token of the last page's forms. */
  static csrf(page: Page): string {
    const m = /name="csrf" value="([^"]+)"/.exec(page.html);
    if (!m) throw new Error('no form on the page');
    return m[1]!;
  }
}

/** The text of the element with this id (tags dropped), or null. */
function textOf(html: string, id: string): string | null {
  const m = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html);
  if (!m) return null;
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return m[1]!
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e]!)
    .trim();
}

let b: TestBackend;
let ctl: Client;
let demoCampaigns: { id: string; name: string; adsPlatform: { status: string | null } }[];

/** A login link minted by a key, as `adcli campaigns open` does. */
async function link(
  client: Client,
  campaignId?: string,
): Promise<{ url: string; page: string; expiresAt: string }> {
  const r = await client.post('/login-links', campaignId ? { campaignId } : {});
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** A browser signed in with a link of this client's key. */
async function signedIn(client: Client, campaignId?: string): Promise<Browser> {
  const br = new Browser(b);
  const l = await link(client, campaignId);
  const r = await br.get(new URL(l.url).pathname + new URL(l.url).search);
  expect(r.status).toBe(303);
  return br;
}

const controls = (opts: Parameters<TestBackend['client']>[0] = {}) =>
  b.client({ workspace: 'demo', prefix: '/_adcli/v1', ...opts });

beforeEach(async () => {
  b = await testBackend();
  await runSeed(b.services, 'demo');
  ctl = await controls();
  const api = await b.client({ workspace: 'demo' });
  demoCampaigns = (await api.get('/campaigns?limit=100')).body.data;
});

describe('login links', () => {
  it('are minted through the API, open once and set an HttpOnly, SameSite=Strict cookie that holds no key', async () => {
    const campaign = demoCampaigns[0]!;
    const l = await link(ctl, campaign.id);
    expect(l.url).toMatch(/^http:\/\/localhost\/app\/login\?token=[A-Za-z0-9_-]{43}$/);
    expect(l.url).not.toContain(ctl.key);
    expect(l.page).toBe(`${ORIGIN}/app/campaigns/${campaign.id}`);
    expect(Date.parse(l.expiresAt) - b.clock.now().getTime()).toBe(LOGIN_LINK_TTL_MS);

    // a HEAD (a link checker) does not use it up
    expect(
      (await new Browser(b).request('HEAD', new URL(l.url).pathname + new URL(l.url).search))
        .status,
    ).toBe(200);
    const br = new Browser(b);
    const login = await br.get(new URL(l.url).pathname + new URL(l.url).search);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe(`campaigns/${campaign.id}`);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^adcli_session_80=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/app; HttpOnly; SameSite=Strict$/,
    );
    expect(cookie).not.toContain(ctl.key);

    const page = await br.get(`/app/campaigns/${campaign.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toContain(campaign.name);
    expect(page.html).not.toContain(ctl.key);

    // a second use of the same link starts nothing
    const again = await new Browser(b).get(new URL(l.url).pathname + new URL(l.url).search);
    expect(again.status).toBe(401);
    expect(again.html).toContain('already used or has expired');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('expire after five minutes: the page says how to get a new one, with no stack and no key', async () => {
    const l = await link(ctl);
    b.clock.advance(LOGIN_LINK_TTL_MS + 1);
    const page = await new Browser(b).get(new URL(l.url).pathname + new URL(l.url).search);
    expect(page.status).toBe(401);
    expect(page.html).toContain('<h1>Sign in with a new link</h1>');
    expect(page.html).toContain('adcli backend console');
    expect(page.html).toContain('adcli campaigns open CAMPAIGN_ID');
    expect(page.html).not.toMatch(/at \w+ \(|Error:|\.ts:\d+/);
    expect(page.html).not.toContain(ctl.key);
    // a workspace's clock moved ahead does not expire a link: links run on real time
    const fresh = await link(ctl);
    ok(await ctl.post('/clock/advance', { by: '7d' }));
    expect(
      (await new Browser(b).get(new URL(fresh.url).pathname + new URL(fresh.url).search)).status,
    ).toBe(303);
  });

  it('refuse a link followed from another site, and a made-up token', async () => {
    const l = await link(ctl);
    const cross = await new Browser(b).get(new URL(l.url).pathname + new URL(l.url).search, {
      'sec-fetch-site': 'cross-site',
    });
    expect(cross.status).toBe(403);
    expect(cross.html).toContain('opened directly');
    expect(cross.headers.get('set-cookie')).toBeNull();
    expect((await new Browser(b).get('/app/login?token=nope')).status).toBe(401);
    expect((await new Browser(b).get('/app/login')).status).toBe(401);
  });

  it('need campaigns:read; an unknown campaign is 404, one outside the key limits 403', async () => {
    const noRead = await controls({ scopes: ['backend'] });
    const r = await noRead.post('/login-links', {});
    expect(r.status).toBe(403);
    expect(r.body.error.message).toContain('campaigns:read');
    expect((await ctl.post('/login-links', { campaignId: MISSING_ID })).status).toBe(404);
    expect((await ctl.post('/login-links', { campaignId: 'nope' })).status).toBe(400);
    const limited = await controls({
      scopes: ['campaigns:read'],
      campaignIds: [demoCampaigns[0]!.id],
    });
    expect((await limited.post('/login-links', { campaignId: demoCampaigns[1]!.id })).status).toBe(
      403,
    );
    expect((await limited.post('/login-links', { campaignId: demoCampaigns[0]!.id })).status).toBe(
      201,
    );
  });
});

describe('the campaign page', () => {
  it('shows the name, settings, brand, slots with their data stores and targeting, the ad platform and SVG charts', async () => {
    const enabled = demoCampaigns.find((c) => c.adsPlatform.status === 'ENABLED')!;
    const br = await signedIn(ctl, enabled.id);
    const page = await br.get(`/app/campaigns/${enabled.id}`);
    expect(page.status).toBe(200);
    const api = await b.client({ workspace: 'demo' });
    const record = (await api.get(`/campaigns/${enabled.id}`)).body;
    expect(page.html).toContain(`<h1>${record.name}`);
    for (const slot of record.audiences) expect(page.html).toContain(`id="slot-${slot.id}"`);
    expect(page.html).toContain('<h2 id="performance">Performance, last 30 days</h2>');
    expect(page.html.match(/<svg /g)!.length).toBe(3);
    expect(page.html).toMatch(/<rect class="bar-impressions" data-value="[1-9]/);
    expect(page.html).toContain('Last sync');
    expect(page.html).toContain('<link rel="stylesheet" href="../style.css"/>');
    // one request plus the stylesheet: no script, no other resource
    expect(page.html).not.toMatch(/<script|<img|<iframe|@import/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it("shows the campaign's own figures: charts that say so, currencies next to amounts, – for a ratio without a denominator", async () => {
    const api = await b.client({ workspace: 'demo' });
    const accounts = (await api.get('/ads-platform/accounts')).body.data as {
      customerId: string;
      currencyCode: string;
    }[];
    const enabled = demoCampaigns.find((c) => c.adsPlatform.status === 'ENABLED')!;
    const record = (await api.get(`/campaigns/${enabled.id}`)).body;
    const currency = accounts.find(
      (a) => a.customerId === record.adsPlatform.customerId,
    )!.currencyCode;
    const page = await (await signedIn(ctl, enabled.id)).get(`/app/campaigns/${enabled.id}`);
    expect(page.html).toContain('Impressions of this campaign');
    expect(page.html).toContain(`Cost of this campaign (${currency})`);
    expect(page.html).toContain(`${record.budget} ${currency} ${record.budgetType}`);
    // its days are its own: the same as the API's report of this campaign alone
    const own = (
      await api.get(
        `/ads-platform/performance?customerId=${record.adsPlatform.customerId}&campaignId=${enabled.id}`,
      )
    ).body;
    const bars = [...page.html.matchAll(/<rect class="bar-impressions" data-value="(\d+)"/g)].map(
      (m) => Number(m[1]),
    );
    expect(bars).toEqual(own.daily.map((d: { impressions: number }) => d.impressions));

    // published, never turned on: no rate, no cost per click or conversion; it did not run
    const idle = (
      await api.post('/campaigns', {
        name: 'Idle on the page',
        campaignType: 'SEARCH',
        budget: 25,
        budgetType: 'daily',
      })
    ).body;
    expect((await api.post(`/campaigns/${idle.id}/ads-platform`, {})).status).toBe(200);
    const idlePage = await (await signedIn(ctl, idle.id)).get(`/app/campaigns/${idle.id}`);
    for (const total of ['ctr', 'cpc', 'cost-per-conversion'])
      expect(idlePage.html).toContain(`data-total="${total}">–</span>`);
    expect(idlePage.html).toContain('It did not run in these days.');
    // the console's list: each budget in its account's currency
    const console = await (await signedIn(ctl)).get('/app/');
    expect(console.html).toMatch(new RegExp(`>25 [A-Z]{3} daily<`));
  });

  it("shows each slot's exclusions with their reasons, apart from its items", async () => {
    const api = await b.client({ workspace: 'demo' });
    const c = demoCampaigns[0]!;
    const slot = (await api.get(`/campaigns/${c.id}`)).body.audiences[0].id;
    const r = await api.patch(`/campaigns/${c.id}/targeting/audiences/${slot}/items`, {
      remove: [{ section: 'keywords', text: 'Ember & Grind' }],
      add: [{ section: 'keywords', text: 'ridgeline pack review', matchType: 'EXACT' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const page = await (await signedIn(ctl, c.id)).get(`/app/campaigns/${c.id}`);
    const article = page.html.slice(page.html.indexOf(`id="slot-${slot}"`));
    expect(article).toContain('Left out (1): generating never adds these back');
    expect(article).toMatch(
      /<li>Ember &amp; Grind<span class="tag"> · keyword<\/span><span class="tag"> · removed by hand<\/span><\/li>/,
    );
    expect(article).toContain('ridgeline pack review');
  });

  it('answers an unknown or malformed id with a 404 page in the same style', async () => {
    const br = await signedIn(ctl);
    const missing = await br.get(`/app/campaigns/${MISSING_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<h1>Not found</h1>');
    expect(missing.html).toContain(`no campaign ${MISSING_ID}`);
    expect(missing.html).toContain('href="../style.css"');
    const malformed = await br.get('/app/campaigns/not-an-id');
    expect(malformed.status).toBe(404);
    expect(malformed.html).toContain('24 lowercase hex characters');
    const nowhere = await br.get('/app/no/such/page');
    expect(nowhere.status).toBe(404);
    expect(nowhere.html).toContain('href="../../style.css"');
  });

  it('shows only what the key may read: no performance without ads:read, 403 outside its campaigns', async () => {
    const first = demoCampaigns.find((c) => c.adsPlatform.status === 'ENABLED');
    const second = demoCampaigns.find((c) => c !== first);
    const narrow = await controls({ scopes: ['campaigns:read'], campaignIds: [first!.id] });
    const br = await signedIn(narrow, first!.id);
    const page = await br.get(`/app/campaigns/${first!.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Performance needs the ads:read scope');
    expect(page.html).not.toContain('<svg');
    expect(page.html).toContain('Data store details need the datasets:read scope');
    const other = await br.get(`/app/campaigns/${second!.id}`);
    expect(other.status).toBe(403);
    expect(other.html).toContain('limited to campaign');
    const console = await br.get('/app/');
    expect(console.status).toBe(200);
    expect(console.html).toContain(first!.name);
    expect(console.html).not.toContain(second!.name);
    expect(console.html).toContain('need the backend scope');
    expect(console.html).not.toContain('id="clock"');
  });
});

describe('access', () => {
  it('refuses a page without the session cookie', async () => {
    const page = await new Browser(b).get('/app/');
    expect(page.status).toBe(401);
    expect(page.html).toContain('You are not signed in');
    const campaign = await new Browser(b).get(`/app/campaigns/${demoCampaigns[0]!.id}`);
    expect(campaign.status).toBe(401);
    expect(campaign.html).toContain(`adcli campaigns open ${demoCampaigns[0]!.id}`);
    const form = await new Browser(b).post('/app/actions/advance', { by: '1d' });
    expect(form.status).toBe(401);
    expect(form.html).toContain('nothing was changed');
  });

  it('refuses a foreign Origin, even with a session', async () => {
    const br = await signedIn(ctl);
    const page = await br.get('/app/', { origin: 'https://evil.example' });
    expect(page.status).toBe(403);
    const csrf = Browser.csrf(await br.get('/app/'));
    const before = ok(await ctl.get('/clock')).now;
    const form = await br.post(
      '/app/actions/advance',
      { csrf, by: '1d' },
      { origin: 'https://evil.example' },
    );
    expect(form.status).toBe(403);
    expect(form.html).toContain('https://evil.example');
    expect(ok(await ctl.get('/clock')).now.slice(0, 10)).toBe(before.slice(0, 10));
    // the server's own origin is fine
    expect((await br.post('/app/actions/freeze', { csrf }, { origin: ORIGIN })).status).toBe(303);
  });

  it('refuses a form without the session’s CSRF token, changing nothing', async () => {
    const br = await signedIn(ctl);
    await ctl.post('/clock/freeze');
    const before = ok(await ctl.get('/clock')).now;
    for (const form of [{ by: '1d' }, { by: '1d', csrf: 'x'.repeat(43) }] as Record<
      string,
      string
    >[]) {
      const r = await br.post('/app/actions/advance', form);
      expect(r.status).toBe(403);
      expect(r.html).toContain('This form has expired');
    }
    expect(ok(await ctl.get('/clock')).now).toBe(before);
  });

  it('ends the session when its key is revoked', async () => {
    const br = await signedIn(ctl);
    expect((await br.get('/app/')).status).toBe(200);
    const keyId = (await b.services.keys.authenticate(ctl.key))!.keyId;
    await b.store.write(async () => b.services.keys.revoke(keyId));
    expect((await br.get('/app/')).status).toBe(401);
  });

  it('signs out', async () => {
    const br = await signedIn(ctl);
    const csrf = Browser.csrf(await br.get('/app/'));
    const out = await br.post('/app/logout', { csrf });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^adcli_session_80=; Max-Age=0; Path=\/app/);
    expect((await br.get('/app/')).status).toBe(401);
  });

  it('serves the stylesheet to anybody, with an ETag', async () => {
    const css = await new Browser(b).get('/app/style.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const again = await new Browser(b).get('/app/style.css', {
      'if-none-match': css.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expect((await new Browser(b).get('/app')).headers.get('location')).toBe('app/');
  });
});

describe('the console', () => {
  it('lists campaigns, saved audiences, data stores and brands that link to each other, jobs, the journal, the clock and fault rules', async () => {
    const api = await b.client({ workspace: 'demo' });
    await api.get('/brands');
    const br = await signedIn(ctl);
    const page = await br.get('/app/');
    expect(page.status).toBe(200);
    for (const c of demoCampaigns) expect(page.html).toContain(`href="campaigns/${c.id}"`);
    const brands = (await api.get('/brands')).body.data as { id: string }[];
    for (const br of brands) expect(page.html).toContain(`id="brand-${br.id}"`);
    const stores = (await api.get('/data-stores?includeLibrary=true&limit=100')).body.data as {
      id: string;
    }[];
    for (const s of stores) expect(page.html).toContain(`id="data-store-${s.id}"`);
    expect(page.html).toMatch(/href="#data-store-[a-f0-9]{24}"/);
    expect(page.html).toMatch(/href="#brand-[a-f0-9]{24}"/);
    for (const id of ['clock', 'jobs', 'faults', 'requests', 'reset'])
      expect(page.html).toContain(`id="${id}"`);
    expect(page.html).toContain('<code>GET /api/v1/brands</code>');
  });

  it('advances the clock with its form, then says what it did once', async () => {
    const br = await signedIn(ctl);
    await ctl.post('/clock/freeze');
    const before = Date.parse(ok(await ctl.get('/clock')).now);
    const csrf = Browser.csrf(await br.get('/app/'));
    const r = await br.post('/app/actions/advance', { csrf, by: '2d' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('../#clock');
    expect(Date.parse(ok(await ctl.get('/clock')).now) - before).toBe(2 * 86_400_000);
    const after = await br.get('/app/');
    expect(textOf(after.html, 'main')).toContain('Moved the clock forward by 2d');
    expect((await br.get('/app/')).html).not.toContain('Moved the clock forward');
  });

  it('answers bad values with the page again and the message next to the field', async () => {
    const br = await signedIn(ctl);
    const csrf = Browser.csrf(await br.get('/app/'));

    const advance = await br.post('/app/actions/advance', { csrf, by: 'soon' });
    expect(advance.status).toBe(400);
    expect(textOf(advance.html, 'advance-by-error')).toBe(
      'by must be a duration such as 90s, 25h, 7d, 1h30m or PT25H, not "soon"',
    );
    expect(advance.html).toMatch(
      /<input type="text" id="advance-by" name="by" value="soon"[^>]*aria-invalid="true" aria-describedby="advance-by-hint advance-by-error"/,
    );
    // the page again is the console, its links still right from /app/actions/
    expect(advance.html).toContain('href="../style.css"');

    const fault = await br.post('/app/actions/add-fault', {
      csrf,
      method: 'GET',
      path: '/campaigns',
      status: 'abc',
    });
    expect(fault.status).toBe(400);
    expect(textOf(fault.html, 'add-fault-status-error')).toBe('status must be a number');
    const nowhere = await br.post('/app/actions/add-fault', {
      csrf,
      method: 'GET',
      path: '/nowhere',
      status: '503',
    });
    expect(textOf(nowhere.html, 'add-fault-path-error')).toMatch(
      /^path: GET \/nowhere matches no operation of the API/,
    );
    const nothing = await br.post('/app/actions/add-fault', { csrf, path: '/campaigns' });
    expect(nothing.html).toContain('a fault rule needs status, delayMs or drop');

    const reset = await br.post('/app/actions/reset', { csrf, seed: '' });
    expect(reset.status).toBe(400);
    expect(textOf(reset.html, 'reset-confirm-error')).toBe(
      'tick this box to confirm: a reset empties the workspace',
    );
    const api = await b.client({ workspace: 'demo' });
    expect((await api.get('/campaigns')).body.data.length).toBe(demoCampaigns.length);
  });

  it('adds a fault rule, removes it, clears them, and resets the workspace', async () => {
    const br = await signedIn(ctl);
    const csrf = Browser.csrf(await br.get('/app/'));
    expect(
      (
        await br.post('/app/actions/add-fault', {
          csrf,
          method: 'GET',
          path: '/workspace',
          status: '503',
          count: '2',
        })
      ).status,
    ).toBe(303);
    const rules = ok(await ctl.get('/faults')).data;
    expect(rules).toMatchObject([{ method: 'GET', path: '/workspace', status: 503, remaining: 2 }]);
    const page = await br.get('/app/');
    expect(page.html).toContain('<code>GET /workspace</code>');
    expect((await br.post('/app/actions/delete-fault', { csrf, id: rules[0].id })).status).toBe(
      303,
    );
    expect(ok(await ctl.get('/faults')).data).toEqual([]);
    const gone = await br.post('/app/actions/delete-fault', { csrf, id: rules[0].id });
    expect(gone.status).toBe(404);
    expect(gone.html).toContain(`no fault rule ${rules[0].id}`);

    await br.post('/app/actions/add-fault', { csrf, path: '/campaigns/*', delayMs: '10' });
    expect((await br.post('/app/actions/clear-faults', { csrf })).status).toBe(303);
    expect(textOf((await br.get('/app/')).html, 'main')).toContain('Removed 1 fault rule.');

    expect((await br.post('/app/actions/reset', { csrf, seed: '', confirm: 'yes' })).status).toBe(
      303,
    );
    const api = await b.client({ workspace: 'demo' });
    expect((await api.get('/campaigns')).body.data).toEqual([]);
    expect((await br.get('/app/')).html).toContain('No campaigns yet');
  });

  it('refuses forms to a key without the backend scope', async () => {
    const reader = await controls({ scopes: ['campaigns:read'] });
    const br = await signedIn(reader);
    const csrf = Browser.csrf(await br.get('/app/'));
    const r = await br.post('/app/actions/advance', { csrf, by: '1d' });
    expect(r.status).toBe(403);
    expect(r.html).toContain('this API key lacks the backend scope');
  });
});

describe('the bundle', () => {
  const dist = new URL('../dist/', import.meta.url).pathname;
  const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  /** The files a module loads before it runs: its static imports, transitively (never import()). */
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT))
      closure(join(dirname(file), m[1]!), seen);
    return seen;
  };
  const chunks = () =>
    readdirSync(join(dist, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(dist, 'chunks', f));
  const holding = (text: string) => chunks().filter((f) => readFileSync(f, 'utf8').includes(text));

  it.skipIf(!existsSync(join(dist, 'cli.js')))(
    'loads the pages only on a page request: not at CLI start-up, not with the app',
    () => {
      const pages = holding('Skip to content');
      const style = holding('--impressions:');
      expect(pages).toHaveLength(1);
      expect(style).toHaveLength(1);
      const app = holding('function createBackend(');
      expect(app).toHaveLength(1);
      for (const start of [join(dist, 'cli.js'), app[0]!]) {
        const loaded = closure(start);
        expect(loaded.has(pages[0]!), start).toBe(false);
        expect(loaded.has(style[0]!), start).toBe(false);
      }
    },
  );
});
