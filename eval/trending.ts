// Real YouTube text: videos of the 2017-18 trending lists (eval/data/trending-dev.json, CC0, see
// eval/data/README.md), scored against the tags their uploaders gave them. adcli, YAKE and TF-IDF on
// the same text in the same run, per language and kind of store (one video; one channel of 3-10
// videos).
//
// - A store is built as a data-store import builds it: the case's YouTube Data API v3 resources go
//   through the import's schema (server/schemas/youtube.ts) and are read the way the catalog stores
//   them (title, description, tags, channel keywords; no comments: the dataset has none). The gold
//   tags are the labels: they are never put in a store, never fed to any system.
// - The background (the catalog a slot is scored against in adcli serve) is the other cases of the
//   same language, without the case's own channel: a catalog of other creators' videos. The same
//   for adcli and TF-IDF.
// - Scoring, as the dataset's README says (what its held-out half is scored with): a keyword is a
//   hit when a gold tag occurs in it as a word sequence, after lowercasing and stemming both sides
//   (English: Harman's S-stemmer; French and Spanish: accents folded, a final "s" dropped, the
//   elided "l'", "d'", "qu'" split off). P@10 = hits among the first 10 / 10, whatever the number
//   returned; R@20 = share of the gold tags hit by the first 20.
import { readFileSync } from 'node:fs';
import { generate } from '../server/targeting/generate.ts';
import type { Corpus, GenerateInput } from '../server/targeting/types.ts';
import { importBody } from '../server/schemas/youtube.ts';
import { docKeys, tfidfAgainst, yake, type BaselineDoc } from './baselines.ts';
import { pairedInterval, type PairedInterval } from './interval.ts';
import type { Lang } from '../server/targeting/lang.ts';

export interface TrendingCase {
  kind: 'video' | 'channel';
  id: string;
  lang: 'en' | 'fr' | 'es';
  channel: string;
  channels: unknown[];
  videos: unknown[];
  gold: string[];
}

export function loadTrending(): TrendingCase[] {
  const url = new URL('./data/trending-dev.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: TrendingCase[] }).cases;
}

/** The case's resources as an import stores them, as the generator reads them from the catalog. */
export function corpusOfCase(c: TrendingCase): Corpus {
  const body = importBody.parse({ channels: c.channels, videos: c.videos });
  const channels = new Map<string, Corpus['channels'][number]>();
  for (const ch of body.channels ?? [])
    channels.set(ch.id, {
      id: ch.id,
      title: ch.snippet.title,
      description: ch.snippet.description,
      handle: ch.snippet.customUrl ?? '',
      keywords: ch.brandingSettings?.channel?.keywords ?? '',
      country: ch.snippet.country ?? '',
      subscribers: ch.statistics?.subscriberCount ?? 0,
    });
  const videos = (body.videos ?? []).map((v) => {
    // a video whose channel the import lacks gets a minimal one from its snippet (catalog.ts)
    if (!channels.has(v.snippet.channelId))
      channels.set(v.snippet.channelId, {
        id: v.snippet.channelId,
        title: v.snippet.channelTitle || v.snippet.channelId,
        description: '',
        handle: '',
        keywords: '',
        country: '',
        subscribers: 0,
      });
    return {
      id: v.id,
      channelId: v.snippet.channelId,
      title: v.snippet.title,
      description: v.snippet.description,
      tags: v.snippet.tags,
      publishedAt: v.snippet.publishedAt ?? null,
      viewCount: v.statistics?.viewCount ?? 0,
      comments: [],
    };
  });
  return { channels: [...channels.values()], videos };
}

function baselineDocs(corpus: Corpus): BaselineDoc[] {
  return [
    ...corpus.channels.map((c) => ({ texts: [c.title, c.description] })),
    ...corpus.videos.map((v) => ({ texts: [v.title, v.tags.join(' | '), v.description] })),
  ];
}

// ---------------------------------------------------------------- the dataset's scoring

/** Harman's S-stemmer (1991): "ies" → "y", "es" → "e", "s" dropped, with its exceptions. */
function sStem(w: string): string {
  if (w.endsWith('ies') && !w.endsWith('eies') && !w.endsWith('aies')) return w.slice(0, -3) + 'y';
  if (w.endsWith('es') && !w.endsWith('aes') && !w.endsWith('ees') && !w.endsWith('oes'))
    return w.slice(0, -1);
  if (w.endsWith('s') && !w.endsWith('us') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** The words of a keyword or tag as the dataset scores them. */
export function scoreWords(text: string, lang: string): string[] {
  let s = text.toLowerCase().replace(/[’`]/g, "'");
  if (lang !== 'en') {
    s = s.normalize('NFD').replace(/\p{M}+/gu, '');
    s = s.replace(/(^|[^\p{L}])(l|d|qu)'(?=\p{L})/gu, '$1 ');
  }
  const words = s.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? [];
  return words.map((w) => (lang === 'en' ? sStem(w) : w.length > 1 ? w.replace(/s$/, '') : w));
}

function holds(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= hay.length; i++) {
    let ok = true;
    for (let j = 0; j < needle.length && ok; j++) if (hay[i + j] !== needle[j]) ok = false;
    if (ok) return true;
  }
  return false;
}

export interface TrendingScore {
  p10: number;
  r20: number;
  /** distinct tags hit by the first 10: a tag hit by several keywords ("loot box", "loot") counts once */
  tags10: number;
  returned: number;
}

export function scoreKeywords(keywords: readonly string[], gold: readonly string[], lang: string) {
  const tags = gold.map((g) => scoreWords(g, lang)).filter((w) => w.length > 0);
  const kws = keywords.map((k) => scoreWords(k, lang));
  const hit = (kw: string[]) => tags.some((t) => holds(kw, t));
  const first10 = kws.slice(0, 10);
  const p10 = first10.filter(hit).length / 10;
  const tags10 = tags.filter((t) => first10.some((k) => holds(k, t))).length;
  const first20 = kws.slice(0, 20);
  const r20 = tags.length
    ? tags.filter((t) => first20.some((k) => holds(k, t))).length / tags.length
    : 0;
  return { p10, r20, tags10, returned: keywords.length };
}

// ---------------------------------------------------------------- the run

export const TRENDING_SYSTEMS = ['adcli', 'YAKE', 'TF-IDF'] as const;
export type TrendingSystem = (typeof TRENDING_SYSTEMS)[number];

export interface TrendingResult {
  case: TrendingCase;
  /** whether the store has any title or description text */
  hasText: boolean;
  keywords: Record<TrendingSystem, string[]>;
  scores: Record<TrendingSystem, TrendingScore>;
}

/** How many keywords a baseline returns: as many as adcli may (a campaign of no type: 40). */
const BASELINE_K = 40;

/** Runs every case (or only those of `only`, by id) against the others of its language. */
export function runTrending(
  cases: readonly TrendingCase[] = loadTrending(),
  only?: ReadonlySet<string>,
): TrendingResult[] {
  const corpora = cases.map(corpusOfCase);
  // TF-IDF's background document frequencies: per language, less those of the case's own channel
  const langDf = new Map<string, Map<string, number>>();
  const channelDf = new Map<string, Map<string, number>>();
  const langN = new Map<string, number>();
  const channelN = new Map<string, number>();
  const add = (m: Map<string, Map<string, number>>, id: string, keys: Set<string>) => {
    let df = m.get(id);
    if (!df) m.set(id, (df = new Map()));
    for (const key of keys) df.set(key, (df.get(key) ?? 0) + 1);
  };
  const seenVideo = new Set<string>();
  cases.forEach((c, i) => {
    const lang = c.lang as Lang;
    const chId = `${c.lang}:${c.channel}`;
    for (const [j, doc] of baselineDocs(corpora[i]!).entries()) {
      const v = j >= corpora[i]!.channels.length;
      const id = v ? corpora[i]!.videos[j - corpora[i]!.channels.length]!.id : `ch:${c.channel}`;
      if (seenVideo.has(id)) continue;
      seenVideo.add(id);
      const keys = docKeys(doc, lang);
      add(langDf, c.lang, keys);
      add(channelDf, chId, keys);
      langN.set(c.lang, (langN.get(c.lang) ?? 0) + 1);
      channelN.set(chId, (channelN.get(chId) ?? 0) + 1);
    }
  });
  const out: TrendingResult[] = [];
  cases.forEach((c, i) => {
    if (only && !only.has(c.id)) return;
    const corpus = corpora[i]!;
    const others = corpora.filter(
      (_, j) => cases[j]!.lang === c.lang && cases[j]!.channel !== c.channel,
    );
    const background: Corpus = {
      channels: others.flatMap((o) => o.channels),
      videos: others.flatMap((o) => o.videos),
    };
    const input: GenerateInput = {
      corpus,
      background,
      seed: null,
      campaign: { objective: '', campaignType: null, language: c.lang },
    };
    const adcli = generate(input)
      .items.filter((it) => it.section === 'keywords')
      .map((it) => it.text);
    const docs = baselineDocs(corpus);
    const lang = c.lang as Lang;
    const all = langDf.get(c.lang)!;
    const own = channelDf.get(`${c.lang}:${c.channel}`)!;
    const bgN = langN.get(c.lang)! - channelN.get(`${c.lang}:${c.channel}`)!;
    const keywords: Record<TrendingSystem, string[]> = {
      adcli,
      YAKE: yake(docs, lang, BASELINE_K),
      'TF-IDF': tfidfAgainst(
        docs,
        (k) => (all.get(k) ?? 0) - (own.get(k) ?? 0),
        bgN,
        lang,
        BASELINE_K,
      ),
    };
    const scores = Object.fromEntries(
      TRENDING_SYSTEMS.map((s) => [s, scoreKeywords(keywords[s], c.gold, c.lang)]),
    ) as Record<TrendingSystem, TrendingScore>;
    const hasText = corpus.videos.some((v) => /[\p{L}\p{N}]/u.test(v.title + v.description));
    out.push({ case: c, hasText, keywords, scores });
  });
  return out;
}

export interface TrendingRow {
  name: string;
  n: number;
  p10: Record<TrendingSystem, number>;
  r20: Record<TrendingSystem, number>;
  tags10: Record<TrendingSystem, number>;
  returned: number;
  zero: number;
  underFive: number;
  /** the goals' margins: adcli's P@10 less YAKE's, its R@20 less TF-IDF's, with their intervals */
  p10VsYake: PairedInterval;
  r20VsTfidf: PairedInterval;
}

export function trendingRows(results: readonly TrendingResult[]): TrendingRow[] {
  const rows: TrendingRow[] = [];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  for (const lang of ['en', 'fr', 'es'])
    for (const kind of ['video', 'channel'] as const) {
      const ms = results.filter((r) => r.case.lang === lang && r.case.kind === kind);
      if (!ms.length) continue;
      const of = (f: (s: TrendingScore) => number) =>
        Object.fromEntries(
          TRENDING_SYSTEMS.map((s) => [s, mean(ms.map((m) => f(m.scores[s])))]),
        ) as Record<TrendingSystem, number>;
      rows.push({
        name: `${lang}, one ${kind}`,
        n: ms.length,
        p10: of((s) => s.p10),
        r20: of((s) => s.r20),
        tags10: of((s) => s.tags10),
        returned: mean(ms.map((m) => m.scores.adcli.returned)),
        zero: ms.filter((m) => m.scores.adcli.returned === 0).length / ms.length,
        underFive: ms.filter((m) => m.scores.adcli.returned < 5).length / ms.length,
        p10VsYake: pairedInterval(
          ms.map((m) => ({ channel: m.case.channel, a: m.scores.adcli.p10, b: m.scores.YAKE.p10 })),
        ),
        r20VsTfidf: pairedInterval(
          ms.map((m) => ({
            channel: m.case.channel,
            a: m.scores.adcli.r20,
            b: m.scores['TF-IDF'].r20,
          })),
        ),
      });
    }
  return rows;
}

// a sum of float shares that is 0 may come out a hair below it: the sign is the rounded figure's
const signed = (x: number) => `${x < -0.0005 ? '-' : '+'}${Math.abs(x).toFixed(3)}`;

export function printTrending(write: (s: string) => void, verbose: boolean): TrendingRow[] {
  const results = runTrending();
  if (verbose)
    for (const r of results) {
      write(`\n${r.case.id} (${r.case.lang}, ${r.case.kind}) gold: ${r.case.gold.join(' · ')}\n`);
      for (const s of TRENDING_SYSTEMS)
        write(
          `  ${s.padEnd(7)} P@10 ${r.scores[s].p10.toFixed(2)} R@20 ${r.scores[s].r20.toFixed(2)}  ${r.keywords[s].slice(0, 20).join(' · ')}\n`,
        );
    }
  const rows = trendingRows(results);
  const f = (x: number) => x.toFixed(3);
  const pct = (x: number) => `${Math.round(x * 100)}%`.padStart(4);
  write(
    `\nReal YouTube text (${results.length} development cases of the 2017-18 trending lists, eval/data), scored against the uploaders' tags: ` +
      `P@10 (÷ 10 whatever the number returned), R@20, distinct tags the first 10 hit (tags@10: a tag that several overlapping keywords hit counts once), keywords adcli returns per store, stores where adcli returns 0 / < 5. ` +
      `The tags are never given to any system; a held-out half the project does not have is scored the same way\n\n`,
  );
  write(
    `${'row'.padEnd(17)}${'n'.padStart(4)}   adcli P@10  YAKE P@10  TF-IDF P@10   adcli R@20  YAKE R@20  TF-IDF R@20   tags@10 adcli  YAKE  TF-IDF   kw/store  0 kw  < 5\n`,
  );
  for (const r of rows)
    write(
      `${r.name.padEnd(17)}${String(r.n).padStart(4)}   ${f(r.p10.adcli).padStart(10)} ${f(r.p10.YAKE).padStart(10)} ${f(r.p10['TF-IDF']).padStart(12)}   ` +
        `${f(r.r20.adcli).padStart(10)} ${f(r.r20.YAKE).padStart(10)} ${f(r.r20['TF-IDF']).padStart(12)}   ` +
        `${r.tags10.adcli.toFixed(2).padStart(13)} ${r.tags10.YAKE.toFixed(2).padStart(5)} ${r.tags10['TF-IDF'].toFixed(2).padStart(7)}   ${r.returned.toFixed(1).padStart(8)}  ${pct(r.zero)} ${pct(r.underFive)}\n`,
    );
  const margin = (m: PairedInterval) =>
    `${signed(m.diff)} (${signed(m.low)} to ${signed(m.high)})`.padEnd(28);
  write(
    `\nThe goals' margins on this half: adcli's P@10 less YAKE's and its R@20 less TF-IDF's, per store, with a 95 % interval ` +
      `from resampling the channels (the held-out half is other channels; an interval that holds 0 may fall either side there)\n\n`,
  );
  write(`${'row'.padEnd(17)}${'n'.padStart(4)}   ${'P@10 - YAKE'.padEnd(28)}R@20 - TF-IDF\n`);
  for (const r of rows)
    write(
      `${r.name.padEnd(17)}${String(r.n).padStart(4)}   ${margin(r.p10VsYake)}${margin(r.r20VsTfidf).trimEnd()}\n`,
    );
  const textless = results.filter((r) => r.hasText && r.scores.adcli.returned === 0).length;
  write(`\nstores with title or description text and 0 keywords: ${textless}\n`);
  return rows;
}
