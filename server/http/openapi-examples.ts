/**
 * Examples for the OpenAPI document, taken from the demo workspace: a request per operation, written
 * here by hand with the demo's own records, and the answer the operation really gives to it. The
 * demo is loaded into a throw-away in-memory store with a fixed clock; each request runs in a write
 * transaction that is rolled back, so every example starts from the same demo. The demo's ids are
 * stable (seed/demo.ts), so the examples name the records of `adcli serve --seed demo`.
 */
import { createControls } from '../control/controls.ts';
import { systemActor } from '../domain/actor.ts';
import { jobHandlers } from '../domain/job-handlers.ts';
import { JobRunner } from '../jobs/runner.ts';
import { createServices, type Services } from '../domain/services.ts';
import { ManualClock } from '../lib/clock.ts';
import { withStableIds } from '../lib/ids.ts';
import type { Operation, OperationContext } from '../operations/operation.ts';
import { SCOPES } from '../schemas/common.ts';
import type { Campaign } from '../schemas/records.ts';
import { DEMO_CAMPAIGNS, DEMO_LIBRARY_STORE } from '../seed/demo.ts';
import { runSeed } from '../seed/index.ts';
import { SqliteStore } from '../store/sqlite/store.ts';
import type { OperationExample } from './openapi.ts';
import { invoke } from '../operations/invoke.ts';

/** The demo's time in the examples. */
export const EXAMPLE_TIME = '2026-03-02T10:00:00.000Z';
/** What campaign links start with in the examples. */
const APP_URL = 'http://127.0.0.1:4010/app';
/** Arrays in an answer are cut to this many items, so a list or a targeting stays readable. */
const MAX_ITEMS = 3;

type Request = Omit<OperationExample, 'response'>;

/** The demo records the example requests name. */
interface Demo {
  campaign: (name: string) => Campaign;
  brand: (name: string) => string;
  audience: (name: string) => string;
  dataStore: (name: string) => string;
  customerIds: string[];
  channelId: string;
  secondChannelId: string;
}

/** One example request per operation of the API, in the demo's terms. */
function requests(d: Demo): Record<string, Request> {
  return {
    ...campaignRequests(d),
    ...targetingRequests(d),
    ...libraryRequests(d),
    ...dataStoreRequests(d),
    ...platformRequests(d),
  };
}

/** The workspace and its campaigns, with their audience slots. */
function campaignRequests(d: Demo): Record<string, Request> {
  const launch = d.campaign(DEMO_CAMPAIGNS.launch);
  const platform = d.campaign(DEMO_CAMPAIGNS.platform);
  const coffee = d.campaign(DEMO_CAMPAIGNS.savedAudience);
  const alps = d.campaign(DEMO_CAMPAIGNS.alps);
  const attached = alps.audiences.find((s) => s.audienceId !== null)!;
  const hiking = d.dataStore('Hiking & backpacking creators');
  const trail = d.dataStore('Trail running channels');
  const northwind = d.brand('Northwind Outdoor');
  const backpackers = d.audience('Lightweight backpackers');
  return {
    get_workspace: {},
    list_campaigns: { query: { limit: '2', adsStatus: 'ENABLED' } },
    create_campaign: {
      body: {
        name: 'Northwind Skyline Tents Autumn Push',
        objective:
          'Sell the Skyline trekking pole tents to backpackers in the US and Canada who plan autumn trips.',
        brandId: northwind,
        industry: 'Outdoor gear',
        language: 'en',
        locations: ['US', 'CA'],
        campaignType: 'SEARCH',
        budget: 40,
        budgetType: 'daily',
        biddingStrategy: 'MAXIMIZE_CONVERSIONS',
        dataStoreIds: [hiking],
        audienceIds: [backpackers],
        customerId: d.customerIds[0]!,
      },
    },
    get_campaign: { params: { campaignId: platform.id } },
    // far enough ahead to stay a valid end date when the example is replayed against a server today
    update_campaign: {
      params: { campaignId: launch.id },
      body: { budget: 30_000, endDate: '2030-05-31' },
    },
    delete_campaign: { params: { campaignId: coffee.id } },
    add_campaign_audience: {
      params: { campaignId: launch.id },
      body: { audienceId: backpackers, name: 'Backpackers planning trips' },
    },
    update_campaign_audience: {
      params: { campaignId: launch.id, slotId: launch.audiences[0]!.id },
      body: { dataStoreIds: [trail] },
    },
    remove_campaign_audience: { params: { campaignId: alps.id, slotId: attached.id } },
  };
}

/** A campaign's targeting: read, generated, edited item by item. */
function targetingRequests(d: Demo): Record<string, Request> {
  const launch = d.campaign(DEMO_CAMPAIGNS.launch);
  const platform = d.campaign(DEMO_CAMPAIGNS.platform);
  return {
    get_targeting: { params: { campaignId: platform.id } },
    generate_targeting: { params: { campaignId: launch.id }, body: {} },
    edit_targeting: {
      params: { campaignId: platform.id, slotId: platform.audiences[0]!.id },
      body: {
        items: [
          { section: 'keywords', text: 'ultralight backpack', matchType: 'PHRASE' },
          { section: 'keywords', text: 'ridgeline pack review', matchType: 'EXACT' },
          { section: 'websites', text: 'northwindoutdoor.example' },
        ],
      },
    },
    change_targeting_items: {
      params: { campaignId: platform.id, slotId: platform.audiences[0]!.id },
      body: {
        remove: [{ section: 'keywords', text: 'switchback vans' }],
        add: [{ section: 'keywords', text: 'ridgeline pack review', matchType: 'EXACT' }],
      },
    },
    list_targeting_exclusions: {
      params: { campaignId: platform.id, slotId: platform.audiences[0]!.id },
    },
  };
}

/** Saved audiences and brands. */
function libraryRequests(d: Demo): Record<string, Request> {
  const trail = d.dataStore('Trail running channels');
  const northwind = d.brand('Northwind Outdoor');
  const backpackers = d.audience('Lightweight backpackers');
  return {
    list_audiences: { query: { limit: '2' } },
    create_audience: {
      body: {
        name: 'Trail runners training for ultras',
        description: 'Runners who train for 50 km and longer races and compare shoes and fueling.',
        kind: 'in_market',
        keywords: ['ultramarathon training', 'trail running shoes', 'race fueling'],
        topics: ['Running & Walking'],
        tags: ['running'],
        dataStoreIds: [trail],
      },
    },
    get_audience: { params: { audienceId: backpackers } },
    update_audience: {
      params: { audienceId: backpackers },
      body: { keywords: ['ultralight backpack', 'thru hike', 'base weight'] },
    },
    delete_audience: { params: { audienceId: backpackers } },
    list_brands: { query: { limit: '2' } },
    create_brand: {
      body: {
        name: 'Summit Roast',
        website: 'https://www.summitroast.example',
        description: 'Small-batch coffee for camp stoves.',
      },
    },
    get_brand: { params: { brandId: northwind } },
    update_brand: {
      params: { brandId: northwind },
      body: { website: 'https://www.northwind.example' },
    },
    delete_brand: { params: { brandId: d.brand('Switchback Vans') } },
  };
}

/** Data stores and what they hold. */
function dataStoreRequests(d: Demo): Record<string, Request> {
  const hiking = d.dataStore('Hiking & backpacking creators');
  const trail = d.dataStore('Trail running channels');
  return {
    list_data_stores: { query: { limit: '2', includeLibrary: 'true' } },
    create_data_store: {
      body: {
        name: 'Alpine hut-to-hut trekking',
        description: 'Hut-to-hut routes in the Alps.',
        channelIds: [d.channelId],
      },
    },
    get_data_store: { params: { dataStoreId: hiking } },
    update_data_store: {
      params: { dataStoreId: trail },
      body: { description: 'Ultrarunning and fell running creators.' },
    },
    delete_data_store: { params: { dataStoreId: trail } },
    list_data_store_channels: { params: { dataStoreId: hiking }, query: { limit: '2' } },
    list_data_store_videos: {
      params: { dataStoreId: hiking },
      query: { limit: '2', channelId: d.channelId },
    },
    import_data_store: {
      params: { dataStoreId: hiking },
      body: {
        channels: [
          {
            kind: 'youtube#channel',
            id: 'UCq7XkTrailNotes00000001',
            snippet: {
              title: 'Trail Notes with Maya',
              description: 'Long-distance hiking in the Sierra and the Rockies.',
              country: 'US',
            },
            statistics: { subscriberCount: '48200', videoCount: '131' },
          },
        ],
        videos: [
          {
            kind: 'youtube#video',
            id: 'tN7kq2LmPzA',
            snippet: {
              channelId: 'UCq7XkTrailNotes00000001',
              title: 'My 2026 John Muir Trail gear list',
              tags: ['jmt', 'gear list'],
            },
            statistics: { viewCount: '21877', likeCount: '904', commentCount: '2' },
            contentDetails: { duration: 'PT18M42S' },
          },
        ],
        comments: [
          {
            kind: 'youtube#commentThread',
            id: 'UgxTrailNotes1',
            snippet: {
              videoId: 'tN7kq2LmPzA',
              topLevelComment: {
                kind: 'youtube#comment',
                id: 'UgxTrailNotes1',
                snippet: {
                  textOriginal: 'Which quilt is that? Looks like 20F.',
                  authorDisplayName: 'sierra_sam',
                },
              },
            },
          },
        ],
      },
    },
  };
}

/** The ad platform, and the exploration of channels. */
function platformRequests(d: Demo): Record<string, Request> {
  const launch = d.campaign(DEMO_CAMPAIGNS.launch);
  return {
    create_ads_campaign: {
      params: { campaignId: launch.id },
      body: { customerId: d.customerIds[0]! },
    },
    list_ads_accounts: {},
    get_performance: { query: { customerId: d.customerIds[0]!, dateRange: 'LAST_7_DAYS' } },
    get_exploration_channel: { params: { channelId: d.channelId } },
    search_exploration_channels: { query: { query: 'trail running', limit: '2' } },
    list_exploration_channel_videos: { params: { channelId: d.channelId }, query: { limit: '2' } },
    list_similar_channels: { params: { channelId: d.channelId }, query: { limit: '2' } },
  };
}

const ROLLBACK = Symbol('rollback');

/** Runs the example requests of `ops` against a fresh demo; throws if any has no example or fails. */
export async function buildExamples(
  ops: readonly Operation[],
): Promise<Map<string, OperationExample>> {
  const store = SqliteStore.memory();
  try {
    const services = createServices({ store, clock: new ManualClock(EXAMPLE_TIME) });
    const runner = new JobRunner(services.deps, services.jobs, jobHandlers(services));
    const ctx: OperationContext = { ...services, controls: createControls(services, { runner }) };
    const { workspaceId } = await store.write(() => runSeed(services, 'demo'));
    const ws = (await services.workspaces.bySlug('demo'))!;
    const actor = { ...systemActor(ws, SCOPES), appUrl: APP_URL };
    const run = <T>(fn: () => Promise<T>) => services.deps.clock.within(workspaceId, fn);
    const demo = await run(() => demoOf(services, actor));
    const wanted = requests(demo);
    const out = new Map<string, OperationExample>();
    for (const op of ops) {
      const req = wanted[op.name];
      if (!req)
        throw new Error(
          `the OpenAPI examples have no request for operation ${op.name} (server/http/openapi-examples.ts)`,
        );
      let answer: unknown;
      try {
        // through invoke, as every door: the operation's scope, schemas and clock. What an example
        // creates gets a stable id too, so the document is the same at every start.
        await withStableIds(`example:${op.name}`, () =>
          store.write(async () => {
            const r = await invoke(ctx, op, actor, {
              params: req.params ?? {},
              query: req.query ?? {},
              body: req.body,
            });
            answer = r.replayed ? JSON.parse(r.text) : r.value;
            throw ROLLBACK;
          }),
        );
      } catch (e) {
        if (e !== ROLLBACK)
          throw new Error(`the OpenAPI example of ${op.name} failed: ${(e as Error).message}`);
      }
      out.set(op.name, { ...req, response: shorten(JSON.parse(JSON.stringify(answer))) });
    }
    return out;
  } finally {
    await store.close();
  }
}

async function demoOf(services: Services, actor: ReturnType<typeof systemActor>): Promise<Demo> {
  const byName =
    <T extends { name: string; id: string }>(items: T[], what: string) =>
    (name: string) => {
      const found = items.find((i) => i.name === name);
      if (!found) throw new Error(`the demo has no ${what} named ${name}`);
      return found;
    };
  const campaigns = byName((await services.campaigns.list(actor, { limit: 100 })).data, 'campaign');
  const brands = byName((await services.brands.list(actor, { limit: 100 })).data, 'brand');
  const audiences = byName((await services.audiences.list(actor, { limit: 100 })).data, 'audience');
  const stores = (await services.dataStores.list(actor, { limit: 100, includeLibrary: true })).data;
  const channels = (
    await services.dataStores.channels(
      actor,
      stores.find((s) => s.name === DEMO_LIBRARY_STORE)!.id,
      { limit: 2 },
    )
  ).data;
  const accounts = await services.ads.accounts(actor);
  return {
    campaign: (name) => campaigns(name),
    brand: (name) => brands(name).id,
    audience: (name) => audiences(name).id,
    dataStore: (name) => byName(stores, 'data store')(name).id,
    customerIds: accounts.map((a) => a.customerId),
    channelId: channels[0]!.channelId,
    secondChannelId: channels[1]!.channelId,
  };
}

/** The answer with every array cut to MAX_ITEMS items. */
function shorten(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, MAX_ITEMS).map(shorten);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x)]));
  return v;
}

let cached:
  { ops: readonly Operation[]; examples: Promise<Map<string, OperationExample>> } | undefined;

/** The examples of the API's operation table, built once per process (a failed build is tried again). */
export function apiExamples(ops: readonly Operation[]): Promise<Map<string, OperationExample>> {
  if (cached?.ops !== ops) {
    const entry = { ops, examples: buildExamples(ops) };
    void entry.examples.catch(() => {
      if (cached === entry) cached = undefined;
    });
    cached = entry;
  }
  return cached.examples;
}
