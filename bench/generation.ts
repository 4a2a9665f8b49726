// Targeting generation bench: how long `generateTargeting` takes for a slot of 200 videos × 50
// comments, how that grows for 10× the data (2000 videos × 50 comments), and a store of 1,000
// videos without comments (the targeting goal: well under a second). The corpora come from
// corpus.ts (synthetic, seeded, the same on every machine); the background (other catalog content,
// scored against) grows with them.
//
// And hostile text: stores of one short run repeated to the import's bounds, the slowest of them
// against ordinary words in the same fields (goal: within 10×), as anyone with an import key can
// write one for a shared server's workers.
//
// The floor is measured in the same run: the time to lowercase every text of the same corpus and
// split it on whitespace, i.e. the least any text-based generator has to do. Figures are the
// median of several runs after a warm-up.
import { generateTargeting } from '../server/targeting/generate.ts';
import type { GenerateInput } from '../server/targeting/types.ts';
import { syntheticCorpus, THEMES } from './corpus.ts';
import { report, type Figure } from './lib.ts';

/** The slot corpus (all three themes) and a background a quarter of its size (two themes). */
export function benchInput(videos: number, commentsPerVideo: number): GenerateInput {
  return {
    corpus: syntheticCorpus(videos, commentsPerVideo, 0x5eed + videos, THEMES),
    background: syntheticCorpus(Math.max(1, Math.floor(videos / 4)), 20, 0xb6 + videos, [
      THEMES[1]!,
      THEMES[2]!,
    ]),
    seed: null,
    campaign: {
      objective: 'Reach trail runners, home baristas and van lifers',
      campaignType: 'VIDEO',
      language: 'en',
    },
  };
}

/**
 * Runs that a link's, an address's or a handle's pattern would read again from every character
 * ("@a@a@a…" took ten seconds a description before each pattern started only where a run does),
 * and the store's channel's name ("x") between marks, which one line then matches thousands of
 * times.
 */
const HOSTILE_RUNS = [
  '@a',
  'a.',
  'a-',
  '-–',
  'a',
  'a@',
  '.a',
  'http://a',
  'a/',
  "l'",
  '#a',
  'A ',
  'x@',
];

/**
 * A store of five videos whose every field is one pattern repeated to the import's bounds (title
 * 200 characters, description 5,000, a tag 500, comments 5,000, the channel's keywords 1,000), or
 * of a word's title and a description alone, under a channel without text of its own: then the
 * language is read from the descriptions.
 */
function filledStore(pattern: string, titled = true): GenerateInput {
  const fill = (n: number) => pattern.repeat(Math.ceil(n / pattern.length)).slice(0, n);
  return {
    corpus: {
      channels: [
        {
          id: 'UChostile',
          title: 'x',
          description: titled ? fill(5000) : '',
          handle: '',
          keywords: titled ? fill(1000) : '',
          country: '',
          subscribers: 0,
        },
      ],
      videos: Array.from({ length: 5 }, (_, i) => ({
        id: `hostile${i}`,
        channelId: 'UChostile',
        title: titled ? fill(200) : 'x',
        description: fill(5000),
        tags: titled ? [fill(500)] : [],
        publishedAt: null,
        viewCount: 0,
        comments: Array.from({ length: titled ? 5 : 0 }, (_, j) => ({
          id: `c${i}.${j}`,
          text: fill(5000),
          likeCount: 0,
          author: 'someone',
        })),
      })),
    },
    background: { channels: [], videos: [] },
    seed: null,
    campaign: { objective: '', campaignType: null, language: 'en' },
  };
}

function allText(input: GenerateInput): string[] {
  const out: string[] = [];
  for (const c of [input.corpus, input.background]) {
    for (const ch of c.channels) out.push(ch.title, ch.description, ch.keywords);
    for (const v of c.videos) {
      out.push(v.title, v.description, ...v.tags);
      for (const cm of v.comments) out.push(cm.text);
    }
  }
  return out;
}

/** The floor: lowercase and split on whitespace every text of the input. */
function floorOnce(texts: string[]): number {
  let n = 0;
  for (const t of texts) n += t.toLowerCase().split(/\s+/).length;
  return n;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown, runs: number): number {
  fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

function fmtMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

export async function generationBench(): Promise<void> {
  const small = benchInput(200, 50);
  const large = benchInput(2000, 50);
  // the targeting goal's store: 1,000 videos of titles and descriptions, as an import of uploads
  const store = benchInput(1000, 0);
  const smallTexts = allText(small);
  const largeTexts = allText(large);
  const runs = Number(process.env.BENCH_GEN_RUNS ?? 5);

  const floorSmall = time(() => floorOnce(smallTexts), runs);
  const genSmall = time(() => generateTargeting(small), runs);
  const floorLarge = time(() => floorOnce(largeTexts), Math.max(3, Math.ceil(runs / 2)));
  const genLarge = time(() => generateTargeting(large), Math.max(3, Math.ceil(runs / 2)));
  const storeTexts = allText(store);
  const floorStore = time(() => floorOnce(storeTexts), runs);
  const genStore = time(() => generateTargeting(store), runs);
  const growth = genLarge / genSmall;
  // text written to be slow: runs a pattern of a link or an address may try from every character
  const ordinary = time(() => generateTargeting(filledStore('espresso grinder review ')), runs);
  let slowest = { pattern: '', titled: true, ms: 0 };
  for (const pattern of HOSTILE_RUNS)
    for (const titled of [true, false]) {
      const input = filledStore(pattern, titled);
      const ms = time(() => generateTargeting(input), Math.max(3, Math.ceil(runs / 2)));
      if (ms > slowest.ms) slowest = { pattern, titled, ms };
    }

  const figures: Figure[] = [
    {
      name: 'generate, 200 videos × 50 comments',
      value: fmtMs(genSmall),
      ratio: genSmall / floorSmall,
      goal: '< 1 s',
      ok: genSmall < 1000,
    },
    {
      name: 'generate, 2000 videos × 50 comments',
      value: fmtMs(genLarge),
      ratio: genLarge / floorLarge,
      goal: '-',
      ok: true,
    },
    {
      name: 'generate, 1000 videos, no comments',
      value: fmtMs(genStore),
      ratio: genStore / floorStore,
      goal: '< 1 s',
      ok: genStore < 1000,
    },
    {
      name: `generate, hostile text (slowest: ${JSON.stringify(slowest.pattern)} × 5,000 chars${slowest.titled ? '' : ', descriptions alone'})`,
      value: fmtMs(slowest.ms),
      ratio: slowest.ms / ordinary,
      goal: '<= 10',
      ok: slowest.ms / ordinary <= 10,
    },
    {
      name: 'growth for 10× data (time 10× / time 1×)',
      value: `${growth.toFixed(2)}×`,
      ratio: growth,
      goal: '<= 12',
      ok: growth <= 12,
    },
  ];
  report(
    `targeting generation (ratio: vs lowercasing + splitting the same text, ${fmtMs(floorSmall)} / ${fmtMs(floorLarge)}; hostile text vs ordinary words in the same fields, ${fmtMs(ordinary)}; growth ratio is the 10×/1× time)`,
    figures,
  );
}
