// Targeting generation bench: how long `generateTargeting` takes for a slot of 200 videos × 50
// comments, how that grows for 10× the data (2000 videos × 50 comments), and a store of 1,000
// videos without comments (the targeting goal: well under a second). The corpora come from
// corpus.ts (synthetic, seeded, the same on every machine); the background (other catalog content,
// scored against) grows with them.
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
      name: 'growth for 10× data (time 10× / time 1×)',
      value: `${growth.toFixed(2)}×`,
      ratio: growth,
      goal: '<= 12',
      ok: growth <= 12,
    },
  ];
  report(
    `targeting generation (ratio: vs lowercasing + splitting the same text, ${fmtMs(floorSmall)} / ${fmtMs(floorLarge)}; growth ratio is the 10×/1× time)`,
    figures,
  );
}
