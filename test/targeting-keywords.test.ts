/**
 * Keywords a marketer would keep (issue 22), by direct calls to generate(): no generic single word,
 * match types as Google Ads uses them, the workspace's brands (ours targeted, the others and the
 * catalog's sponsors excluded with a reason), small stores filled from their own phrases, topics in
 * an order a person can read, the store's channels as placements. The README tour's store is the
 * demo channel "Ridgeline Miles" (server/seed), read as eval/demo.ts reads it.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEMO_BRANDS, TOUR_CHANNEL, demoStore, demoTheme } from '../eval/demo.ts';
import { generate, orderSpecificFirst, type Scored } from '../server/targeting/generate.ts';
import { taxonomyIndex } from '../server/targeting/taxonomy.ts';
import type {
  Corpus,
  CorpusChannel,
  CorpusVideo,
  GenerateInput,
  KnownBrand,
  TargetingItem,
} from '../server/targeting/types.ts';

const section = (items: TargetingItem[], s: TargetingItem['section']) =>
  items.filter((i) => i.section === s);
const texts = (items: TargetingItem[]) => items.map((i) => i.text);
const englishStopwords = new Set(
  (createRequire(import.meta.url)('stopwords-iso/stopwords-iso.json') as Record<string, string[]>)
    .en,
);

function run(
  channels: string[],
  type: GenerateInput['campaign']['campaignType'],
  brands?: GenerateInput['brands'],
) {
  const { corpus, background } = demoStore(channels);
  const input: GenerateInput = {
    corpus,
    background,
    seed: null,
    campaign: { objective: '', campaignType: type, language: 'en' },
  };
  if (brands) input.brands = brands;
  return generate(input);
}

function workspace(own: keyof typeof DEMO_BRANDS | null): GenerateInput['brands'] {
  return {
    own: own ? DEMO_BRANDS[own] : null,
    others: Object.entries(DEMO_BRANDS)
      .filter(([k]) => k !== own)
      .map(([, b]) => b),
  };
}

describe('keywords a marketer would pay for', () => {
  const tour = run([TOUR_CHANNEL], 'SEARCH');
  const kws = section(tour.items, 'keywords');

  it('the README tour store: no generic single word, a full list of its own phrases', () => {
    for (const generic of [
      'made',
      'done',
      'twice',
      'lb',
      'list',
      'early',
      'drops',
      'value',
      'tip',
      'season',
      'mistakes',
      'safety',
      'review',
      'cold',
    ]) {
      expect(texts(kws), generic).not.toContain(generic);
    }
    expect(kws.length).toBe(50);
    for (const k of kws) {
      if (k.text.includes(' ') || k.matchType === 'EXACT') continue;
      // a single word that is no name: specific to the store, never a stopword of the language
      expect(englishStopwords.has(k.text.toLowerCase()), k.text).toBe(false);
    }
    // its tags fill the list: phrases the creator wrote, not fragments of them
    for (const tag of ['mail drops', 'cold soaking', 'kennedy meadows', 'sleep system'])
      expect(texts(kws)).toContain(tag);
  });

  it('match types: EXACT for names, BROAD only for a multi-word topic, PHRASE otherwise', () => {
    const byText = new Map(kws.map((k) => [k.text, k.matchType]));
    expect(byText.get('Colorado Trail')).toBe('EXACT');
    expect(byText.get('thru hike')).toBe('BROAD');
    expect(byText.get('featherpeak quilt')).toBe('PHRASE');
    for (const k of kws)
      if (k.matchType === 'BROAD')
        expect(k.text.split(' ').length, k.text).toBeGreaterThanOrEqual(2);
  });

  it('topics: the most specific topic of the strongest evidence first; the store’s channel as a placement', () => {
    expect(section(tour.items, 'topics')[0]?.text).toBe(
      '/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Ultralight Backpacking',
    );
    expect(section(tour.items, 'websites')).toEqual([
      {
        section: 'websites',
        label: 'Ridgeline Miles',
        text: `https://www.youtube.com/channel/${TOUR_CHANNEL}`,
        matchType: '',
        source: 'channels',
      },
    ]);
    // a travel store still leads with travel
    expect(section(run(demoTheme('travel'), 'DEMAND_GEN').items, 'topics')[0]?.text).toMatch(
      /^\/Travel\//,
    );
  });

  it('orders branches by their top node’s evidence: a broad parent listed for its disagreeing children does not lead', () => {
    const tax = taxonomyIndex();
    const node = (path: string) => tax.nodes.find((n) => n.kind === 'topic' && n.path === path)!;
    const q = new Map(
      (
        [
          ['/Travel', 0.85],
          ['/Travel/Destinations/North America', 0.66],
          ['/Travel/Travel Tips & Gear', 0.4],
          ['/Hobbies & Leisure', 1],
          ['/Hobbies & Leisure/Outdoors', 1],
          ['/Hobbies & Leisure/Outdoors/Hiking & Backpacking', 1],
          ['/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Ultralight Backpacking', 0.82],
        ] as const
      ).map(([p, c]) => [
        node(p).index,
        { node: node(p), coverage: c, own: c, weight: c } satisfies Scored,
      ]),
    );
    expect(orderSpecificFirst(q, 0.15).map((s) => s.node.path)).toEqual([
      '/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Ultralight Backpacking',
      '/Travel/Destinations/North America',
      '/Travel/Travel Tips & Gear',
      '/Travel',
    ]);
  });
});

describe('brands known to the workspace', () => {
  it('another brand of the workspace and its products are never targeted, and each is excluded with the reason', () => {
    const r = run(demoTheme('hiking'), 'DEMAND_GEN', workspace('switchback'));
    for (const k of section(r.items, 'keywords'))
      expect(k.text.toLowerCase(), k.text).not.toMatch(/northwind|ridgeline|skyline|talus|ember/);
    const reason = 'another brand of the workspace: Northwind Outdoor';
    expect(r.excluded).toContainEqual({
      section: 'keywords',
      text: 'Northwind Ridgeline 45',
      reason,
    });
    // products the description names ("the Ridgeline packs") and the store names after the brand
    expect(r.excluded).toContainEqual({ section: 'keywords', text: 'Ridgeline 45', reason });
    expect(r.excluded).toContainEqual({ section: 'keywords', text: 'Skyline', reason });
    // a place the description names ("designed in Boulder, Colorado") is no product: still targeted
    expect(texts(section(r.items, 'keywords'))).toContain('Colorado Trail');
    for (const e of r.excluded) expect(e.reason.length).toBeGreaterThan(0);
  });

  it('the campaign’s own brand and products are targeted, EXACT', () => {
    const r = run(demoTheme('hiking'), 'DEMAND_GEN', workspace('northwind'));
    const kws = section(r.items, 'keywords');
    expect(kws.find((k) => k.text === 'Northwind Ridgeline 45')?.matchType).toBe('EXACT');
    expect(r.excluded.filter((e) => /northwind/i.test(e.text))).toEqual([]);
  });

  it('a competitor’s name is excluded in its own words (the coffee store for the van brand)', () => {
    const r = run(demoTheme('coffee'), 'DEMAND_GEN', workspace('switchback'));
    expect(texts(section(r.items, 'keywords')).filter((t) => /ember/i.test(t))).toEqual([]);
    expect(r.excluded).toContainEqual({
      section: 'keywords',
      text: 'Ember & Grind',
      reason: 'another brand of the workspace: Ember & Grind Coffee Co.',
    });
  });

  it('is the same whatever the order of the brands', () => {
    const brands = workspace('switchback')!;
    const a = run(demoTheme('hiking'), 'VIDEO', brands);
    const b = run(demoTheme('hiking'), 'VIDEO', {
      own: brands.own,
      others: [...brands.others].reverse(),
    });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('no brands known: nothing excluded, the same keywords as with brands that the store never names', () => {
    const plain = run(demoTheme('coffee'), 'VIDEO');
    expect(plain.excluded).toEqual([]);
    const unrelated: KnownBrand = {
      name: 'Kestrel Kayaks',
      website: 'https://kestrelkayaks.example',
      description: 'Sea kayaks: the Fulmar and the Petrel.',
    };
    const other = run(demoTheme('coffee'), 'VIDEO', { own: null, others: [unrelated] });
    expect(section(other.items, 'keywords')).toEqual(section(plain.items, 'keywords'));
  });
});

// ---------------------------------------------------------------- sponsors and websites

const channel = (id: string, title: string, description = ''): CorpusChannel => ({
  id,
  title,
  description,
  handle: `@${title.replace(/\W/g, '').toLowerCase()}`,
  keywords: '',
  country: '',
  subscribers: 0,
});
const video = (
  id: string,
  channelId: string,
  title: string,
  description: string,
  tags: string[] = [],
): CorpusVideo => ({
  id,
  channelId,
  title,
  description,
  tags,
  publishedAt: null,
  viewCount: 0,
  comments: [],
});
const FRAMES = 'UCframeRateFriday0000001';
const CUTS = 'UCtrailCutsFilms00000001';

describe('sponsors and other brands’ sites', () => {
  // another channel's sponsor, known by its vanity link in that channel's descriptions
  const background: Corpus = {
    channels: [channel(FRAMES, 'Frame Rate Friday')],
    videos: [1, 2, 3].map((i) =>
      video(
        `framevid00${i}`,
        FRAMES,
        `Editing tips part ${i}`,
        `Colour grading and cuts, part ${i}.\nThis video is sponsored by Clipforge: https://clipforge.example/framerate`,
      ),
    ),
  };
  const corpus: Corpus = {
    channels: [channel(CUTS, 'Trail Cuts', 'Trail running films from the fells.')],
    videos: [
      video(
        'cutsvid0001',
        CUTS,
        'Filming a fell race with a gimbal',
        'How I film a fell race on a gimbal, then edit in Clipforge.',
        ['fell running film', 'gimbal'],
      ),
      video(
        'cutsvid0002',
        CUTS,
        'My Clipforge workflow for trail running films',
        'Colour grading trail running footage in Clipforge, with presets for fog.\nKit list: https://www.northwindoutdoor.example/kit',
        ['clipforge workflow', 'trail running film'],
      ),
      video(
        'cutsvid0003',
        CUTS,
        'Drone shots of the fells',
        'Drone shots over the fells at sunrise, and how I keep the gimbal steady in wind.',
        ['drone shots', 'fell running film'],
      ),
    ],
  };
  const r = generate({
    corpus,
    background,
    seed: null,
    campaign: { objective: '', campaignType: 'DISPLAY', language: 'en' },
    brands: workspace('switchback'),
  });

  it('a name the catalog marks as another channel’s sponsor is no keyword, and is excluded as its sponsor', () => {
    expect(texts(section(r.items, 'keywords')).filter((t) => /clipforge/i.test(t))).toEqual([]);
    // its description lines are dropped as sponsor reads; the tag that names it is what would have been picked
    expect(r.excluded).toContainEqual({
      section: 'keywords',
      text: 'clipforge workflow',
      reason: 'a sponsor of Frame Rate Friday',
    });
  });

  it('another brand’s site linked in the store is no website, and is excluded with the reason', () => {
    expect(texts(section(r.items, 'websites'))).not.toContain('northwindoutdoor.example');
    expect(r.excluded).toContainEqual({
      section: 'websites',
      text: 'northwindoutdoor.example',
      reason: 'another brand of the workspace: Northwind Outdoor',
    });
  });
});

// ---------------------------------------------------------------- small stores

describe('small stores are filled from their own words', () => {
  const UPLOADER = 'UCgarageJoe69000000000001';
  const one: Corpus = {
    channels: [channel(UPLOADER, 'garagejoe69')],
    videos: [
      video(
        'mustang0001',
        UPLOADER,
        'my 1969 mustang restoration',
        'restoring my dads 1969 ford mustang fastback. new paint and a rebuilt 302 engine',
      ),
    ],
  };
  const { background } = demoStore([TOUR_CHANNEL]);
  const kws = section(
    generate({
      corpus: one,
      background,
      seed: null,
      campaign: { objective: '', campaignType: 'SEARCH', language: 'en' },
    }).items,
    'keywords',
  );

  it('a one-video upload of two lines gives its labels, not only the phrases that hold them', () => {
    expect(kws.length).toBeGreaterThanOrEqual(5);
    for (const label of ['mustang', 'fastback', 'restoration']) expect(texts(kws)).toContain(label);
    for (const k of kws) expect(englishStopwords.has(k.text), k.text).toBe(false);
  });
});
