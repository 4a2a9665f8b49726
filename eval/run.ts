// `npm run eval`: keyword precision and recall and top-topic accuracy of adcli's targeting generator
// on a labelled set of stores of our own writing (eval/stores), side by side with a TF-IDF and a
// YAKE-style baseline (eval/baselines.ts), in the same run. Deterministic: the same figures on
// every run and machine. `--stores` also prints each store's line and the keywords of each system.
//
// The generator was tuned looking at the development stores (en.ts, other.ts), so their rows flatter
// it; the held-out stores (heldout.ts) were written after that and never tuned on.
//
// How it is scored (k = 10):
// - every system's first k keywords; a keyword is right when, normalised (lowercase, no accents,
//   no punctuation, a plural "s" dropped per word), it equals one of the spellings of a gold
//   concept not matched before (saying the same thing twice counts once);
// - P@10 = right keywords / 10 (missing keywords count as wrong), R@10 = matched concepts / gold;
// - top topic: adcli's first topic; a baseline's is the taxonomy node its keywords point at, by
//   the same cue matching (matchTaxonomy), descending from the best match into a child that keeps
//   at least half of its score. Right when it is one of the store's acceptable topics.
// - background: every other store of the set (titles, tags, descriptions), as the catalog is for
//   a slot in adcli serve; the same for adcli's and TF-IDF's document frequencies.
import { generate } from '../server/targeting/generate.ts';
import { matchTaxonomy } from '../server/targeting/text.ts';
import { taxonomyIndex } from '../server/targeting/taxonomy.ts';
import type { Corpus } from '../server/targeting/types.ts';
import { tfidf, yake, type BaselineDoc } from './baselines.ts';
import { ENGLISH } from './stores/en.ts';
import { HELD_OUT } from './stores/heldout.ts';
import { OTHER_LANGUAGES } from './stores/other.ts';
import type { EvalKind, EvalStore } from './stores/types.ts';

const K = 10;
/** the development stores (the generator was tuned looking at these) and the held-out ones (never) */
const DEVELOPMENT: EvalStore[] = [...ENGLISH, ...OTHER_LANGUAGES];
const STORES: EvalStore[] = [...DEVELOPMENT, ...HELD_OUT];
const heldOut = new Set(HELD_OUT.map((s) => s.id));
const SYSTEMS = ['adcli', 'TF-IDF', 'YAKE'] as const;
type System = (typeof SYSTEMS)[number];

interface Outcome {
  keywords: string[];
  topic: string;
}

interface Score {
  p: number;
  r: number;
  topic: number;
}

function corpusOf(s: EvalStore, withComments: boolean): Corpus {
  return {
    channels: s.channels.map((c) => ({ id: c.id, title: c.title, description: c.description, handle: c.handle, keywords: c.keywords ?? '', country: '', subscribers: 0 })),
    videos: s.videos.map((v) => ({
      id: v.id,
      channelId: v.channelId,
      title: v.title,
      description: v.description,
      tags: v.tags ?? [],
      publishedAt: null,
      viewCount: 0,
      comments: withComments ? (v.comments ?? []).map((text, i) => ({ id: `${v.id}-c${i}`, text, likeCount: 0, author: `viewer${i}` })) : [],
    })),
  };
}

function docsOf(s: EvalStore, withComments: boolean): BaselineDoc[] {
  return [
    ...s.channels.map((c) => ({ texts: [c.title, c.description, (c.keywords ?? '').replace(/"/g, ' ')] })),
    ...s.videos.map((v) => ({ texts: [v.title, (v.tags ?? []).join(' | '), v.description, ...(withComments ? (v.comments ?? []) : [])] })),
  ];
}

/** Lowercase, no accents, no punctuation, a plural "s" dropped per word. */
export function norm(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}/]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');
}

function scoreOf(s: EvalStore, out: Outcome): Score {
  const concepts = s.gold.keywords.map((c) => new Set(c.map(norm)));
  const matched = new Set<number>();
  let right = 0;
  for (const kw of out.keywords.slice(0, K)) {
    const n = norm(kw);
    const i = concepts.findIndex((c, j) => !matched.has(j) && c.has(n));
    if (i >= 0) {
      matched.add(i);
      right++;
    }
  }
  return { p: right / K, r: matched.size / concepts.length, topic: s.gold.topics.includes(out.topic) ? 1 : 0 };
}

/** The topic a list of keywords points at: the best match, then down into a child keeping half its score. */
function topicOf(keywords: string[], lang: string): string {
  const matches = matchTaxonomy(keywords.join('\n'), { kinds: ['topic'], limit: 200, minScore: 0.5, lang });
  if (!matches.length) return '';
  const score = new Map(matches.map((m) => [m.path, m.score]));
  const tax = taxonomyIndex();
  let cur = matches[0]!.path;
  for (;;) {
    const node = tax.nodes.find((n) => n.kind === 'topic' && n.path === cur)!;
    const kids = node.children.map((c) => tax.nodes[c]!.path).filter((p) => (score.get(p) ?? 0) >= 0.5 * score.get(cur)!);
    if (!kids.length) return cur;
    kids.sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1));
    cur = kids[0]!;
  }
}

function run(s: EvalStore): Record<System, Outcome> {
  const others = STORES.filter((o) => o.id !== s.id);
  const background: Corpus = { channels: others.flatMap((o) => corpusOf(o, false).channels), videos: others.flatMap((o) => corpusOf(o, false).videos) };
  const r = generate({ corpus: corpusOf(s, true), background, seed: null, campaign: { objective: '', campaignType: null, language: s.lang } });
  const adcli = {
    keywords: r.items.filter((i) => i.section === 'keywords').map((i) => i.text),
    topic: r.items.find((i) => i.section === 'topics')?.text ?? '',
  };
  const docs = docsOf(s, true);
  const tf = tfidf(docs, others.flatMap((o) => docsOf(o, false)), s.lang, K);
  const yk = yake(docs, s.lang, K);
  return { adcli, 'TF-IDF': { keywords: tf, topic: topicOf(tf, s.lang) }, YAKE: { keywords: yk, topic: topicOf(yk, s.lang) } };
}

const verbose = process.argv.includes('--stores');
const results = STORES.map((s) => {
  const out = run(s);
  const scores = Object.fromEntries(SYSTEMS.map((sys) => [sys, scoreOf(s, out[sys])])) as Record<System, Score>;
  return { store: s, out, scores };
});

const pct = (x: number) => `${(x * 100).toFixed(0).padStart(3)}%`;
const f2 = (x: number) => x.toFixed(2);

if (verbose) {
  for (const { store, out, scores } of results) {
    process.stdout.write(`\n${store.id} (${store.lang}, ${store.kind}) topics ${store.gold.topics.join(' | ')}\n`);
    for (const sys of SYSTEMS) {
      const sc = scores[sys];
      process.stdout.write(`  ${sys.padEnd(7)} P ${f2(sc.p)} R ${f2(sc.r)} topic ${sc.topic ? 'yes' : 'no '} ${out[sys].topic || '-'}\n`);
      process.stdout.write(`          ${out[sys].keywords.slice(0, K).join(' · ')}\n`);
    }
  }
  process.stdout.write('\n');
}

const rows: { name: string; members: typeof results }[] = [];
const dev = results.filter((r) => !heldOut.has(r.store.id));
const kinds: EvalKind[] = ['themed', 'single-video', 'sponsor-heavy', 'sparse'];
for (const k of kinds) rows.push({ name: k, members: dev.filter((r) => r.store.kind === k) });
for (const l of ['en', 'es', 'de', 'fr', 'pt']) rows.push({ name: `lang ${l}`, members: dev.filter((r) => r.store.lang === l) });
rows.push({ name: 'all', members: dev });
rows.push({ name: 'held-out', members: results.filter((r) => heldOut.has(r.store.id)) });

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
process.stdout.write(
  `adcli targeting evaluation: ${DEVELOPMENT.length} development stores in ${new Set(DEVELOPMENT.map((s) => s.lang)).size} languages (the rows by kind and language), ` +
    `${HELD_OUT.length} held out (written after tuning, never tuned on); keywords at k=${K}\n` +
    `P = precision@${K}, R = recall@${K} of gold keyword concepts, T = top-topic accuracy; ✓ adcli above both baselines on all three (ties on T count)\n\n`,
);
const head = `${'row'.padEnd(16)}${'n'.padStart(3)}  ` + SYSTEMS.map((s) => `${s.padEnd(7)}    P     R     T`).join('   ') + '\n';
process.stdout.write(head);
let led = 0;
for (const row of rows) {
  const agg = Object.fromEntries(
    SYSTEMS.map((sys) => [sys, { p: mean(row.members.map((m) => m.scores[sys].p)), r: mean(row.members.map((m) => m.scores[sys].r)), topic: mean(row.members.map((m) => m.scores[sys].topic)) }]),
  ) as Record<System, Score>;
  const a = agg.adcli;
  const ahead = (['TF-IDF', 'YAKE'] as const).every((b) => a.p > agg[b].p && a.r > agg[b].r && a.topic >= agg[b].topic);
  if (ahead) led++;
  process.stdout.write(
    `${row.name.padEnd(16)}${String(row.members.length).padStart(3)}  ` +
      SYSTEMS.map((sys) => `${' '.repeat(7)} ${f2(agg[sys].p)}  ${f2(agg[sys].r)}  ${pct(agg[sys].topic)}`).join('   ') +
      `  ${ahead ? '✓' : '✗'}\n`,
  );
}
process.stdout.write(`\nadcli above both baselines on ${led} of ${rows.length} rows\n`);
