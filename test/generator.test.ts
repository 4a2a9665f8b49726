import { describe, expect, it } from 'vitest';
import { generateTargeting } from '../server/targeting/generate.ts';
import { taxonomyIndex, taxonomySize } from '../server/targeting/taxonomy.ts';
import {
  cleanComment,
  extractDomains,
  isSpamComment,
  matchTaxonomy,
  registrableDomain,
  topPhrases,
} from '../server/targeting/text.ts';
import type {
  AudienceSeed,
  Corpus,
  CorpusChannel,
  CorpusComment,
  CorpusVideo,
  GenerateInput,
  TargetingItem,
} from '../server/targeting/types.ts';

// ---------------------------------------------------------------- hand-written corpora

const TRAIL_CH = 'UCsummitStride_trail0001';
const COFFEE_CH = 'UCdailyGrindLab_coffee01';

const TRAIL_FOOTER =
  'Shoe list and training plans: https://www.summitstride.example/shoes\nShoe discounts: https://bit.ly/ss-shoes\nInstagram: https://instagram.com/summitstride\nAll shoes bought with my own money unless I say otherwise.';
const COFFEE_FOOTER =
  'Recipes: https://dailygrindlab.example/recipes\nGear I use: https://amzn.to/3GrindKit\nTikTok: https://www.tiktok.com/@dailygrindlab\nSome links are affiliate links.';

let commentSeq = 0;
function comments(...texts: string[]): CorpusComment[] {
  return texts.map((text, i) => ({
    id: `Ugx${String(++commentSeq).padStart(5, '0')}`,
    text,
    likeCount: (i * 7) % 40,
    author: `@viewer${(commentSeq * 13) % 97}`,
  }));
}

function video(
  id: string,
  channelId: string,
  title: string,
  description: string,
  tags: string[],
  cs: CorpusComment[],
): CorpusVideo {
  return {
    id,
    channelId,
    title,
    description,
    tags,
    publishedAt: '2025-05-01T10:00:00Z',
    viewCount: 10_000,
    comments: cs,
  };
}

function trailCorpus(): Corpus {
  const channel: CorpusChannel = {
    id: TRAIL_CH,
    title: 'Summit Stride',
    handle: '@summitstride',
    description:
      "Trail running, ultramarathons and honest shoe reviews from the Lake District. I'm Nia, a running coach, and every shoe gets at least 100 miles before I review it.\nTraining plans: https://www.summitstride.example/plans\nInstagram: https://instagram.com/summitstride\nTwitter: https://x.com/summitstride",
    keywords: 'trail running ultramarathon "trail running shoes" "fell running" "shoe review"',
    country: 'GB',
    subscribers: 120_000,
  };
  const v = (id: string, title: string, body: string, tags: string[], cs: CorpusComment[]) =>
    video(id, TRAIL_CH, title, `${body}\n\n${TRAIL_FOOTER}`, tags, cs);
  const videos = [
    v(
      'trail000001',
      'Salomon Speedcross review after 300 miles',
      'I ran 300 miles in the Salomon Speedcross on muddy fells, wet grass and rocky ridges. The grip is superb, the toe box is narrow, and the cushioning is firm on long descents.',
      ['trail running', 'trail running shoes', 'salomon speedcross', 'shoe review'],
      comments(
        'My pair of Salomon Speedcross lasted about 400 miles before the lugs wore down.',
        'The grip on wet grass is unreal, nothing else comes close in deep mud.',
        'Do you size up in these? My toes hit the front on steep descents.',
      ),
    ),
    v(
      'trail000002',
      'The best trail running shoes for muddy winter races',
      'Five trail running shoes tested in deep mud: the Salomon Speedcross, the Hoka Speedgoat, the Inov-8 Mudtalon and two budget picks. Lug depth, grip and drainage decide it.',
      ['trail running shoes', 'winter running', 'mud running', 'shoe review'],
      comments(
        'I switched from the Speedgoat to the Salomon Speedcross for winter and never looked back.',
        'Budget picks are appreciated, trail running shoes are so expensive now.',
        'Deep lugs make all the difference on the fells in January.',
      ),
    ),
    v(
      'trail000003',
      'How to fuel your first ultramarathon',
      'Carbs per hour, electrolytes and what to eat at every aid station. I explain how I practise fuelling on long runs so race day holds no surprises.',
      ['ultramarathon', 'ultra fueling', 'trail running', 'nutrition'],
      comments(
        'Practising fuelling on long runs made my first ultramarathon so much easier.',
        'Electrolytes every hour fixed my cramping in the last ten miles.',
        'What do you eat at an aid station when your stomach shuts down?',
      ),
    ),
    v(
      'trail000004',
      'Downhill running technique for technical trails',
      'Short quick steps, arms wide and eyes three metres ahead. Downhill running is a skill you can train, and strength training for your quads helps late in a mountain race.',
      ['downhill running', 'trail running', 'running technique'],
      comments(
        'Short quick steps changed everything for me on rocky descents.',
        'My quads were destroyed after my last mountain race, practising this now.',
      ),
    ),
    v(
      'trail000005',
      'Race report: my first 50K trail race in the Lake District',
      'Fog on the ridges, a missed turn and an aid station with the best flapjack in Cumbria. I wore the Salomon Speedcross and my running vest carried everything I needed.',
      ['race report', 'trail race', 'lake district', 'ultramarathon'],
      comments(
        'Congrats! The Lake District fog is no joke, I got lost on the same ridge.',
        'Which running vest do you use for races of that length?',
        'The Salomon Speedcross seems perfect for that kind of wet ground.',
      ),
    ),
    v(
      'trail000006',
      'Strength training for trail runners: a 20 minute routine',
      'Single leg squats, calf raises and step downs: the strength training I do twice a week to stay injury free on the trails.',
      ['strength training', 'trail running', 'injury prevention'],
      comments(
        'Strength training twice a week fixed my knee pain on long descents.',
        'Calf raises are underrated for ankle stability on technical trails.',
      ),
    ),
    v(
      'trail000007',
      'Trail running shoes vs road shoes: do you need both?',
      'If half your runs are on tarmac, a pair of trail running shoes and a road shoe will last longer than one shoe for everything.',
      ['trail running shoes', 'road running', 'shoe rotation'],
      comments(
        'I rotate trail running shoes and road shoes and my legs feel fresher.',
        'Road shoes on muddy trails was my biggest beginner mistake.',
      ),
    ),
    v(
      'trail000008',
      'What I carry in my running vest for a mountain ultra',
      'Mandatory kit, a waterproof jacket, two soft flasks and enough gels for six hours. Everything fits in a 12 litre running vest.',
      ['running vest', 'mandatory kit', 'ultramarathon', 'mountain running'],
      comments(
        'Great breakdown of the mandatory kit, my first mountain ultra is in June.',
        'Soft flasks in the running vest are so much better than a bladder.',
      ),
    ),
  ];
  return { channels: [channel], videos };
}

function coffeeCorpus(): Corpus {
  const channel: CorpusChannel = {
    id: COFFEE_CH,
    title: 'Daily Grind Lab',
    handle: '@dailygrindlab',
    description:
      'Pour over, home espresso and coffee gear explained without the snobbery. Every recipe is tested with a scale and a timer.\nRecipes: https://dailygrindlab.example/recipes\nInstagram: https://instagram.com/dailygrindlab',
    keywords: 'coffee espresso "pour over" "latte art" "home espresso" grinder',
    country: 'US',
    subscribers: 80_000,
  };
  const v = (id: string, title: string, body: string, tags: string[], cs: CorpusComment[]) =>
    video(id, COFFEE_CH, title, `${body}\n\n${COFFEE_FOOTER}`, tags, cs);
  const videos = [
    v(
      'coffee00001',
      'A better pour over recipe for light roasts',
      'Fifteen grams of coffee, 250 grams of water and a 45 second bloom. The Hario V60 rewards a fine grind and a slow, steady pour over the coffee bed.',
      ['pour over', 'coffee recipe', 'light roast', 'hario v60'],
      comments(
        'A longer bloom made my light roasts so much sweeter.',
        'Which grinder setting do you use for the Hario V60?',
        'My pour over finally tastes like the cafe version.',
      ),
    ),
    v(
      'coffee00002',
      'Home espresso on a budget: the machine and grinder I would buy',
      'A good burr grinder matters more than the espresso machine. Dialing in espresso at home is easier with a scale, fresh beans and a little patience.',
      ['home espresso', 'espresso machine', 'burr grinder', 'coffee gear'],
      comments(
        'Upgrading to a proper burr grinder changed my espresso more than the machine did.',
        'Fresh beans with a roast date make the biggest difference for espresso.',
      ),
    ),
    v(
      'coffee00003',
      'Latte art for beginners: pour a heart in seven days',
      'Steaming milk to a silky microfoam, the right jug and the pour height that makes a latte art heart appear.',
      ['latte art', 'milk steaming', 'home espresso', 'barista skills'],
      comments(
        'Day five and I poured my first wonky latte art heart!',
        'Oat milk never steams as well as whole milk for me.',
      ),
    ),
    v(
      'coffee00004',
      'Cheap burr grinder vs expensive burr grinder for pour over',
      'Blind tasting two grinders on the same light roast: the expensive burr grinder gives a clearer cup, but the cheap one is closer than you think for pour over.',
      ['burr grinder', 'pour over', 'coffee gear', 'coffee grinder'],
      comments(
        'The cheap burr grinder holds up surprisingly well for filter coffee.',
        'Clarity in the cup is what I noticed first after my upgrade.',
      ),
    ),
    v(
      'coffee00005',
      'Cold brew at home without special gear',
      'Coarse grind, cold water and twelve hours in the fridge. Cold brew concentrate keeps a week and makes the smoothest iced coffee.',
      ['cold brew', 'iced coffee', 'coffee recipe'],
      comments(
        'Cold brew concentrate with oat milk is my summer breakfast now.',
        'Twelve hours in the fridge is the sweet spot for me too.',
      ),
    ),
  ];
  return { channels: [channel], videos };
}

const SPAM_TEXTS = [
  'Check out my channel for daily crypto tips!!',
  'sub4sub anyone? I always sub back',
  'Free gift cards at www.giftcard-drop.example limited time only',
  'Message me on Telegram to earn $500 a day from home',
  'THIS IS THE BEST CHANNEL EVER SUBSCRIBE NOW FOR PRIZES',
  'First!',
  'nice video',
  "Who's watching in 2026?",
  '👍👍👍',
];

/** Adds spam and boilerplate (30 of each spam text, spread over the videos) and a copy-pasted ad. */
function withSpam(c: Corpus): Corpus {
  const videos = c.videos.map((v) => ({ ...v, comments: [...v.comments] }));
  let k = 0;
  for (const text of SPAM_TEXTS) {
    for (let i = 0; i < 30; i++) {
      videos[i % videos.length]!.comments.push({
        id: `Ugxspam${String(++k).padStart(5, '0')}`,
        text,
        likeCount: 0,
        author: `@promo${i}`,
      });
    }
  }
  // not caught by any pattern: the same text pasted 30 times only counts once
  for (let i = 0; i < 30; i++) {
    videos[i % videos.length]!.comments.push({
      id: `Ugxpaste${String(i).padStart(4, '0')}`,
      text: 'Visit Zorblax Deals today for unbeatable prices on hydration flasks',
      likeCount: 0,
      author: `@deals${i}`,
    });
  }
  return { channels: c.channels, videos };
}

const EMPTY: Corpus = { channels: [], videos: [] };

function input(
  corpus: Corpus,
  over: Partial<GenerateInput> = {},
  campaign: Partial<GenerateInput['campaign']> = {},
): GenerateInput {
  return {
    corpus,
    background: coffeeCorpus(),
    seed: null,
    ...over,
    campaign: { objective: '', campaignType: 'VIDEO', language: 'en', ...campaign },
  };
}

const keywords = (items: TargetingItem[]) => items.filter((i) => i.section === 'keywords');
const section = (items: TargetingItem[], s: TargetingItem['section']) =>
  items.filter((i) => i.section === s);

/** A deterministic shuffle (reverse + interleave), so the test does not depend on a random seed. */
function shuffled<T>(xs: T[]): T[] {
  const r = [...xs].reverse();
  const out: T[] = [];
  for (let i = 0; i < r.length; i += 2) out.push(r[i]!);
  for (let i = 1; i < r.length; i += 2) out.push(r[i]!);
  return out;
}

// ---------------------------------------------------------------- tests

describe('generateTargeting', () => {
  const trail = withSpam(trailCorpus());
  const items = generateTargeting(input(trail));

  it('is deterministic: same input, same output byte for byte, whatever the input order', () => {
    const again = generateTargeting(input(trail));
    expect(again).toEqual(items);
    expect(JSON.stringify(again)).toBe(JSON.stringify(items));
    const reordered: Corpus = {
      channels: shuffled(trail.channels),
      videos: shuffled(trail.videos).map((v) => ({
        ...v,
        comments: shuffled(v.comments),
        tags: [...v.tags],
      })),
    };
    const bg = coffeeCorpus();
    const reorderedBg: Corpus = { channels: bg.channels, videos: shuffled(bg.videos) };
    expect(JSON.stringify(generateTargeting(input(reordered, { background: reorderedBg })))).toBe(
      JSON.stringify(items),
    );
  });

  it('produces well-formed items in every section', () => {
    expect(items.length).toBeGreaterThan(0);
    for (const it of items) {
      expect(['keywords', 'segments', 'topics', 'websites']).toContain(it.section);
      expect(it.label).not.toBe('');
      expect(it.text).not.toBe('');
      expect([
        'titles',
        'descriptions',
        'tags',
        'comments',
        'channels',
        'links',
        'taxonomy',
        'audience',
      ]).toContain(it.source);
      if (it.section === 'keywords') expect(['EXACT', 'PHRASE', 'BROAD']).toContain(it.matchType);
      else expect(it.matchType).toBe('');
    }
    const ids = items.map((i) => `${i.section}:${i.text.toLowerCase()}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('derives keywords from the content, within the limits', () => {
    const kws = keywords(items);
    expect(kws.length).toBeGreaterThanOrEqual(10);
    expect(kws.length).toBeLessThanOrEqual(50);
    for (const k of kws) {
      expect(k.text.length).toBeLessThanOrEqual(80);
      expect(k.text.split(/\s+/).length).toBeLessThanOrEqual(10);
      expect(k.label).toBe(k.text);
    }
    const texts = kws.map((k) => k.text.toLowerCase());
    expect(texts).toContain('trail running');
    expect(texts).toContain('ultramarathon');
  });

  it('never turns spam or boilerplate comments into keywords', () => {
    const texts = keywords(items).map((k) => k.text.toLowerCase());
    for (const bad of [
      'crypto',
      'gift',
      'sub4sub',
      'sub back',
      'telegram',
      'earn',
      'prizes',
      'subscribe',
      'channel',
      'zorblax',
      'deals',
      'unbeatable',
      'first',
      'nice',
      'watching',
      '2026',
    ]) {
      expect(
        texts.filter((t) => t.includes(bad)),
        bad,
      ).toEqual([]);
    }
    // the spam does not change the keywords at all
    expect(keywords(generateTargeting(input(trailCorpus())))).toEqual(keywords(items));
  });

  it('match types follow Google Ads practice: EXACT for names, BROAD for a multi-word topic, PHRASE for other specific phrases and words', () => {
    const kws = keywords(items);
    const speedcross = kws.find((k) => k.text.toLowerCase() === 'salomon speedcross');
    expect(speedcross).toBeDefined();
    expect(speedcross!.matchType).toBe('EXACT');
    expect(speedcross!.text).toBe('Salomon Speedcross');
    const shoes = kws.find((k) => k.text.toLowerCase() === 'trail running shoes');
    expect(shoes).toBeDefined();
    expect(shoes!.matchType).toBe('PHRASE');
    // a topic of our taxonomy, in several documents: broad match reaches its neighbours
    expect(kws.find((k) => k.text === 'trail running')?.matchType).toBe('BROAD');
    // a single word is never broad: "ultramarathon" is specific, so phrase match
    expect(kws.find((k) => k.text === 'ultramarathon')?.matchType).toBe('PHRASE');
    for (const k of kws) if (!k.text.includes(' ')) expect(k.matchType, k.text).not.toBe('BROAD');
  });

  it('tells where a keyword comes from', () => {
    for (const k of keywords(items))
      expect(['titles', 'descriptions', 'tags', 'comments', 'channels']).toContain(k.source);
  });

  it('matches topics, the most specific first, and affinity and in-market segments', () => {
    const topics = section(items, 'topics');
    const paths = topics.map((t) => t.text);
    // the evidence is about trail running: that topic leads; its parent only follows, never precedes it
    expect(paths[0]).toBe('/Sports/Running & Walking/Trail Running');
    const parent = paths.indexOf('/Sports/Running & Walking');
    expect(parent === -1 || parent > 0).toBe(true);
    const trailTopic = topics.find((t) => t.text === '/Sports/Running & Walking/Trail Running')!;
    expect(trailTopic.label).toBe('Sports › Running & Walking › Trail Running');
    expect(trailTopic.source).toBe('taxonomy');
    expect(paths.some((p) => p.startsWith('/Food & Drink'))).toBe(false);

    const segs = section(items, 'segments');
    expect(segs.map((s) => s.label)).toContain('Affinity › Running Enthusiasts');
    expect(segs.map((s) => s.label)).toContain('In-market › Running Shoes & Gear');
    expect(segs.find((s) => s.label === 'Affinity › Running Enthusiasts')!.text).toBe(
      'Running Enthusiasts',
    );
    expect(segs.some((s) => s.label.startsWith('Affinity › '))).toBe(true);
    expect(segs.some((s) => s.label.startsWith('In-market › '))).toBe(true);

    const coffee = generateTargeting(input(coffeeCorpus(), { background: trailCorpus() }));
    const coffeeTopics = section(coffee, 'topics').map((t) => t.text);
    expect(coffeeTopics).toContain('/Food & Drink/Beverages/Coffee & Tea');
    expect(coffeeTopics).toContain(
      '/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee',
    );
    expect(section(coffee, 'segments').map((s) => s.label)).toContain('Affinity › Coffee Lovers');
    expect(section(coffee, 'segments').map((s) => s.label)).toContain(
      'In-market › Coffee & Espresso Equipment',
    );
  });

  it('lists linked websites (no shorteners, no social networks) and, for VIDEO, the channels as placements', () => {
    const sites = section(items, 'websites');
    const domains = sites.filter((s) => s.source === 'links').map((s) => s.text);
    expect(domains).toContain('summitstride.example');
    for (const bad of ['bit.ly', 'instagram.com', 'x.com', 'youtube.com', 'giftcard-drop.example'])
      expect(domains).not.toContain(bad);
    const placements = sites.filter((s) => s.source === 'channels');
    expect(placements).toEqual([
      {
        section: 'websites',
        label: 'Summit Stride',
        text: `https://www.youtube.com/channel/${TRAIL_CH}`,
        matchType: '',
        source: 'channels',
      },
    ]);
    // coffee: a bare host without www. and an amzn.to / tiktok link next to it
    const coffee = generateTargeting(
      input(coffeeCorpus(), { background: EMPTY }, { campaignType: 'DISPLAY' }),
    );
    const coffeeSites = section(coffee, 'websites');
    expect(coffeeSites[0]).toEqual({
      section: 'websites',
      label: 'dailygrindlab.example',
      text: 'dailygrindlab.example',
      matchType: '',
      source: 'links',
    });
    expect(coffeeSites.map((s) => s.text)).not.toContain('amzn.to');
    expect(coffeeSites.map((s) => s.text)).not.toContain('tiktok.com');
  });

  it('shapes the mix by campaign type', () => {
    // search: no linked websites, the store's own channel as a placement
    const search = generateTargeting(input(trail, {}, { campaignType: 'SEARCH' }));
    expect(section(search, 'websites')).toEqual([
      {
        section: 'websites',
        label: 'Summit Stride',
        text: `https://www.youtube.com/channel/${TRAIL_CH}`,
        matchType: '',
        source: 'channels',
      },
    ]);
    expect(keywords(search).length).toBeGreaterThanOrEqual(keywords(items).length);
    const display = generateTargeting(input(trail, {}, { campaignType: 'DISPLAY' }));
    expect(section(display, 'websites')[0]!.source).toBe('links');
    const video = section(items, 'websites');
    expect(video[0]!.source).toBe('channels');
    const demand = generateTargeting(input(trail, {}, { campaignType: 'DEMAND_GEN' }));
    expect(section(demand, 'websites').some((s) => s.source === 'channels')).toBe(true);
  });

  it('has no canned fallback: an empty corpus gives no derived items, even with a saved audience', () => {
    const seed: AudienceSeed = {
      name: 'Runners',
      description: 'People who run trails',
      kind: 'custom',
      keywords: ['trail running shoes', 'ultra training plan'],
      topics: ['/Sports/Running & Walking/Trail Running'],
      tags: ['running'],
    };
    expect(generateTargeting(input(EMPTY, { seed, background: EMPTY }))).toEqual([]);
    expect(generateTargeting(input(EMPTY, { seed }))).toEqual([]);
  });

  it('adds a saved audience’s keywords next to derived ones, in their own match syntax', () => {
    const seed: AudienceSeed = {
      name: 'Runners',
      description: '',
      kind: 'custom',
      keywords: [
        'trail running shoes',
        '"ultra training plan"',
        '[Altra Lone Peak]',
        'x'.repeat(90),
      ],
      topics: [],
      tags: [],
    };
    const out = keywords(generateTargeting(input(trail, { seed })));
    const audience = out.filter((k) => k.source === 'audience');
    expect(audience).toEqual([
      {
        section: 'keywords',
        label: 'ultra training plan',
        text: 'ultra training plan',
        matchType: 'PHRASE',
        source: 'audience',
      },
      {
        section: 'keywords',
        label: 'Altra Lone Peak',
        text: 'Altra Lone Peak',
        matchType: 'EXACT',
        source: 'audience',
      },
    ]);
    expect(out.filter((k) => k.source !== 'audience').length).toBeGreaterThan(audience.length);
  });

  it('lets a saved audience’s topics lift matching taxonomy nodes', () => {
    const seed: AudienceSeed = {
      name: 'Fuel',
      description: '',
      kind: 'custom',
      keywords: [],
      topics: ['/Health & Fitness/Nutrition'],
      tags: [],
    };
    const plain = section(items, 'topics').map((t) => t.text);
    expect(plain).not.toContain('/Health & Fitness/Nutrition');
    const seeded = section(generateTargeting(input(trail, { seed })), 'topics');
    expect(seeded).toContainEqual({
      section: 'topics',
      label: 'Health & Fitness › Nutrition',
      text: '/Health & Fitness/Nutrition',
      matchType: '',
      source: 'audience',
    });
  });

  it('ranks a phrase common in the background below one specific to the slot', () => {
    // two phrases, equally frequent in the slot; only the first is everywhere else too
    const slotVideos = [0, 1, 2, 3, 4, 5].map((i) =>
      video(
        `slot${String(i).padStart(7, '0')}`,
        TRAIL_CH,
        `Ridge walk number ${i + 1}`,
        `${['We checked', 'Checked', 'Looked at'][i % 3]} the alpine weather ${['before leaving', 'at dawn', 'twice'][i % 3]}. ${['Fresh', 'Thick', 'More'][i % 3]} zinc sunscreen ${['went on', 'at the car park', 'for the ridge'][i % 3]}. Ridge ${i + 1} done.`,
        [],
        [],
      ),
    );
    const bgVideos = Array.from({ length: 30 }, (_, i) =>
      video(
        `bg${String(i).padStart(9, '0')}`,
        COFFEE_CH,
        `Weekend plans ${i}`,
        `As always the alpine weather decided the day. Episode ${i}.`,
        [],
        [],
      ),
    );
    const slot: Corpus = { channels: [], videos: slotVideos };
    const rank = (bg: Corpus) => {
      const texts = keywords(generateTargeting(input(slot, { background: bg }))).map((k) =>
        k.text.toLowerCase(),
      );
      return { alpine: texts.indexOf('alpine weather'), zinc: texts.indexOf('zinc sunscreen') };
    };
    const without = rank(EMPTY);
    expect(without.alpine).toBeGreaterThanOrEqual(0);
    expect(without.zinc).toBeGreaterThan(without.alpine); // a tie, broken by the text
    const withBg = rank({ channels: [], videos: bgVideos });
    expect(withBg.zinc).toBeGreaterThanOrEqual(0);
    expect(withBg.alpine === -1 || withBg.alpine > withBg.zinc).toBe(true);
  });

  it('lets the campaign objective bias keyword scoring', () => {
    const plain = keywords(generateTargeting(input(trailCorpus())));
    const biased = keywords(
      generateTargeting(
        input(
          trailCorpus(),
          {},
          { objective: 'Sell strength training programmes to trail runners' },
        ),
      ),
    );
    const pos = (ks: TargetingItem[]) =>
      ks.findIndex((k) => k.text.toLowerCase() === 'strength training');
    expect(pos(plain)).toBeGreaterThanOrEqual(0);
    expect(pos(biased)).toBeLessThanOrEqual(pos(plain));
  });

  it('handles a bench-sized corpus (200 videos × 50 comments): speed itself is measured in npm run bench', async () => {
    const { benchInput } = await import('../bench/generation.ts');
    const big = benchInput(200, 50);
    const out = generateTargeting(big);
    expect(keywords(out).length).toBeGreaterThan(10);
    expect(JSON.stringify(generateTargeting(big))).toBe(JSON.stringify(out));
  });
});

describe('text helpers', () => {
  it('filters spam and boilerplate comments, keeps real ones', () => {
    for (const spam of [
      ...SPAM_TEXTS,
      'Great content, keep it up!',
      'Love your videos',
      'https://bit.ly/abc123',
      'DM me for a collab, I promote channels like yours',
    ]) {
      expect(isSpamComment(spam), spam).toBe(true);
    }
    expect(isSpamComment('Nice', '@x')).toBe(true);
    expect(
      isSpamComment('Ran my first 50K in these shoes and had zero blisters.', '@benjiruns'),
    ).toBe(false);
    expect(
      cleanComment('Great video! Ran my first 50K in these shoes and had zero blisters.'),
    ).toBe('Ran my first 50K in these shoes and had zero blisters.');
    expect(isSpamComment('Helpful, thanks', '@SubForSub_99')).toBe(true);
  });

  it('normalises link hosts to registrable domains and drops shorteners and social networks', () => {
    expect(registrableDomain('https://www.shop.example.co.uk/path?q=1')).toBe('example.co.uk');
    expect(registrableDomain('WWW.Example.com.')).toBe('example.com');
    expect(registrableDomain('192.168.0.1')).toBeNull();
    expect(
      extractDomains(
        'Gear: https://www.ridgeline.example/gear, blog at ridgeline.example. Mail hello@other.example\nhttps://bit.ly/x instagram.com/me https://youtu.be/abc www.kayaks.example',
      ),
    ).toEqual(['ridgeline.example', 'kayaks.example']);
    // a record label's smart links send a listener to any store: no site of their own
    expect(
      extractDomains(
        'Pre-Order/Stream Now - https://Atlantic.lnk.to/Bright http://vevo.ly/PE6pLX https://falloutboy.com/tour',
      ),
    ).toEqual(['falloutboy.com']);
  });

  it('topPhrases finds the distinctive phrases of documents against a background', () => {
    const docs = [
      'Fastpacking the Cairngorms in two days',
      'Fastpacking kit list for summer',
      'Why fastpacking beats backpacking for fit hikers',
      'Cairngorms wild camping spots',
    ];
    const background = [
      'Summer kit list for the beach',
      'My summer kit list',
      'A kit list for city breaks',
    ];
    const out = topPhrases(docs, background, 3);
    expect(out.length).toBeGreaterThan(0);
    expect(out[0]!.toLowerCase()).toBe('fastpacking');
    expect(out.map((s) => s.toLowerCase())).toContain('cairngorms');
    expect(topPhrases(docs, background, 3)).toEqual(out);
    expect(topPhrases([], background, 3)).toEqual([]);
  });

  it('matchTaxonomy returns taxonomy topics for a text, parents included', () => {
    const topics = matchTaxonomy(
      'Pour over coffee with a burr grinder, a gooseneck kettle and the Hario V60',
      { kinds: ['topic'] },
    ).map((m) => m.path);
    expect(topics).toContain('/Food & Drink/Beverages/Coffee & Tea');
    expect(topics).toContain('/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee');
    const segs = matchTaxonomy(
      'Van life: our cargo van build with a diesel heater and solar panels',
      { kinds: ['affinity'] },
    ).map((m) => m.label);
    expect(segs).toContain('Affinity › Travel Buffs › Road Trippers & Van Lifers');
    expect(matchTaxonomy('')).toEqual([]);
  });
});

describe('places and news', () => {
  const store = (videos: [string, string][]): Corpus => ({
    channels: [],
    videos: videos.map(([title, description], i) =>
      video(`v${i}`, 'UCnewsChannel0000000000a', title, description, [], []),
    ),
  });
  const topicsOf = (corpus: Corpus, language = 'en') =>
    section(generateTargeting(input(corpus, {}, { language })), 'topics').map((i) => i.text);

  it('a country or a city named in the news is no travel destination; the news is its topic', () => {
    const politics = topicsOf(
      store([
        [
          'France: the government and the opposition after the elections',
          'In Paris, the prime minister met the opposition in parliament after the elections. France votes again in spring.',
        ],
        [
          'Paris: the senate votes on the budget',
          'The senate in Paris voted on the government budget; the opposition in parliament called for a referendum in France.',
        ],
        [
          'Elections in France: what the polls say',
          'Voters in France and Paris go to the ballot as the prime minister and the opposition campaign.',
        ],
      ]),
    );
    expect(politics[0]).toBe('/News/Politics');
    expect(politics.some((t) => t.startsWith('/Travel'))).toBe(false);
    // the same places beside travel are destinations
    const travel = topicsOf(
      store([
        ['Paris travel guide: a weekend trip', 'Our trip to Paris: where to stay on a budget.'],
        ['France by train: a travel itinerary', 'Travel through France by train: Paris, Lyon.'],
        ['Paris on a budget', 'Travel tips for Paris and France: a cheap hotel and a metro pass.'],
      ]),
    );
    expect(travel).toContain('/Travel/Destinations/Europe');
  });

  it('a comedy channel is about humor; a genre’s words are no keywords of their own', () => {
    const corpus = store([
      [
        'Office Sketch: The Worst Coworker',
        'A comedy sketch about the coworker who microwaves fish. Parody of every office ever.',
      ],
      [
        'Parody: If Superheroes Had Roommates',
        'Our comedy sketch team writes a parody of superhero movies, with a prank on the new guy.',
      ],
      [
        'Standup comedy night with the sketch team',
        'A comedian from the sketch team tries standup comedy: parody songs and a prank call.',
      ],
    ]);
    expect(topicsOf(corpus)).toContain('/Arts & Entertainment/Humor');
    // a genre's words weigh under 1: evidence of the genre, no keyword of their own (keywords.ts)
    const cues = taxonomyIndex().cues;
    for (const genre of ['comedy', 'parody', 'prank', 'comedian', 'celebrity'])
      expect(
        cues.get(genre)!.every((h) => h.weight < 1),
        genre,
      ).toBe(true);
  });

  it('a team sport is told by its leagues and its box scores, in English and in French', () => {
    const nba = topicsOf(
      store([
        [
          'Jaylen Brown Full Highlights vs Warriors - 22 Pts, 7 Rebs',
          'Take your ball handling to the next level. Boxscore on the NBA site.',
        ],
        [
          'James Harden Triple-Double Full Highlights vs Nuggets',
          'Harden with a triple-double and a slam dunk at the buzzer.',
        ],
      ]),
    );
    expect(nba).toContain('/Sports/Team Sports');
    const foot = topicsOf(
      store([
        [
          'Messi Soulier d’Or, le ballon de la Ligue 1',
          'Le best of des images du foot : le mercato, les buts de la semaine.',
        ],
        [
          'Le sélectionneur face à la presse',
          'Zap foot : la Ligue des champions et le mercato d’hiver.',
        ],
      ]),
      'fr',
    );
    expect(foot).toContain('/Sports/Team Sports');
  });

  it('a French political show is about politics, not about travel in Europe', () => {
    const topics = topicsOf(
      store([
        [
          'Droite : qui reste ?',
          'La recomposition de la droite se poursuit en France. Le gouvernement et le premier ministre face aux élections, à Paris.',
        ],
        [
          'Les maires face au gouvernement',
          'Le congrès des maires de France à Paris : le ministre répond aux élus avant les élections.',
        ],
        [
          'Élections : que disent les sondages ?',
          'En France, la politique du gouvernement divise ; à Paris, l’opposition et les députés à l’Assemblée nationale.',
        ],
      ]),
      'fr',
    );
    expect(topics[0]).toBe('/News/Politics');
    expect(topics.some((t) => t.startsWith('/Travel'))).toBe(false);
  });
});

describe('taxonomy', () => {
  it('is broad, well-formed and every cue can match', () => {
    const size = taxonomySize();
    const total = size.topic + size.affinity + size.in_market;
    expect(total).toBeGreaterThanOrEqual(80);
    expect(total).toBeLessThanOrEqual(200);
    expect(size.affinity).toBeGreaterThanOrEqual(15);
    expect(size.in_market).toBeGreaterThanOrEqual(15);
    const tax = taxonomyIndex();
    expect(tax.invalidCues).toEqual([]);
    expect(tax.danglingLinks).toEqual([]);
    const roots = new Set(
      tax.nodes.filter((n) => n.kind === 'topic' && n.depth === 1).map((n) => n.path),
    );
    for (const r of [
      '/Sports',
      '/Hobbies & Leisure',
      '/Food & Drink',
      '/Travel',
      '/Computers & Electronics',
      '/Games',
      '/Home & Garden',
      '/Beauty & Personal Care',
      '/Finance',
      '/Autos & Vehicles',
      '/Pets & Animals',
      '/Family & Parenting',
      '/Music & Audio',
      '/Education',
    ]) {
      expect(roots, r).toContain(r);
    }
    for (const n of tax.nodes)
      if (n.declared) expect(tax.receivers[n.index]!.some((r) => r.node === n.index)).toBe(true);
    // segments for every themed store: the evidence of every topic reaches at least one segment
    for (const n of tax.nodes) {
      if (n.kind !== 'topic' || !n.declared) continue;
      expect(
        tax.receivers[n.index]!.some((r) => tax.nodes[r.node]!.kind !== 'topic'),
        n.path,
      ).toBe(true);
    }
  });
});
