// Synthetic video-platform content for benches and tests, built once here and shared.
//
// The corpora are synthetic but read like the real thing: titles, descriptions, tags and comments
// are drawn with a seeded PRNG (mulberry32) from per-theme sentence pools (trail running, coffee,
// van life), with product names, creator footers, boilerplate and spam mixed in, so the same corpus
// is built on every machine. `importBodies` turns a corpus into the YouTube Data API shapes that
// POST /data-stores/{id}/import takes, in requests within its limits.
import { mulberry32 } from '../server/lib/random.ts';
import { importLimits, type ImportBody } from '../server/schemas/youtube.ts';
import type {
  Corpus,
  CorpusChannel,
  CorpusComment,
  CorpusVideo,
} from '../server/targeting/types.ts';

export interface Theme {
  channel: { title: string; handle: string; keywords: string; description: string };
  footer: string;
  products: string[];
  places: string[];
  titles: string[];
  descriptions: string[];
  tags: string[];
  comments: string[];
  questions: string[];
}

// {P} a product, {L} a place, {N} a number
export const THEMES: Theme[] = [
  {
    channel: {
      title: 'Ridge & Rock Running',
      handle: 'ridgeandrock',
      keywords: 'trail running ultramarathon "trail shoes" "race report" "mountain running"',
      description:
        'Trail running, ultramarathons and honest shoe reviews from the mountains. Every shoe gets at least 100 miles before I review it.\nTraining plans: https://www.ridgeandrock.example/plans\nInstagram: https://instagram.com/ridgeandrock',
    },
    footer:
      'Training plans: https://www.ridgeandrock.example/plans\nShoe discounts: https://bit.ly/rr-shoes\nShoes are bought by me or sent with no say over the review.',
    products: [
      'Salomon Speedcross 6',
      'Hoka Speedgoat 5',
      'La Sportiva Bushido',
      'Altra Lone Peak 8',
      'Nike Pegasus Trail',
      'Salomon Sense Ride',
    ],
    places: [
      'the Lake District',
      'Chamonix',
      'the Grand Canyon',
      'Flagstaff',
      'the Dolomites',
      'Western States',
    ],
    titles: [
      '{P} review after {N} miles',
      'My first 100 mile race in {L}',
      '{P} vs {P}: which trail shoe should you buy?',
      'How to fuel an ultramarathon without stomach problems',
      'Downhill running technique for steep technical trails',
      'Race report: {N}K trail race in {L}',
      'Strength training for trail runners: 20 minute routine',
    ],
    descriptions: [
      'I put {N} miles on the {P} in {L}, on rocky descents, wet grass and long fire roads.',
      'Grip, cushioning and the toe box are what matter most in a trail running shoe, and here is how the {P} compares.',
      'Fuelling for an ultramarathon comes down to carbs per hour, electrolytes and practising in training.',
      'The aid station strategy that got me to the finish line of my first 100 mile race.',
      'Trail running shoes wear out faster on rocky terrain, so rotate two pairs.',
    ],
    tags: [
      'trail running',
      'ultramarathon',
      'trail running shoes',
      'shoe review',
      'race report',
      'mountain running',
      'ultra fueling',
      'trail race',
    ],
    comments: [
      'The {P} was the only shoe that survived the rocks in {L} for me.',
      'Ran my first 50K in the {P} and had zero blisters.',
      'My {P} lasted about {N} miles before the lugs wore down.',
      'Practising fuelling on long runs made the biggest difference in my first ultramarathon.',
      'Downhill running is a skill, short quick steps saved my quads at {L}.',
      'The toe box on the {P} is finally wide enough for my feet.',
      'Strength training twice a week fixed my knee pain on long descents.',
      'Trail running in {L} is on my bucket list after this.',
      'I rotate the {P} with a road shoe and my legs feel fresher.',
      'Electrolytes every hour and I stopped cramping late in races.',
    ],
    questions: [
      'How does the {P} fit compared to the {P}?',
      'What would you carry for a {N}K mountain race?',
      'Is the {P} good on wet rock?',
    ],
  },
  {
    channel: {
      title: 'Morning Extraction',
      handle: 'morningextraction',
      keywords: 'coffee espresso "pour over" "latte art" "home espresso" grinder',
      description:
        'Home espresso, pour over and coffee gear explained without the snobbery. Every recipe is tested with a scale and a timer.\nRecipes: https://morningextraction.example/recipes\nNewsletter: https://bit.ly/mx-news\nTikTok: https://www.tiktok.com/@morningextraction',
    },
    footer:
      'Recipes: https://morningextraction.example/recipes\nBeans I like: https://www.beanroute.example\nSome links are affiliate links.',
    products: [
      'Breville Bambino',
      'Hario V60',
      'Baratza Encore',
      'Comandante C40',
      'AeroPress Go',
      'Gaggia Classic',
    ],
    places: ['Melbourne', 'Portland', 'Oslo', 'Tokyo', 'Lisbon', 'Bogotá'],
    titles: [
      '{P} review: the best espresso machine for beginners?',
      'Pour over coffee recipe with the {P}',
      'Latte art for beginners: pour a heart in {N} days',
      'Light roast vs dark roast espresso, blind tasting',
      'Cheap burr grinder vs expensive grinder for pour over',
      'Coffee shops in {L} every coffee lover should visit',
      'How to dial in espresso with the {P}',
    ],
    descriptions: [
      'Dialing in espresso on the {P}: grind size, dose, yield and brew time, step by step.',
      'A pour over recipe for light roasts: 15 grams of coffee, 250 grams of water and a 45 second bloom.',
      'Milk steaming and latte art practice with whole milk and oat milk.',
      'Why a good burr grinder matters more than the espresso machine.',
      'Specialty coffee in {L}: the roasters and cafés worth a detour.',
    ],
    tags: [
      'coffee',
      'espresso',
      'pour over',
      'latte art',
      'home espresso',
      'coffee grinder',
      'burr grinder',
      'specialty coffee',
    ],
    comments: [
      'Grinding finer on the {P} fixed my sour shots.',
      'The {P} was my first espresso machine and it still pulls great shots.',
      'A 45 second bloom made my pour over so much sweeter.',
      'Latte art finally clicked when I started pouring closer to the cup.',
      'Fresh beans with a roast date matter more than any gear upgrade.',
      'Visited a roaster in {L} after this and the light roast was incredible.',
      'The {P} grinder is worth every penny for pour over.',
      'Oat milk never steams as well for me as whole milk.',
      'Weighing the coffee and water changed everything about my morning cup.',
      'My {P} needed descaling and the espresso tastes so much better now.',
    ],
    questions: [
      'What grind setting do you use on the {P}?',
      'Is the {P} good enough for espresso?',
      'Which beans would you recommend for pour over?',
    ],
  },
  {
    channel: {
      title: 'Open Road Van Co',
      handle: 'openroadvan',
      keywords: 'vanlife "van build" "van life" campervan "road trip" "solar setup"',
      description:
        'Two people and a dog living full time in a self-built cargo van: national parks, public lands and remote work from the road.\nBuild guide: https://www.openroadvan.example/build\nPatreon: https://www.patreon.com/openroadvan',
    },
    footer:
      'Build guide and wiring diagram: https://www.openroadvan.example/build\nSolar kit: https://amzn.to/3VanSolar\nWe pay for everything in our van.',
    products: [
      'Ford Transit',
      'Ram ProMaster',
      'Mercedes Sprinter',
      'Victron MultiPlus',
      'Battle Born battery',
      'Maxxair fan',
    ],
    places: [
      'Utah',
      'Baja California',
      'the Pacific Northwest',
      'Patagonia',
      'the Scottish Highlands',
      'Norway',
    ],
    titles: [
      'Our {P} van build: full tour after {N} months',
      'Van life in {L}: where we camp for free',
      'Solar setup explained: {N} watts and a lithium battery',
      'Winter van life: diesel heater, insulation and condensation',
      'Road trip costs: what a month of van life really costs',
      'Remote work from a van with satellite internet',
      'Building a van kitchen with a fridge and two burner stove',
    ],
    descriptions: [
      'Our {P} has {N} watts of solar, a lithium battery and a diesel heater for winter.',
      'Dispersed camping on public land in {L}: how we find spots and leave no trace.',
      'Insulation, ventilation and a roof fan are what beat condensation in a camper van.',
      'Working remotely from the road means planning around signal and power.',
      'A month of van life in {L} cost us less than rent, fuel included.',
    ],
    tags: [
      'van life',
      'vanlife',
      'van build',
      'campervan',
      'road trip',
      'solar setup',
      'diesel heater',
      'dispersed camping',
    ],
    comments: [
      'We built our {P} last year and your wiring diagram saved us weeks.',
      'The diesel heater was the best upgrade for our winter in {L}.',
      'Dispersed camping in {L} was the highlight of our road trip.',
      'Condensation was our biggest problem until we added a roof fan.',
      'Our {P} has {N} watts of solar and it is plenty for two laptops.',
      'Remote work from the van only works with a good signal booster.',
      'Insulating the floor made a huge difference in our campervan.',
      'We spent a month in {L} and barely paid for a campsite.',
      'The {P} is the best thing we put in our van build.',
      'Leave no trace, we always pack out everything from public land.',
    ],
    questions: [
      'How much did your {P} build cost in total?',
      'Which battery would you buy again for a {N} watt setup?',
      'Where do you fill water in {L}?',
    ],
  },
];

/** Qualifiers appended to comment sentences, so that, as in real comment sections, most sentences are unique. */
const QUALIFIERS = [
  'after {N} weeks',
  'this spring',
  'last weekend',
  'with my partner',
  'in the rain',
  'on a tight budget',
  'at {N} in the morning',
  'for about {N} dollars',
  'over the holidays',
  'since {N} days ago',
  'with my kids',
  'on my second try',
  'before work',
  'in {L}',
  'during a heatwave',
  'with a friend from {L}',
  'for the {N}th time',
  'after your last video',
  'on a rainy Sunday',
  'right before winter',
];

const OPENERS = [
  'Great video!',
  'Love this.',
  'Super helpful as always.',
  'Thanks for being so honest.',
  'Saving this for later.',
];
const BOILERPLATE = [
  'First!',
  'nice video',
  'Nice',
  '👍👍👍',
  'Great content, keep it up!',
  "Who's watching in 2026?",
  'Early squad 🙌',
  'Awesome',
];
const SPAM = [
  'Check out my channel!!! 🔥🔥🔥 new videos every day',
  'free gift cards at www.giftcard-drop.example 💰💰 limited time only',
  'I made $4,800 last week trading from home, message me on Telegram @fastgains 📈',
  "Sub to me and I'll sub back!! 🙏",
  'Get 10,000 followers FAST → https://bit.ly/followers-boost-now',
  'BEST CRYPTO SIGNALS IN THE WORLD JOIN NOW',
];
const AUTHORS = [
  '@jen.hikes',
  '@trailmixtom',
  '@mountain_mo',
  '@latte_lucie',
  '@vanlife_kira',
  '@nomadnico',
  '@benjiruns',
  '@kenji.brews',
  '@isla_runs',
  '@wes_wanders',
];
const ID = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A corpus of `videos` videos with `commentsPerVideo` comments each, spread over the channels of
 * `themes` (one channel per theme); the same arguments give the same corpus on every machine.
 */
export function syntheticCorpus(
  videos: number,
  commentsPerVideo: number,
  seed: number,
  themes: readonly Theme[] = THEMES,
): Corpus {
  const rng = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const id = (prefix: string, n: number) => {
    let s = prefix;
    for (let i = 0; i < n; i++) s += ID[Math.floor(rng() * 64)];
    return s;
  };
  const fill = (t: Theme, s: string) =>
    s
      .replace(/\{P\}/g, () => pick(t.products))
      .replace(/\{L\}/g, () => pick(t.places))
      .replace(/\{N\}/g, () => String(5 + Math.floor(rng() * 400)));
  const channels: CorpusChannel[] = [];
  const perTheme = themes.map((t, i) => {
    const ch: CorpusChannel = {
      id: id('UC', 22),
      title: t.channel.title,
      description: t.channel.description,
      handle: t.channel.handle,
      keywords: t.channel.keywords,
      country: 'US',
      subscribers: 10_000 * (i + 1),
    };
    channels.push(ch);
    return ch;
  });
  const out: CorpusVideo[] = [];
  for (let v = 0; v < videos; v++) {
    const ti = v % themes.length;
    const t = themes[ti]!;
    const comments: CorpusComment[] = [];
    for (let c = 0; c < commentsPerVideo; c++) {
      const roll = rng();
      let text: string;
      if (roll < 0.08) text = pick(SPAM);
      else if (roll < 0.18) text = pick(BOILERPLATE);
      else {
        text = fill(t, pick(t.comments));
        if (rng() < 0.8) text = text.replace(/([.!?])$/, ` ${fill(t, pick(QUALIFIERS))}$1`);
        if (rng() < 0.3) text = `${pick(OPENERS)} ${text}`;
        if (rng() < 0.25) text = `${text} ${fill(t, pick(t.questions))}`;
      }
      comments.push({
        id: id('Ugx', 20),
        text,
        likeCount: Math.floor(rng() * 60),
        author: pick(AUTHORS),
      });
    }
    const description = [
      fill(t, pick(t.descriptions)),
      fill(t, pick(t.descriptions)),
      '',
      t.footer,
    ].join('\n');
    const tags = [pick(t.tags), pick(t.tags), pick(t.tags), pick(t.products).toLowerCase()];
    out.push({
      id: id('', 11),
      channelId: perTheme[ti]!.id,
      title: fill(t, pick(t.titles)),
      description,
      tags,
      publishedAt: null,
      viewCount: Math.floor(rng() * 500_000),
      comments,
    });
  }
  return { channels, videos: out };
}

/** An import request's body stays under the server's 1 MB limit with room to spare. */
const MAX_IMPORT_BYTES = 900_000;

/** Splits items into runs of at most `max` items and MAX_IMPORT_BYTES of JSON. */
function batches<T>(items: T[], max: number): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (run.length > 0 && (run.length >= max || bytes + size > MAX_IMPORT_BYTES)) {
      out.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length > 0) out.push(run);
  return out;
}

/**
 * The corpus as import request bodies (youtube#channel, youtube#video and youtube#comment resources),
 * each within the import limits and the body size limit, in an order the endpoint accepts: channels,
 * then every video, then the comments (a comment needs its video in the catalog).
 */
export function importBodies(corpus: Corpus): ImportBody[] {
  const channels = corpus.channels.map((c) => ({
    kind: 'youtube#channel' as const,
    id: c.id,
    snippet: {
      title: c.title,
      description: c.description,
      customUrl: `@${c.handle}`,
      country: c.country,
    },
    statistics: { subscriberCount: c.subscribers },
    brandingSettings: { channel: { keywords: c.keywords } },
  }));
  const videos = corpus.videos.map((v) => ({
    kind: 'youtube#video' as const,
    id: v.id,
    snippet: { channelId: v.channelId, title: v.title, description: v.description, tags: v.tags },
    statistics: { viewCount: v.viewCount },
  }));
  const comments = corpus.videos.flatMap((v) =>
    v.comments.map((c) => ({
      kind: 'youtube#comment' as const,
      id: c.id,
      snippet: {
        videoId: v.id,
        textOriginal: c.text,
        authorDisplayName: c.author,
        likeCount: c.likeCount,
      },
    })),
  );
  return [
    ...batches(channels, importLimits.channels).map((part): ImportBody => ({ channels: part })),
    ...batches(videos, importLimits.videos).map((part): ImportBody => ({ videos: part })),
    ...batches(comments, importLimits.comments).map((part): ImportBody => ({ comments: part })),
  ];
}

/** One call to a running server's API under /api/v1: answers status and parsed body. */
export type ApiCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

export interface GenerationSetup {
  dataStoreId: string;
  campaignId: string;
  /** the campaign's audience slots, primary first */
  slotIds: string[];
}

/**
 * Through the API: a data store filled with a synthetic corpus of `videos` × `commentsPerVideo`, and a
 * draft campaign whose `slots` audience slots (the primary one and saved audiences) all draw on it,
 * so that one generate call queues `slots` generations over the whole corpus.
 */
export async function setUpGeneration(
  api: ApiCall,
  opts: { videos: number; commentsPerVideo: number; slots: number },
): Promise<GenerationSetup> {
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await api(method, path, body);
    if (r.status >= 300)
      throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const store = await ok('POST', '/data-stores', {
    name: `Synthetic ${opts.videos} × ${opts.commentsPerVideo}`,
  });
  for (const body of importBodies(
    syntheticCorpus(opts.videos, opts.commentsPerVideo, 0xc0ffee + opts.videos),
  )) {
    await ok('POST', `/data-stores/${store.id}/import`, body);
  }
  const audienceIds: string[] = [];
  for (let i = 1; i < opts.slots; i++) {
    audienceIds.push(
      (
        await ok('POST', '/audiences', {
          name: `Synthetic audience ${i}`,
          dataStoreIds: [store.id],
        })
      ).id,
    );
  }
  const campaign = await ok('POST', '/campaigns', {
    name: `Synthetic generation over ${opts.videos} videos`,
    objective: 'Reach trail runners, home baristas and van lifers',
    dataStoreIds: [store.id],
    audienceIds,
  });
  const targeting = await ok('GET', `/campaigns/${campaign.id}/targeting`);
  return {
    dataStoreId: store.id,
    campaignId: campaign.id,
    slotIds: targeting.audiences.map((a: { id: string }) => a.id),
  };
}
