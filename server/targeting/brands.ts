/**
 * Brands known to the workspace, as the targeting sees them: the campaign's own brand and its
 * products may be targeted (EXACT); another brand of the workspace, its products, and the sponsors
 * the catalog's links reveal never are, and each such candidate is said so, with a reason a person
 * reads (so a person can see it and override it).
 *
 * A brand is known by its name ("Northwind Outdoor"), the products its description names
 * ("Known for the Ridgeline packs, the Skyline trekking pole tents and the Talus trail shoe": a
 * capitalised name after an article or a possessive, not a place: "designed in Boulder, Colorado"
 * names none), the products the store names after the brand ("Northwind Transit 30") and its
 * website. A word that is also a common word here (written lowercase in the store, or a topic's
 * cue, like "switchback" or "summit") names the brand only where it is written as a name.
 */
import type { Analyzer, PhraseCandidate } from './analyzer.ts';
import type { Boilerplate } from './boilerplate.ts';
import { isDeterminer, isStopword, type Lang } from './lang.ts';
import { cmpStr } from './order.ts';
import { registrableDomain } from './text.ts';
import { taxonomyIndex } from './taxonomy.ts';
import { CONTENT, STOP, WEAK, tokenize, type WordInfo } from './tokens.ts';
import type { CorpusChannel, GenerateInput, KnownBrand } from './types.ts';

/** What a candidate names: the campaign's own brand, another one (with the reason), or none. */
export type BrandVerdict = { own: true } | { own: false; reason: string } | null;

export interface BrandCheck {
  /** what a keyword candidate names */
  keyword(c: Pick<PhraseCandidate, 'key' | 'text' | 'name'>): BrandVerdict;
  /** why a linked domain is left out (another brand's site), or null */
  domain(domain: string): string | null;
  /** why a sponsor's domain is left out, or null when it is no sponsor's */
  sponsorDomain(domain: string): string | null;
}

interface Brand {
  known: KnownBrand;
  own: boolean;
  /** the name's keys up to its second content word: "ember and grind", "northwind outdoor" */
  name: string[];
  /** its first content word: "northwind" */
  head: string;
  /** products, keyed: ["ridgeline"], ["stride", "racer", "2"] */
  products: string[][];
  domain: string | null;
  reason: string;
}

const NO_BRANDS: BrandCheck = {
  keyword: () => null,
  domain: () => null,
  sponsorDomain: () => null,
};

export function brandCheck(
  brands: GenerateInput['brands'],
  bp: Boilerplate,
  channels: readonly CorpusChannel[],
  analyzer: Analyzer,
  candidates: readonly PhraseCandidate[],
  lang: Lang,
): BrandCheck {
  const list: Brand[] = [];
  if (brands?.own) list.push(brandOf(brands.own, true, lang));
  // by name, so a keyword that names two of them gets the same reason whatever the input's order
  const others = [...(brands?.others ?? [])]
    .filter((b) => b && b.name)
    .sort((a, b) => cmpStr(a.name, b.name) || cmpStr(a.website ?? '', b.website ?? ''));
  for (const b of others) list.push(brandOf(b, false, lang));
  const titles = new Map(channels.map((c) => [c.id, c.title || c.handle || c.id]));
  if (list.length === 0 && bp.sponsorWords.size === 0) return NO_BRANDS;

  const cues = taxonomyIndex().cuesFor(lang);
  const lowerCache = new Map<string, boolean>();
  /** a common word here: written lowercase in the store's running text, a topic's cue, a stopword */
  const common = (key: string): boolean => {
    let v = lowerCache.get(key);
    if (v === undefined) {
      const e = analyzer.evidenceOf(key);
      v = cues.has(key) || isStopword(key, lang) || (e !== null && e.lowOcc > e.capOcc);
      lowerCache.set(key, v);
    }
    return v;
  };
  // products the store names after a brand: "Northwind Transit 30" makes "Transit" Northwind's
  for (const c of candidates) {
    if (!c.name || c.words < 2) continue;
    const keys = c.key.split(' ');
    for (const b of list) {
      const at = keys.indexOf(b.head);
      const next = keys[at + 1];
      if (at < 0 || next === undefined || /^\d/.test(next) || b.name.includes(next)) continue;
      if (!b.products.some((p) => p.length === 1 && p[0] === next)) b.products.push([next]);
    }
  }
  const names = (b: Brand, keys: readonly string[], name: boolean): boolean => {
    if (b.name.length >= 2 && holds(keys, b.name)) return true;
    if (keys.includes(b.head) && (name || !common(b.head))) return true;
    for (const p of b.products) {
      if (p.length >= 2 ? holds(keys, p) : keys[0] === p[0] && (name || !common(p[0]!)))
        return true;
    }
    return false;
  };
  /** "a sponsor of Byte Sized Reviews", by a sponsor's word or domain */
  const sponsorReason = (key: string): string => {
    const who = (bp.sponsorChannels.get(key) ?? []).map((id) => titles.get(id) ?? id);
    if (who.length === 0) return 'a sponsor in the catalog';
    if (who.length === 1) return `a sponsor of ${who[0]}`;
    if (who.length === 2) return `a sponsor of ${who[0]} and ${who[1]}`;
    return `a sponsor of ${who[0]} and ${who.length - 1} other channels`;
  };
  return {
    keyword(c) {
      const keys = c.key.split(' ');
      // another brand first: a keyword naming ours and theirs ("Talus 3 vs Vireo") still names theirs
      for (const b of list)
        if (!b.own && names(b, keys, c.name)) return { own: false, reason: b.reason };
      const words = c.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      for (let i = 0; i < words.length; i++) {
        const w = words[i]!;
        if (bp.sponsorWords.has(w)) return { own: false, reason: sponsorReason(w) };
        const two = i + 1 < words.length ? w + words[i + 1]! : '';
        if (two && bp.sponsorWords.has(two)) return { own: false, reason: sponsorReason(two) };
      }
      for (const b of list) if (b.own && names(b, keys, c.name)) return { own: true };
      return null;
    },
    domain(d) {
      for (const b of list) if (!b.own && b.domain === d) return b.reason;
      return null;
    },
    sponsorDomain(d) {
      return bp.sponsorDomains.has(d) ? sponsorReason(d) : null;
    },
  };
}

function brandOf(known: KnownBrand, own: boolean, lang: Lang): Brand {
  const words = tokenize(known.name ?? '', 'none', lang)[0]?.words ?? [];
  const name: string[] = [];
  let content = 0;
  for (const w of words) {
    name.push(w.key);
    if (w.kind !== STOP && ++content >= 2) break;
  }
  while (name.length && isStopword(name[name.length - 1]!, lang)) name.pop();
  const head = words.find((w) => w.kind !== STOP)?.key ?? name[0] ?? '';
  const products = productsOf(known.description ?? '', name, lang);
  const domain = known.website ? registrableDomain(known.website) : null;
  return {
    known,
    own,
    name,
    head,
    products,
    domain,
    reason: `another brand of the workspace: ${known.name}`,
  };
}

/**
 * Capitalised names a brand's description puts after an article or a possessive ("the Talus trail
 * shoe", "Our Stride Racer 2"), with the numbers that follow them; not the brand's own name, not a
 * place or anything else our taxonomy knows as a cue ("the Alps").
 */
function productsOf(description: string, name: readonly string[], lang: Lang): string[][] {
  const cues = taxonomyIndex().cuesFor(lang);
  const out: string[][] = [];
  const add = (p: string[]) => {
    if (p.length && !out.some((q) => q.join(' ') === p.join(' '))) out.push(p);
  };
  for (const seg of tokenize(description, 'text', lang)) {
    const w = seg.words;
    for (let i = 1; i < w.length; i++) {
      if (!determiner(w[i - 1]!, lang) || !nameWord(w[i]!)) continue;
      const start = i;
      while (i + 1 < w.length && (nameWord(w[i + 1]!) || w[i + 1]!.caseless)) i++;
      const run = w.slice(start, i + 1);
      const keys = run.map((x) => x.key);
      if (cues.has(keys.join(' '))) continue;
      // the brand's own name in front ("Kinetic Volt"): the product is also the rest ("Volt")
      let from = 0;
      while (from < run.length && name.includes(keys[from]!)) from++;
      if (from === run.length) continue;
      add(keys);
      const rest = keys.slice(from);
      if (from > 0 && run.slice(from).some((x) => !x.caseless) && !cues.has(rest.join(' ')))
        add(rest);
    }
  }
  return out;
}

function determiner(w: WordInfo, lang: Lang): boolean {
  return isDeterminer(w.low, lang) || isDeterminer(w.low, 'en');
}

function nameWord(w: WordInfo): boolean {
  return w.cap && !w.caseless && (w.kind === CONTENT || w.kind === WEAK);
}

/** Whether `hay` holds `needle` as consecutive keys. */
function holds(hay: readonly string[], needle: readonly string[]): boolean {
  for (let i = 0; i + needle.length <= hay.length; i++) {
    let ok = true;
    for (let j = 0; j < needle.length && ok; j++) if (hay[i + j] !== needle[j]) ok = false;
    if (ok) return true;
  }
  return false;
}
