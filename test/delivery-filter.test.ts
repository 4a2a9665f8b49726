// @store both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '../server/operations/index.ts';
import {
  ADS_STATUS_FILTERS,
  CAMPAIGN_STATES,
  campaign,
  type Campaign,
} from '../server/schemas/records.ts';
import { DEMO_CAMPAIGNS } from '../server/seed/demo.ts';
import { ADS_STATUS_FILTERS as CLI_FILTERS } from '../src/generated/contract.ts';
import { openApiDocument } from '../server/http/openapi.ts';
import { expectError } from './helpers/assert.ts';
import { testBackend, type Reply, type TestBackend } from './helpers/backend.ts';
import { runCli } from './helpers/cli.ts';
import { cleanupAll, sandbox } from './helpers/process.ts';

/**
 * Delivery state as a first-class filter (issue 15, part 4): GET /campaigns?adsStatus= lists
 * campaigns by adsPlatform.status (ENABLED, PAUSED, REMOVED) or not in the ad platform
 * (unpublished), parsed strictly; every operation that answers with campaigns says what `status`
 * is and what `adsPlatform.status` is; the CLI has `campaigns list --ads-status`.
 */

afterAll(cleanupAll);

let b: TestBackend;
const made: Record<'draft' | 'paused' | 'enabled' | 'removed', Campaign> = {} as never;

function expect400(r: Reply, ...fragments: string[]): string {
  return expectError(r, 400, 'invalid_request', ...fragments).message;
}

async function create(name: string): Promise<Campaign> {
  const r = await b.api.post('/campaigns', {
    name,
    campaignType: 'SEARCH',
    budget: 20,
    budgetType: 'daily',
  });
  expect(r.status).toBe(201);
  return campaign.parse(r.body);
}

async function publish(c: Campaign): Promise<void> {
  expect((await b.api.post(`/campaigns/${c.id}/ads-platform`, {})).status).toBe(200);
}

/** A person turns it on (or removes it) in the ad platform; the service learns it at its next sync. */
async function setInPlatform(c: Campaign, status: 'ENABLED' | 'REMOVED'): Promise<void> {
  await b.store.write(async () => b.services.ads.setStatus(c.id, status));
  b.clock.advance(b.services.ads.syncIntervalMs + 1);
  await b.runner.runDue();
}

const listed = async (query: string) => {
  const r = await b.api.get(`/campaigns?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as Campaign[]).map((c) => c.name);
};

beforeAll(async () => {
  b = await testBackend();
  made.draft = await create('not published');
  made.paused = await create('published paused');
  made.enabled = await create('running');
  made.removed = await create('removed there');
  for (const c of [made.paused, made.enabled, made.removed]) await publish(c);
  await setInPlatform(made.enabled, 'ENABLED');
  await setInPlatform(made.removed, 'REMOVED');
});

describe('GET /campaigns?adsStatus=', () => {
  it('lists the campaigns in each delivery state, and only those', async () => {
    expect(await listed('adsStatus=ENABLED')).toEqual(['running']);
    expect(await listed('adsStatus=PAUSED')).toEqual(['published paused']);
    expect(await listed('adsStatus=REMOVED')).toEqual(['removed there']);
    expect(await listed('adsStatus=unpublished')).toEqual(['not published']);
    // the records say the same
    const running = campaign.parse((await b.api.get(`/campaigns/${made.enabled.id}`)).body);
    expect(running.adsPlatform.status).toBe('ENABLED');
    // the service's own status is not delivery: the running campaign is still a draft here
    expect(running.status).toBe('draft');
  });

  it('combines with the other filters and pages', async () => {
    expect(await listed('adsStatus=ENABLED&status=draft')).toEqual(['running']);
    expect(await listed('adsStatus=ENABLED&status=ready')).toEqual([]);
    expect(await listed('adsStatus=PAUSED&name=running')).toEqual([]);
    const first = await b.api.get('/campaigns?adsStatus=unpublished&limit=1');
    expect(first.body.nextCursor).toBeNull();
    await create('another draft');
    const page1 = await b.api.get('/campaigns?adsStatus=unpublished&limit=1');
    expect(page1.body.data.map((c: Campaign) => c.name)).toEqual(['another draft']);
    const page2 = await b.api.get(
      `/campaigns?adsStatus=unpublished&limit=1&cursor=${encodeURIComponent(page1.body.nextCursor)}`,
    );
    expect(page2.body.data.map((c: Campaign) => c.name)).toEqual(['not published']);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('keeps a key limited to campaigns within its limit', async () => {
    const limited = await b.client({ campaignIds: [made.paused.id] });
    expect((await limited.get('/campaigns?adsStatus=ENABLED')).body.data).toEqual([]);
    expect(
      (await limited.get('/campaigns?adsStatus=PAUSED')).body.data.map((c: Campaign) => c.id),
    ).toEqual([made.paused.id]);
  });

  it('refuses any other value with a 400 naming the parameter and the values it takes', async () => {
    const all = ADS_STATUS_FILTERS.join(', ');
    for (const bad of ['RUNNING', 'active', '', 'ENABLED,PAUSED', 'null']) {
      expect400(
        await b.api.get(`/campaigns?adsStatus=${encodeURIComponent(bad)}`),
        `adsStatus must be one of ${all}`,
      );
    }
    // the right word in the wrong case names the one to send
    expect(expect400(await b.api.get('/campaigns?adsStatus=enabled'))).toBe(
      `adsStatus must be one of ${all}; did you mean "ENABLED"?`,
    );
    expect400(await b.api.get('/campaigns?adsStatus=UNPUBLISHED'), 'did you mean "unpublished"?');
    expect400(
      await b.api.get('/campaigns?adsStatus=ENABLED&adsStatus=PAUSED'),
      'adsStatus',
      'more than once',
    );
    // a misspelt parameter is named with the one it most likely meant
    expect(expect400(await b.api.get('/campaigns?ads_status=ENABLED'))).toBe(
      'unknown query parameter "ads_status"; did you mean "adsStatus"?',
    );
  });
});

describe('the contract documents it', () => {
  it('names the filter and its values in the OpenAPI document', () => {
    const doc = openApiDocument(operations, '0') as any;
    const param = doc.paths['/campaigns'].get.parameters.find((p: any) => p.name === 'adsStatus');
    expect(param).toMatchObject({
      in: 'query',
      required: false,
      schema: { enum: [...ADS_STATUS_FILTERS] },
    });
    expect(param.description ?? param.schema.description).toMatch(/ENABLED/);
    // and the CLI's generated contract carries the same values
    expect([...CLI_FILTERS]).toEqual([...ADS_STATUS_FILTERS]);
  });

  it('says what status and adsPlatform.status mean in every operation that answers with campaigns', () => {
    const answering = operations.filter((op) =>
      JSON.stringify(
        z.toJSONSchema(op.response, { io: 'output', unrepresentable: 'any' }),
      ).includes('adsPlatform'),
    );
    expect(answering.map((op) => op.name).sort()).toEqual(
      [
        'add_campaign_audience',
        'create_ads_campaign',
        'create_campaign',
        'get_campaign',
        'get_workspace',
        'list_campaigns',
        'remove_campaign_audience',
        'update_campaign',
        'update_campaign_audience',
      ].sort(),
    );
    for (const op of answering) expect(op.description, op.name).toContain(CAMPAIGN_STATES);
    expect(CAMPAIGN_STATES).toMatch(/draft.*not delivery.*adsPlatform\.status.*ENABLED/);
  });
});

describe('adcli campaigns list --ads-status', () => {
  it('lists the running campaigns of the local demo, and refuses a value it does not take (exit 2, nothing sent)', async () => {
    const env = sandbox().env;
    const r = await runCli(
      ['campaigns', 'list', '--ads-status', 'ENABLED', '--json', 'name,adsPlatform'],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { name: string; adsPlatform: { status: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.adsPlatform.status).toBe('ENABLED');
    expect(rows.map((x) => x.name)).toContain(DEMO_CAMPAIGNS.platform);
    const unpublished = JSON.parse(
      (
        await runCli(['campaigns', 'list', '--ads-status', 'unpublished', '--json', 'name'], {
          env,
        })
      ).stdout,
    ) as { name: string }[];
    expect(unpublished.map((x) => x.name)).not.toContain(DEMO_CAMPAIGNS.platform);
    expect(unpublished.length).toBeGreaterThan(0);
    const bad = await runCli(['campaigns', 'list', '--ads-status', 'running'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--ads-status');
    expect(bad.stderr).toContain('ENABLED');
    const help = await runCli(['campaigns', 'list', '--help'], { env });
    expect(help.stdout).toContain('--ads-status');
  });
});
