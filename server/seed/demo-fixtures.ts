/**
 * The demo's records as a fixtures document (docs/fixtures.md): its brands, data stores (linked to
 * the demo's catalog channels at once), saved audiences and campaigns, applied to the workspace by
 * the same code as `adcli backend apply`. What a fixtures file does not hold stays code in demo.ts and
 * demo-ads.ts: the shared catalog content, the library store and the platform campaign's history.
 */
import type { FixturesDocument } from '../control/fixtures/schema.ts';
import { DEMO_THEMES, type DemoTheme } from './demo-content.ts';

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

/** The demo's data stores: one per theme of the demo content. */
export const DEMO_STORES: Record<DemoTheme, { name: string; description: string }> = {
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

export interface DemoFixturesOptions {
  /** the demo content's channel ids per theme */
  themes: Record<DemoTheme, string[]>;
  /** the catalog's videos of those channels, in the content's order */
  videosOf(channelIds: string[]): string[];
  /** the shared library store (the server's, so named by its id) */
  libraryStoreId: string;
  /** the date n days from the workspace's today, so the flights never lie in the past */
  endDate(days: number): string;
  /** the demo's ad accounts, formatted: the default (USD) and the Europe one (EUR) */
  accounts: { us: string; europe: string };
}

/**
 * The demo's records: three brands, a data store per theme, three saved audiences and four
 * campaigns, oldest first (so the workspace summary lists the saved-audience campaigns on top).
 */
export function demoFixtures(o: DemoFixturesOptions): FixturesDocument {
  return {
    version: 1,
    brands: (Object.keys(DEMO_BRANDS) as (keyof typeof DEMO_BRANDS)[]).map((ref) => ({
      ref,
      ...DEMO_BRANDS[ref],
    })),
    dataStores: DEMO_THEMES.map((theme) => ({
      ref: theme,
      ...DEMO_STORES[theme],
      catalog: { channelIds: o.themes[theme], videoIds: o.videosOf(o.themes[theme]) },
    })),
    audiences: demoAudiences(o),
    campaigns: demoCampaigns(o),
  };
}

/** The three saved audiences. */
function demoAudiences(o: DemoFixturesOptions): FixturesDocument['audiences'] {
  return [
    {
      ref: 'backpackers',
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
      dataStoreIds: ['@hiking', '@trail'],
    },
    {
      ref: 'home-baristas',
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
      dataStoreIds: ['@coffee'],
    },
    {
      ref: 'van-lifers',
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
      dataStoreIds: ['@travel', o.libraryStoreId],
    },
  ];
}

/** The four campaigns, oldest first. */
function demoCampaigns(o: DemoFixturesOptions): FixturesDocument['campaigns'] {
  return [
    {
      ref: 'talus-launch',
      settings: {
        name: DEMO_CAMPAIGNS.launch,
        objective:
          'Launch the Northwind Talus 3 trail running shoe to trail runners and fast hikers in the US and Canada ahead of the spring race season. Reach people who watch shoe reviews, race reports and training videos, and bring them to the Talus 3 product page. We want new customers rather than existing Northwind buyers; the message is grip and a wider forefoot on rocky, technical trails.',
        brandId: '@northwind',
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
        endDate: o.endDate(75),
        biddingStrategy: 'MAXIMIZE_CONVERSIONS',
        dataStoreIds: ['@trail', '@hiking'],
        customerId: o.accounts.us,
      },
    },
    {
      ref: 'ridgeline-always-on',
      settings: {
        name: DEMO_CAMPAIGNS.platform,
        objective:
          'Keep the Northwind Ridgeline 35, 45 and 55 packs in front of backpackers planning multi-day trips all year. Show short gear-list and long-term-review style videos to people who watch thru-hiking and hut-to-hut content, and drive purchases on northwindoutdoor.example at a steady cost per sale.',
        brandId: '@northwind',
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
        dataStoreIds: ['@hiking'],
      },
    },
    {
      ref: 'home-baristas-q1',
      settings: {
        name: DEMO_CAMPAIGNS.savedAudience,
        objective:
          'Sell the Ember & Grind Ridge hand grinder and gooseneck kettle to people who already brew coffee at home and are ready to upgrade. Reach viewers of pour-over recipes, grinder reviews and espresso dialing-in videos, and convert them on the product pages with a first-order discount on beans.',
        brandId: '@ember',
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
        audienceIds: ['@home-baristas'],
      },
    },
    {
      ref: 'alps-summer',
      settings: {
        name: DEMO_CAMPAIGNS.alps,
        objective:
          'Fill the Switchback Vans summer fleet in Munich, Innsbruck and Milan for June to August. Reach road-trippers and budget travellers in Germany, Austria, Switzerland, the Netherlands and the UK who are planning a summer trip to the Alps or the Dolomites, and drive bookings of one to three weeks.',
        brandId: '@switchback',
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
        endDate: o.endDate(150),
        biddingStrategy: 'MAXIMIZE_CONVERSIONS',
        dataStoreIds: ['@travel'],
        audienceIds: ['@van-lifers', '@backpackers'],
        // a Europe-only campaign with its goals in euros: the Europe account, in EUR
        customerId: o.accounts.europe,
      },
    },
  ];
}
