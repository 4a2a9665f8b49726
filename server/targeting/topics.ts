/**
 * Topics and segments (affinity and in-market): taxonomy nodes with enough evidence in the slot's
 * documents, the most specific node the evidence supports first. Pure and deterministic.
 */
import type { Analyzer } from './analyzer.ts';
import type { CampaignTypeMix } from './mix.ts';
import { cmpStr } from './order.ts';
import { nodeLabel, taxonomyIndex, type TaxonomyNode } from './taxonomy.ts';
import { matchTaxonomy } from './text.ts';
import type { GenerateInput, TargetingItem } from './types.ts';

/** A node is kept when this share of the slot's documents is about it (and at least 2 documents, in a store of more than 3). */
const TOPIC_MIN_COVERAGE = 0.15;
const SEGMENT_MIN_COVERAGE = 0.15;
/** Children disagree when the runner-up has at least this share of the best child's coverage: the parent leads. */
const CHILDREN_DISAGREE = 0.6;
/** A saved audience's topics and tags multiply matching nodes' coverage (and add a little). */
const SEED_NODE_FACTOR = 1.5;
const SEED_NODE_BONUS = 0.05;
/** Nodes the campaign objective names are lifted a little. */
const OBJECTIVE_NODE_FACTOR = 1.2;

export interface Scored {
  node: TaxonomyNode;
  coverage: number;
  /** coverage without the saved audience's lift */
  own: number;
  /** unsaturated evidence, for ties */
  weight: number;
}

export function taxonomyItems(
  analyzer: Analyzer,
  input: GenerateInput,
  seedText: string,
  mix: CampaignTypeMix,
): { topics: TargetingItem[]; segments: TargetingItem[] } {
  const tax = taxonomyIndex();
  const seedNodes = new Set<number>();
  if (input.seed) {
    for (const s of [...input.seed.topics, ...input.seed.tags]) {
      const exact = tax.byName.get(s.trim().toLowerCase());
      if (exact) for (const i of exact) seedNodes.add(i);
    }
    if (seedText)
      for (const m of matchTaxonomy(seedText, { minScore: 1, limit: 20 }))
        seedNodes.add(nodeIndex(m.kind, m.path));
  }
  const objectiveNodes = new Set<number>();
  if (input.campaign.objective) {
    for (const m of matchTaxonomy(input.campaign.objective, { minScore: 1, limit: 20 }))
      objectiveNodes.add(nodeIndex(m.kind, m.path));
  }
  // a small store's evidence may sit in one document; a larger one needs it in two
  const minDocs = analyzer.taxDocs <= 3 ? 1 : 2;
  const scored = new Map<number, Scored>();
  for (const s of analyzer.nodeScores()) {
    if (s.docs < minDocs) continue;
    let own = s.coverage;
    if (objectiveNodes.has(s.node)) own *= OBJECTIVE_NODE_FACTOR;
    const coverage = seedNodes.has(s.node) ? own * SEED_NODE_FACTOR + SEED_NODE_BONUS : own;
    scored.set(s.node, { node: tax.nodes[s.node]!, coverage, own, weight: s.weight });
  }
  const pick = (kinds: string[], min: number): Scored[] => {
    const qualified = new Map<number, Scored>();
    for (const [i, s] of scored)
      if (kinds.includes(s.node.kind) && s.coverage >= min) qualified.set(i, s);
    return orderSpecificFirst(qualified, min);
  };
  const item = (s: Scored, section: 'topics' | 'segments', min: number): TargetingItem => ({
    section,
    label: nodeLabel(s.node),
    text: s.node.path,
    matchType: '',
    source: s.own >= min ? 'taxonomy' : 'audience',
  });

  const topics = pick(['topic'], TOPIC_MIN_COVERAGE)
    .slice(0, mix.topics)
    .map((s) => item(s, 'topics', TOPIC_MIN_COVERAGE));

  // segments: half the room for each kind, the rest to whichever has more, in each kind's order
  const affinity = pick(['affinity'], SEGMENT_MIN_COVERAGE);
  const inMarket = pick(['in_market'], SEGMENT_MIN_COVERAGE);
  const half = Math.floor(mix.segments / 2);
  const chosen = new Set([...affinity.slice(0, half), ...inMarket.slice(0, mix.segments - half)]);
  const rest = [...affinity.slice(half), ...inMarket.slice(mix.segments - half)].sort(byCoverage);
  for (const s of rest) {
    if (chosen.size >= mix.segments) break;
    chosen.add(s);
  }
  // interleave by rank: the best of each kind first
  const ranked = [...affinity, ...inMarket].filter((s) => chosen.has(s));
  const rank = new Map<Scored, number>();
  affinity.forEach((s, i) => rank.set(s, i));
  inMarket.forEach((s, i) => rank.set(s, i));
  ranked.sort((a, b) => rank.get(a)! - rank.get(b)! || byCoverage(a, b));
  const segments = ranked.map((s) => item(s, 'segments', SEGMENT_MIN_COVERAGE));
  return { topics, segments };
}

/**
 * Orders qualified nodes so that the most specific node the evidence supports comes first:
 * - a node is listed when it is one of ours (not a path prefix that only groups its children, like
 *   "/Travel/Destinations") and adds something: it has no qualified child, its children
 *   disagree (two or more, the runner-up at CHILDREN_DISAGREE of the best), or it has evidence of
 *   its own beyond its best child's (by twice the threshold);
 * - branches (the listed nodes under one top qualified node, like "/Hobbies & Leisure") in order
 *   of that top node's evidence, so the store's strongest area leads ("Ultralight Backpacking" of a
 *   hiking channel before the "/Travel" its trips also qualify for);
 * - within a branch, the most specific listed nodes (no listed node below them) strongest first,
 *   each listed parent right after the last of its listed descendants.
 */
export function orderSpecificFirst(qualified: ReadonlyMap<number, Scored>, min: number): Scored[] {
  const nodes = taxonomyIndex().nodes;
  const kidsOf = (s: Scored) =>
    s.node.children
      .map((c) => qualified.get(c))
      .filter((x): x is Scored => x !== undefined)
      .sort(byCoverage);
  const disagree = (kids: Scored[]) =>
    kids.length >= 2 && kids[1]!.coverage >= CHILDREN_DISAGREE * kids[0]!.coverage;
  const listed: Scored[] = [];
  for (const s of qualified.values()) {
    const kids = kidsOf(s);
    const maxKid = kids.length ? kids[0]!.coverage : 0;
    if (!s.node.declared) continue; // "/Travel/Destinations" only groups its children
    if (kids.length === 0 || disagree(kids) || s.coverage - maxKid >= 2 * min) listed.push(s);
  }
  const ancestorsOf = (s: Scored): number[] => {
    const out: number[] = [];
    for (let p = s.node.parent; p >= 0; p = nodes[p]!.parent) out.push(p);
    return out;
  };
  // a branch: the listed nodes under one top qualified node (listed or not, like "/Hobbies & Leisure")
  const topOf = (s: Scored): Scored => {
    let top = s;
    for (const a of ancestorsOf(s)) {
      const q = qualified.get(a);
      if (q) top = q;
    }
    return top;
  };
  const branches = new Map<Scored, Scored[]>();
  for (const s of listed) {
    const top = topOf(s);
    const list = branches.get(top) ?? [];
    list.push(s);
    branches.set(top, list);
  }
  const ordered = [...branches.entries()]
    .sort((a, b) => byCoverage(a[0], b[0]))
    .map(([, members]) => members);
  const out: Scored[] = [];
  for (const members of ordered) {
    const inGroup = new Set(members.map((m) => m.node.index));
    const parents = new Set<number>();
    for (const m of members) for (const a of ancestorsOf(m)) if (inGroup.has(a)) parents.add(a);
    const seq = members.filter((m) => !parents.has(m.node.index)).sort(byCoverage);
    // the deepest parents first, so a grandparent lands after its children's parents
    for (const p of members
      .filter((m) => parents.has(m.node.index))
      .sort((a, b) => b.node.depth - a.node.depth || byCoverage(a, b))) {
      let at = -1;
      seq.forEach((m, i) => {
        if (ancestorsOf(m).includes(p.node.index)) at = i;
      });
      seq.splice(at + 1, 0, p);
    }
    out.push(...seq);
  }
  return out;
}

function nodeIndex(kind: string, path: string): number {
  const tax = taxonomyIndex();
  for (const i of tax.byName.get(path.toLowerCase()) ?? [])
    if (tax.nodes[i]!.kind === kind && tax.nodes[i]!.path === path) return i;
  return -1;
}

/** Best first; on equal coverage the stronger evidence, the more specific node, then the path. */
function byCoverage(a: Scored, b: Scored): number {
  return (
    b.coverage - a.coverage ||
    b.weight - a.weight ||
    b.node.depth - a.node.depth ||
    cmpStr(a.node.path, b.node.path)
  );
}
