// @store both
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countries,
  isLanguageTag,
  isLocationCode,
  languageProblem,
  locationProblem,
} from '../server/schemas/codes.ts';
import { operations } from '../server/operations/index.ts';
import { parseOrThrow } from '../server/schemas/validation.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { cleanupAll, killAll, runAdcli, sandbox } from './helpers/process.ts';

/**
 * Country, region and language codes of a campaign: ISO 3166-1 alpha-2 countries,
 * ISO 3166-2 regions, BCP 47 languages, checked alike by the server (400) and the CLI (exit 2,
 * nothing sent), with a suggestion.
 */

describe('the code tables', () => {
  it('has exactly the 249 ISO 3166-1 countries: no groupings, no reserved or deprecated codes', () => {
    expect(countries().size).toBe(249);
    for (const code of ['US', 'DE', 'GB', 'CW', 'SS', 'AX', 'BQ', 'TW', 'PS'])
      expect(countries().has(code), code).toBe(true);
    // EU/UN: groupings; XK: user-assigned; AC/IC: exceptionally reserved; UK/DD/YU/AN: deprecated aliases
    for (const code of ['EU', 'UN', 'XK', 'ZZ', 'AC', 'IC', 'UK', 'DD', 'YU', 'AN', 'QO', 'XA'])
      expect(countries().has(code), code).toBe(false);
  });

  it('takes countries and regions in upper case', () => {
    for (const ok of ['US', 'DE', 'US-CA', 'DE-BY', 'GB-ENG', 'FR-75C', 'CN-11'])
      expect(isLocationCode(ok), ok).toBe(true);
    for (const bad of [
      'us',
      'Us',
      'us-ca',
      'US-ca',
      'USA',
      'US-',
      'US-CALI',
      'XX-CA',
      'UK-ENG',
      'Germany',
      '',
      ' US',
      'US ',
    ])
      expect(isLocationCode(bad), bad).toBe(false);
  });

  it('takes known BCP 47 tags in canonical form, without extensions', () => {
    for (const ok of [
      'en',
      'de',
      'pt-BR',
      'zh-Hant',
      'zh-Hant-TW',
      'es-419',
      'fil',
      'yue',
      'sr-Latn',
      'ca-Latn-ES-valencia',
    ])
      expect(isLanguageTag(ok), ok).toBe(true);
    for (const bad of [
      'EN',
      'pt-br',
      'PT-BR',
      'deu',
      'iw',
      'german',
      'German',
      'xx',
      'und',
      'mul',
      'en-AA',
      'en_US',
      'en-US-u-ca-buddhist',
      'en-x-private',
      '',
      'e',
    ]) {
      expect(isLanguageTag(bad), bad).toBe(false);
    }
  });
});

describe('suggestions', () => {
  const suggested = (problem: string | null) =>
    [...(problem ?? '').matchAll(/"([^"]+)" \(/g)].map((m) => m[1]);

  it.each([
    ['Germany', ['DE']],
    ['germany', ['DE']],
    ['Deutschland', ['DE']],
    ['Germny', ['DE']],
    ['UK', ['GB']],
    ['us', ['US']],
    ['us-ca', ['US-CA']],
    ['UK-ENG', ['GB-ENG']],
    ['USA', ['US']],
    ['United States of America', ['US']],
    ['276', ['DE']],
    ['Turkey', ['TR']],
    ['Saint Lucia', ['LC']],
    ['Congo', ['CD', 'CG']],
  ])('location %j → %j', (value, codes) => {
    expect(suggested(locationProblem(value))).toEqual(codes);
  });

  it.each([
    ['german', ['de']],
    ['German', ['de']],
    ['deu', ['de']],
    ['EN', ['en']],
    ['pt-br', ['pt-BR']],
    ['en_US', ['en-US']],
    ['iw', ['he']],
    ['Deutsch', ['de']],
    ['español', ['es']],
    ['Brazilian Portuguese', ['pt-BR']],
    ['en-US-u-ca-buddhist', ['en-US']],
    ['Portugese', ['pt']],
  ])('language %j → %j', (value, codes) => {
    expect(suggested(languageProblem(value))).toEqual(codes);
  });

  it('says when only the case is wrong, and what a code looks like when nothing is close', () => {
    expect(locationProblem('us')).toBe(
      '"us" is not a country or region code as written (codes are upper case); did you mean "US" (United States)?',
    );
    expect(languageProblem('EN')).toContain('not a language tag as written');
    expect(locationProblem('Atlantis')).toBe(
      '"Atlantis" is not an ISO 3166 country or region code; use a two-letter country code such as US or DE, or a region code such as US-CA',
    );
    expect(languageProblem('Klingonish')).toBe(
      '"Klingonish" is not a known BCP 47 language tag; use a language code such as en, de or pt-BR',
    );
    expect(locationProblem('US')).toBeNull();
    expect(languageProblem('pt-BR')).toBeNull();
  });
});

describe('the API checks the codes (400 naming the field)', () => {
  let b: TestBackend;
  let api: Client;
  beforeEach(async () => {
    b = await testBackend();
    api = b.api;
  });

  it('refuses an unknown location on create, naming the item, with a suggestion', async () => {
    const r = await api.post('/campaigns', { name: 'x', locations: ['US', 'Germany'] });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.message).toBe(
      'locations[1]: "Germany" is not an ISO 3166 country or region code; did you mean "DE" (Germany)?',
    );
    expect((await b.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n).toBe(0);
  });

  it('refuses an unknown language on create and update, and stores valid codes as given', async () => {
    const bad = await api.post('/campaigns', { name: 'x', language: 'German' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'language: "German" is not a known BCP 47 language tag; did you mean "de" (German)?',
    );

    const created = await api.post('/campaigns', {
      name: 'x',
      language: 'pt-BR',
      locations: ['BR', 'BR-SP'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ language: 'pt-BR', locations: ['BR', 'BR-SP'] });

    const patch = await api.patch(`/campaigns/${created.body.id}`, {
      language: 'deu',
      locations: ['us'],
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toContain(
      'language: "deu" is not a known BCP 47 language tag; did you mean "de" (German)?',
    );
    expect(patch.body.error.message).toContain(
      'locations[0]: "us" is not a country or region code as written',
    );
    expect((await api.get(`/campaigns/${created.body.id}`)).body).toMatchObject({
      language: 'pt-BR',
      locations: ['BR', 'BR-SP'],
    });
  });

  it('keeps the contract bounds first: an over-long value is told by its length alone', async () => {
    const r = await api.post('/campaigns', {
      name: 'x',
      language: 'x'.repeat(21),
      locations: ['y'.repeat(81)],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(
      'language must be at most 20 characters; locations[0] must be at most 80 characters',
    );
  });

  it('the MCP tools and the CLI use the same schema: the table check gives the same message', () => {
    const op = operations.find((o) => o.name === 'create_campaign')!;
    expect(() => parseOrThrow(op.body!, { name: 'x', locations: ['Germany'] }, 'body')).toThrow(
      'locations[0]: "Germany" is not an ISO 3166 country or region code; did you mean "DE" (Germany)?',
    );
  });
});

describe('the CLI checks the codes before sending anything (exit 2)', () => {
  const seen: string[] = [];
  let baseUrl = '';
  let close: () => void = () => {};
  beforeEach(async () => {
    seen.length = 0;
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end('{"error":{"code":"internal","message":"should not be called"}}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    close = () => server.close();
  });
  afterEach(async () => {
    close();
    await killAll();
  });
  afterAll(cleanupAll);

  it('campaigns create --location Germany: exit 2 with the suggestion, no request', async () => {
    const env = { ...sandbox().env, ADCLI_BASE_URL: baseUrl, ADCLI_API_KEY: 'adk_test_never_used' };
    const r = await runAdcli(['campaigns', 'create', '--name', 'x', '--location', 'Germany'], {
      env,
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      '--location: "Germany" is not an ISO 3166 country or region code; did you mean "DE" (Germany)?',
    );
    expect(r.stdout).toBe('');

    const lang = await runAdcli(
      ['campaigns', 'update', 'a'.repeat(24), '--language', 'German', '--json'],
      { env },
    );
    expect(lang.code, lang.stderr).toBe(2);
    expect(JSON.parse(lang.stderr)).toEqual({
      error: {
        message:
          '--language: "German" is not a known BCP 47 language tag; did you mean "de" (German)?',
        exitCode: 2,
      },
    });
    expect(seen).toEqual([]);
  });
});

describe('regions exist (ISO 3166-2, checked on the server with the iso-3166 list)', () => {
  let b: TestBackend;
  let api: Client;
  beforeEach(async () => {
    b = await testBackend();
    api = b.api;
  });

  it('takes real subdivisions, nested ones included, on create and update', async () => {
    const r = await api.post('/campaigns', {
      name: 'x',
      locations: ['US-CA', 'DE-BY', 'GB-ENG', 'FR-75C', 'CN-BJ'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(
      (await api.patch(`/campaigns/${r.body.id}`, { locations: ['AT-9', 'CH-ZH'] })).status,
    ).toBe(200);
  });

  it('refuses a region code its country does not have, naming the item, with the nearest ones', async () => {
    const created = await api.post('/campaigns', { name: 'x', locations: ['DE', 'DE-BAY'] });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe(
      'locations[1]: "DE-BAY" is not an ISO 3166-2 region of Germany; did you mean "DE-BY" (Bayern)?',
    );
    expect((await b.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n).toBe(0);
    const ok = await api.post('/campaigns', { name: 'y' });
    const patch = await api.patch(`/campaigns/${ok.body.id}`, { locations: ['US-QQQ'] });
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toMatch(
      /^locations\[0\]: "US-QQQ" is not an ISO 3166-2 region of United States; region codes of United States look like US-\w+ \(.+\), or use the country code US$/,
    );
    expect((await api.get(`/campaigns/${ok.body.id}`)).body.locations).toEqual(['US']);
  });

  it('refuses free text on update as on create', async () => {
    const ok = await api.post('/campaigns', { name: 'y' });
    const r = await api.patch(`/campaigns/${ok.body.id}`, {
      locations: ['Germany', 'Austria'],
      language: 'German',
    });
    expect(r.status).toBe(400);
    for (const m of ['"Germany"', '"DE"', '"Austria"', '"AT"', '"German"', '"de"'])
      expect(r.body.error.message).toContain(m);
  });
});

describe('the ad-platform account of a new campaign (customerId on create)', () => {
  let b: TestBackend;
  let api: Client;
  let euro: string;
  beforeEach(async () => {
    b = await testBackend();
    api = b.api;
    const ws = await b.workspaceId();
    await b.store.write(async () =>
      b.services.workspaces.addAccount(
        ws,
        {
          customerId: '2223334444',
          name: 'Acme Europe',
          currencyCode: 'EUR',
          timeZone: 'Europe/Berlin',
        },
        false,
      ),
    );
    euro = '222-333-4444';
  });

  it('puts the campaign in the named account (dashes optional), whose currency the budget is in', async () => {
    const r = await api.post('/campaigns', {
      name: 'DACH',
      campaignType: 'VIDEO',
      locations: ['DE', 'AT'],
      language: 'de',
      budget: 40,
      budgetType: 'daily',
      customerId: '2223334444',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.adsPlatform).toMatchObject({
      customerId: euro,
      accountName: 'Acme Europe',
      campaignId: null,
      status: null,
    });
    const accounts = (await api.get('/ads-platform/accounts')).body.data as {
      customerId: string;
      currencyCode: string;
    }[];
    expect(accounts.find((a) => a.customerId === r.body.adsPlatform.customerId)!.currencyCode).toBe(
      'EUR',
    );
    // published without naming the account again, it goes to that one
    expect(
      (await api.post('/campaigns/' + r.body.id + '/ads-platform', {})).body.adsPlatform,
    ).toMatchObject({ customerId: euro, status: 'PAUSED' });
    // without customerId: the workspace's default account, as before
    const plain = await api.post('/campaigns', { name: 'US' });
    expect(plain.body.adsPlatform.customerId).not.toBe(euro);
    expect(plain.body.adsPlatform.customerId).toBe(accounts[0]!.customerId);
  });

  it('refuses an account the workspace does not have (400 naming list_ads_accounts) or the key may not use (403)', async () => {
    const missing = await api.post('/campaigns', { name: 'x', customerId: '999-999-9999' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(
      'customerId: no ad-platform account 999-999-9999 in this workspace; list_ads_accounts lists the accounts this key may use',
    );
    const malformed = await api.post('/campaigns', { name: 'x', customerId: 'EUR account' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain('customerId');
    const defaultAccount = (await api.get('/ads-platform/accounts')).body.data[0]
      .customerId as string;
    const limited = await b.client({ customerIds: ['2223334444'] });
    const r = await limited.post('/campaigns', { name: 'x', customerId: defaultAccount });
    expect(r.status).toBe(403);
    expect((await limited.post('/campaigns', { name: 'x', customerId: euro })).status).toBe(201);
    expect((await b.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM campaigns'))!.n).toBe(1);
  });

  it('says in the descriptions that budgets are in the account currency', () => {
    const create = operations.find((o) => o.name === 'create_campaign')!;
    expect(create.description).toMatch(/customerId/);
    expect(create.description).toMatch(/currency/);
    expect(create.description).toMatch(/list_ads_accounts/);
    expect(operations.find((o) => o.name === 'list_ads_accounts')!.description).toMatch(
      /currency.*create_campaign/,
    );
  });
});
