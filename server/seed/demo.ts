import { createHash } from 'node:crypto';
import { systemActor } from '../domain/actor.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import { Catalog, SHARED } from '../domain/catalog.ts';
import type { DataStoreRow } from '../domain/data-stores.ts';
import type { Services } from '../domain/services.ts';
import type { AdAccountInput, WorkspaceRow } from '../domain/workspaces.ts';
import { withStableIds } from '../lib/ids.ts';
import { SCOPES } from '../schemas/common.ts';
import { ytChannel, ytCommentThread, ytVideo } from '../schemas/youtube.ts';
import { demoContent, type DemoContent, type DemoTheme } from './demo-content.ts';

/** Fixed account ids, so a demo looks the same on every machine. The first is the default. */
export const DEMO_ACCOUNTS: AdAccountInput[] = [
  {
    customerId: '5123847260',
    name: 'Demo Brands US',
    currencyCode: 'USD',
    timeZone: 'America/Los_Angeles',
  },
  {
    customerId: '7301946825',
    name: 'Demo Brands Europe',
    currencyCode: 'EUR',
    timeZone: 'Europe/Berlin',
  },
];

/** Customer ids are unique across the store, so a demo under another slug gets stable ids of its own. */
export function demoAccountsFor(slug: string): AdAccountInput[] {
  if (slug === 'demo') return DEMO_ACCOUNTS;
  return DEMO_ACCOUNTS.map((a, i) => {
    const n =
      BigInt(
        '0x' + createHash('sha256').update(`demo-account:${slug}:${i}`).digest('hex').slice(0, 15),
      ) % 9_000_000_000n;
    return { ...a, customerId: String(1_000_000_000n + n) };
  });
}

/** The demo's brands (the eval reads them too, as the generator sees a workspace's brands). */
export const DEMO_BRANDS = {
  northwind: {
    name: 'Northwind Outdoor',
    website: 'https://www.northwindoutdoor.example',
    description:
      'Lightweight backpacks, tents and trail running shoes, designed in Boulder, Colorado and tested on long trails. Known for the Ridgeline packs, the Skyline trekking pole tents and the Talus trail shoe, all covered by a lifetime repair programme.',
  },
  ember: {
    name: 'Ember & Grind Coffee Co.',
    website: 'https://www.emberandgrind.example',
    description:
      'Specialty coffee gear for home brewers from Portland, Oregon: the Ridge hand grinder, a temperature-control gooseneck kettle, and small-batch roasted beans by subscription.',
  },
  switchback: {
    name: 'Switchback Vans',
    website: 'https://www.switchbackvans.example',
    description:
      'Campervan rentals from Munich, Innsbruck and Milan: compact, fully equipped vans with solar power and a kitchen, for road trips through the Alps and the Dolomites.',
  },
} as const;

/** Campaign names, for code that builds on the demo (e.g. publishing the platform campaign). */
export const DEMO_CAMPAIGNS = {
  /** Workspace data stores on its primary audience, no targeting yet. */
  launch: 'Northwind Talus 3 Spring Trail Launch',
  /** A VIDEO campaign with a daily budget: the one to create in the ad platform. */
  platform: 'Northwind Ridgeline Packs Always-On Video',
  /** Uses a saved audience. */
  savedAudience: 'Ember & Grind Home Baristas Q1',
  /** Uses a saved audience that draws on the shared library store. */
  alps: 'Switchback Vans Alps Summer Rentals',
} as const;

export const DEMO_LIBRARY_STORE = 'Trending outdoor & travel creators';

const STORES: Record<DemoTheme, { name: string; description: string }> = {
  hiking: {
    name: 'Hiking & backpacking creators',
    description:
      'Thru-hiking, hut-to-hut and backcountry channels in the US, Canada and the Alps: gear reviews, packing lists and trip reports.',
  },
  trail: {
    name: 'Trail running channels',
    description:
      'Ultrarunning and fell running creators: shoe reviews, race reports, fueling and training.',
  },
  coffee: {
    name: 'Home coffee brewing',
    description:
      'Pour-over and home espresso channels: recipes, grinder and kettle reviews, latte art.',
  },
  travel: {
    name: 'Van life & budget travel',
    description:
      'Full-time van lifers and budget backpackers: van builds, boondocking, night trains and one-bag travel.',
  },
};

/**
 * Loads the demo into a store: shared catalog content, a library store and the `slug` workspace
 * with brands, data stores, saved audiences and campaigns, all in one transaction. A workspace that
 * already exists is left alone, so starting `serve --seed demo` again never duplicates anything.
 */
export function seedDemo(services: Services, slug = 'demo'): Promise<{ workspaceId: string }> {
  const { store } = services.deps;
  return store.write(async () => {
    const existing = await services.workspaces.bySlug(slug);
    if (existing) return { workspaceId: existing.id };
    const ws = await services.workspaces.ensure(slug, {
      exploration: true,
      accounts: demoAccountsFor(slug),
    });
    await fillDemo(services, ws);
    return { workspaceId: ws.id };
  });
}

/**
 * Fills a workspace that has the demo's ad accounts (demoAccountsFor) with the demo: brands, data
 * stores, saved audiences and campaigns, made at the workspace's own time. Used by the seed and by a
 * reset to the demo seed.
 */
export async function fillDemo(services: Services, ws: WorkspaceRow): Promise<void> {
  const { store, clock } = services.deps;
  // Stable ids (per workspace slug): the same demo names the same records on every machine and run,
  // which the OpenAPI document's examples rely on.
  await store.write(() =>
    clock.within(ws.id, () =>
      withStableIds(`demo:${ws.slug}`, async () => {
        const content = demoContent();
        // Dates follow the workspace's clock, so the demo's flights never lie in the past.
        const inDays = (n: number) =>
          new Date(clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
        const [us, europe] = demoAccountsFor(ws.slug).map((a) => formatCustomerId(a.customerId));
        const videosByChannel = await loadCatalog(services, content);
        const videosOf = (channelIds: string[]) =>
          channelIds.flatMap((c) => videosByChannel.get(c) ?? []);

        const library = await ensureLibrary(
          services,
          [...content.themes.hiking, ...content.themes.trail, ...content.themes.travel],
          videosOf,
        );
        const actor = systemActor(ws, SCOPES);

        const brand = {
          northwind: await services.brands.create(actor, DEMO_BRANDS.northwind),
          ember: await services.brands.create(actor, DEMO_BRANDS.ember),
          switchback: await services.brands.create(actor, DEMO_BRANDS.switchback),
        };

        const stores = {} as Record<DemoTheme, string>;
        for (const theme of Object.keys(STORES) as DemoTheme[]) {
          const ds = await services.dataStores.create(actor, STORES[theme]);
          const channelIds = content.themes[theme];
          for (const c of channelIds) await services.dataStores.link('channel', ds.id, c);
          for (const v of videosOf(channelIds)) await services.dataStores.link('video', ds.id, v);
          await services.dataStores.refreshCounts(ds.id);
          stores[theme] = ds.id;
        }

        const audience = {
          backpackers: await services.audiences.create(actor, {
            name: 'Lightweight backpackers',
            description:
              'Hikers who plan multi-day trips and research gear before they buy: thru-hikers, hut-to-hut trekkers and fast packers.',
            kind: 'in_market',
            keywords: [
              'ultralight backpack',
              'backpacking gear list',
              'trekking pole tent',
              'thru hike',
              'hut to hut hiking',
              'backpacking quilt',
              'base weight',
            ],
            topics: ['Hiking & Camping', 'Outdoor Recreation', 'Backpacking'],
            tags: ['outdoor', 'gear buyers'],
            dataStoreIds: [stores.hiking, stores.trail],
          }),
          coffee: await services.audiences.create(actor, {
            name: 'Home coffee enthusiasts',
            description:
              'People who brew pour-over or espresso at home and upgrade their grinder, kettle and beans.',
            kind: 'affinity',
            keywords: [
              'pour over recipe',
              'burr grinder',
              'hand grinder',
              'espresso at home',
              'latte art',
              'gooseneck kettle',
              'light roast',
            ],
            topics: ['Coffee & Tea', 'Cooking & Recipes', 'Kitchen Appliances'],
            tags: ['coffee', 'home barista'],
            dataStoreIds: [stores.coffee],
          }),
          travellers: await services.audiences.create(actor, {
            name: 'Van lifers & budget travellers',
            description:
              'Road-trippers and slow travellers who plan long trips on a budget, by van or by train.',
            kind: 'affinity',
            keywords: [
              'van life',
              'campervan rental',
              'boondocking',
              'night train',
              'interrail',
              'budget travel',
              'dolomites road trip',
            ],
            topics: ['Travel', 'Road Trips', 'Camping'],
            tags: ['travel', 'europe'],
            dataStoreIds: [stores.travel, library.id],
          }),
        };

        // Oldest first, so the workspace summary lists the saved-audience campaigns on top.
        await services.campaigns.create(actor, {
          name: DEMO_CAMPAIGNS.launch,
          objective:
            'Launch the Northwind Talus 3 trail running shoe to trail runners and fast hikers in the US and Canada ahead of the spring race season. Reach people who watch shoe reviews, race reports and training videos, and bring them to the Talus 3 product page. We want new customers rather than existing Northwind buyers; the message is grip and a wider forefoot on rocky, technical trails.',
          brandId: brand.northwind.id,
          industry: 'Outdoor & Sporting Goods',
          language: 'en',
          locations: ['US', 'CA'],
          successMetrics: [
            'Online sales of the Talus 3',
            'Cost per acquisition under $35',
            'Video view rate above 25%',
          ],
          campaignType: 'DEMAND_GEN',
          budget: 25_000,
          budgetType: 'total',
          endDate: inDays(75),
          biddingStrategy: 'MAXIMIZE_CONVERSIONS',
          dataStoreIds: [stores.trail, stores.hiking],
          customerId: us,
        });
        await services.campaigns.create(actor, {
          name: DEMO_CAMPAIGNS.platform,
          objective:
            'Keep the Northwind Ridgeline 35, 45 and 55 packs in front of backpackers planning multi-day trips all year. Show short gear-list and long-term-review style videos to people who watch thru-hiking and hut-to-hut content, and drive purchases on northwindoutdoor.example at a steady cost per sale.',
          brandId: brand.northwind.id,
          industry: 'Outdoor & Sporting Goods',
          language: 'en',
          locations: ['US'],
          successMetrics: [
            'Purchases of Ridgeline packs',
            'Cost per purchase at or under $40',
            'Add-to-cart rate',
          ],
          campaignType: 'VIDEO',
          budget: 150,
          budgetType: 'daily',
          biddingStrategy: 'TARGET_CPA',
          targetCpa: 40,
          dataStoreIds: [stores.hiking],
        });
        await services.campaigns.create(actor, {
          name: DEMO_CAMPAIGNS.savedAudience,
          objective:
            'Sell the Ember & Grind Ridge hand grinder and gooseneck kettle to people who already brew coffee at home and are ready to upgrade. Reach viewers of pour-over recipes, grinder reviews and espresso dialing-in videos, and convert them on the product pages with a first-order discount on beans.',
          brandId: brand.ember.id,
          industry: 'Food & Beverage: Coffee Equipment',
          language: 'en',
          locations: ['US'],
          successMetrics: [
            'Return on ad spend of 4.0 or better',
            'Ridge grinder sales',
            'Bean subscription sign-ups',
          ],
          campaignType: 'DEMAND_GEN',
          budget: 80,
          budgetType: 'daily',
          biddingStrategy: 'TARGET_ROAS',
          targetRoas: 4,
          audienceIds: [audience.coffee.id],
        });
        await services.campaigns.create(actor, {
          name: DEMO_CAMPAIGNS.alps,
          objective:
            'Fill the Switchback Vans summer fleet in Munich, Innsbruck and Milan for June to August. Reach road-trippers and budget travellers in Germany, Austria, Switzerland, the Netherlands and the UK who are planning a summer trip to the Alps or the Dolomites, and drive bookings of one to three weeks.',
          brandId: brand.switchback.id,
          industry: 'Travel: Campervan Rental',
          language: 'en',
          locations: ['DE', 'AT', 'CH', 'NL', 'GB'],
          successMetrics: [
            'Rental bookings of 7 days or more',
            'Cost per booking under €60',
            'Fleet utilisation above 85% in July',
          ],
          campaignType: 'DEMAND_GEN',
          budget: 12_000,
          budgetType: 'total',
          endDate: inDays(150),
          biddingStrategy: 'MAXIMIZE_CONVERSIONS',
          dataStoreIds: [stores.travel],
          audienceIds: [audience.travellers.id, audience.backpackers.id],
          // a Europe-only campaign with its goals in euros: the Europe account, in EUR
          customerId: europe,
        });
      }),
    ),
  );
}

/**
 * Upserts the demo channels, videos and comments into the shared catalog, parsed with the import
 * schemas so the seed passes the same checks as a real Data API export. Returns video ids per channel.
 */
async function loadCatalog(
  services: Services,
  content: DemoContent,
): Promise<Map<string, string[]>> {
  const byChannel = new Map<string, string[]>();
  for (const raw of content.channels)
    await services.catalog.upsertChannel(SHARED, ytChannel.parse(raw));
  for (const raw of content.videos) {
    const v = ytVideo.parse(raw);
    await services.catalog.upsertVideo(SHARED, v);
    byChannel.set(v.snippet.channelId, [...(byChannel.get(v.snippet.channelId) ?? []), v.id]);
  }
  const threads = content.commentThreads.map((t) => ytCommentThread.parse(t));
  for (const { comment, videoId } of Catalog.flattenComments(threads)) {
    if (!videoId) throw new Error(`demo comment ${comment.id} has no video`);
    await services.catalog.upsertComment(SHARED, comment, videoId);
  }
  return byChannel;
}

/** Library stores are shared by all workspaces: a second demo workspace reuses the first one's. */
async function ensureLibrary(
  services: Services,
  channelIds: string[],
  videosOf: (channelIds: string[]) => string[],
): Promise<DataStoreRow> {
  const { store } = services.deps;
  const existing = await store.get<DataStoreRow>(
    "SELECT * FROM data_stores WHERE scope = 'library' AND name = ?",
    DEMO_LIBRARY_STORE,
  );
  if (existing) return existing;
  // its own ids: made once per store, whichever workspace gets the demo first
  return withStableIds('demo-library', () =>
    services.dataStores.createLibrary({
      name: DEMO_LIBRARY_STORE,
      description:
        'A broad, shared store of popular outdoor, trail running and travel creators: hiking gear reviews, ultrarunning, van life and budget travel.',
      channelIds,
      videoIds: videosOf(channelIds),
    }),
  );
}
