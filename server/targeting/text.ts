/**
 * Text helpers of the targeting generator: comment filtering, link extraction, "content themes" of
 * documents (topPhrases) and taxonomy matching. The phrase scorer is analyzer.ts, the picking of
 * phrases select.ts; both are re-exported here for the callers of before. Pure and deterministic:
 * no clock, no randomness, explicit comparators everywhere.
 */
import { Analyzer, MAX_CUE_WORDS, type Doc } from './analyzer.ts';
import { publicSuffixes } from './libs.ts';
import { detectLanguage, type Lang } from './lang.ts';
import { selectPhrases } from './select.ts';
import { nodeLabel, taxonomyIndex, type NodeKind } from './taxonomy.ts';
import { cmpStr } from './order.ts';
import { STOP, URL_RE, tokenize } from './tokens.ts';

export { tokenize, keyOf, contentKeys, cleanText, splitHashtag, WEAK_WORDS } from './tokens.ts';
export { cmpStr } from './order.ts';
export {
  Analyzer,
  FIELDS,
  SMALL_STORE_DOCS,
  type Doc,
  type Field,
  type NodeScore,
  type PhraseCandidate,
  type RankOptions,
  type Unit,
} from './analyzer.ts';
export { overlapMerge, selectPhrases, subKeys } from './select.ts';

// ---------------------------------------------------------------- comments

/** Whole-comment spam and boilerplate: self-promotion, scams, engagement bait. */
const SPAM_PATTERNS: RegExp[] = [
  /\bcheck (?:out )?my (?:channel|profile|page|videos?|content|bio|playlist)\b/,
  /\b(?:visit|see|watch) my (?:channel|profile|page|videos?)\b/,
  /\bsub\s*(?:4|for|to|2)\s*sub\b/,
  /\bsub(?:scribe)? (?:to me|back)\b/,
  /\bsubscribe to (?:me|my)\b/,
  /\bi'?ll sub(?:scribe)? back\b/,
  /\bgift ?cards?\b/,
  /\bfree (?:robux|v-?bucks|iphone|phones?|followers|subscribers|subs|money|cash|giveaway)\b/,
  /\b(?:crypto|bitcoin|btc|forex|binary options?|nft|trading signals?)\b/,
  /\b(?:telegram|whatsapp|wa\.me|signal app)\b/,
  /\b(?:dm|message|text|contact|inbox) me\b/,
  /\b(?:earn|earned|earning|made|make|making)\s+(?:over\s+)?\$\s?\d/,
  /\$\s?\d[\d,.]*k?\s*(?:a|per|every)\s*(?:day|week|month|hour)\b/,
  /\b\d[\d,.]*k?\s*(?:followers|subscribers|subs|views|likes)\b/,
  /\bpromot(?:e|ing|ion)\s+(?:your|channels?|videos?)\b/,
  /\b(?:claim|redeem)\s+(?:it|your|now|at|here|the)\b/,
  /\byou(?:'ve| have)? been (?:selected|chosen)\b/,
  /\bcongratulations?\b.*\b(?:win|won|winner|prize|selected)\b/,
  /\blink in (?:my )?bio\b/,
  /\bwork(?:ing)? from home\b.*\$/,
  /\bsimple method\b/,
  /\bcollab\b.*\b(?:dm|message|promot)/,
];

/** Sentences that say nothing about the content; removed from a comment before it is scored. */
const BOILERPLATE_SENTENCES: RegExp[] = [
  /^first\b/,
  /^(?:so |really |very |such an? )?(?:great|nice|good|awesome|amazing|cool|brilliant|lovely|beautiful|excellent|fantastic|epic|sick|solid) (?:video|vid|content|work|job|stuff|one|channel|episode|upload|breakdown|explanation)\b/,
  /^(?:love|loved|loving) (?:this|it|that|these|your (?:videos?|channel|content|vibe))\b/,
  /^(?:thanks|thank you|thx|ty)(?: so much| a lot)?(?: for (?:sharing|the (?:video|upload|content)|this|watching|posting))?\b/,
  /\bkeep (?:it|them) (?:up|coming)\b/,
  /\bwho'?s (?:still )?watching in \d{4}\b/,
  /\balgorithm (?:brought|sent|led) me\b/,
  /\b(?:early|notification) (?:squad|gang|crew)\b/,
  /^like if\b/,
  /^(?:nice|awesome|wow|cool|great|amazing|lol|haha|omg|yes|same|this|facts|agreed|true|love it|so good|well done|well said|subscribed|liked)$/,
  /^(?:watched|saving|saved) this\b/,
  /^been waiting for this\b/,
  /^(?:finally|this is exactly)\b.*\b(?:needed|properly)\b/,
];

const LETTERS = /\p{L}/gu;
const UPPER = /\p{Lu}/gu;
const EMOJI = /\p{Extended_Pictographic}/gu;
const WORDS = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const SPAM_AUTHOR =
  /sub\s*(?:4|for|2)\s*sub|promo|giveaway|winner|crypto|forex|bitcoin|easy\s*cash|cash\s*app|gift|followers|earn|profit|trading/i;
const PROMO_WORDS =
  /\b(?:free|win|winner|earn|followers|click|visit|claim|cheap|discount|offer|deal|promo|giveaway|limited time)\b/;

const SPAM_RE = new RegExp(SPAM_PATTERNS.map((r) => `(?:${r.source})`).join('|'));
const BOILERPLATE_RE = new RegExp(BOILERPLATE_SENTENCES.map((r) => `(?:${r.source})`).join('|'));
const NON_ASCII = /[^\x00-\x7f]/;
const UPPER_RUN = /\p{Lu}{3}/u;

/**
 * Filters one comment. Returns the text worth scoring (boilerplate sentences removed), or null when
 * the comment is spam or noise: self-promotion ("check out my channel", "sub4sub"), scams (gift
 * cards, crypto, "message me on Telegram"), engagement bait ("first!", "who's watching in 2026"),
 * links-only or link-plus-promotion, ALL CAPS shouting, emoji walls, repeated words, and anything
 * with fewer than three words left once the boilerplate is gone.
 */
export function cleanComment(text: string, author = ''): string | null {
  const sentences = cleanCommentSentences(text, author);
  return sentences === null ? null : sentences.join(' ');
}

/** cleanComment, as the sentences that are kept. */
export function cleanCommentSentences(text: string, author = ''): string[] | null {
  if (!text) return null;
  if (author && SPAM_AUTHOR.test(author)) return null;
  const nonAscii = NON_ASCII.test(text);
  const norm = nonAscii ? text.normalize('NFKC').replace(/[\u2018\u2019]/g, "'") : text;
  const lower = norm.toLowerCase();
  if (SPAM_RE.test(lower)) return null;
  URL_RE.lastIndex = 0;
  const hasUrl = URL_RE.test(norm);
  URL_RE.lastIndex = 0;
  const withoutUrls = hasUrl ? norm.replace(URL_RE, ' ') : norm;
  const words = withoutUrls.match(WORDS) ?? [];
  if (words.length < 3) return null;
  if (hasUrl && (words.length < 8 || PROMO_WORDS.test(lower))) return null;
  if (UPPER_RUN.test(withoutUrls)) {
    const letters = (withoutUrls.match(LETTERS) ?? []).length;
    const upper = (withoutUrls.match(UPPER) ?? []).length;
    if (letters >= 12 && upper / letters >= 0.7) return null;
  }
  if (nonAscii) {
    const emoji = (norm.match(EMOJI) ?? []).length;
    if (emoji * 2 > words.length) return null;
  }
  if (words.length >= 4) {
    const lowerWords = hasUrl ? words.map((w) => w.toLowerCase()) : (lower.match(WORDS) ?? []);
    if (new Set(lowerWords).size / words.length < 0.5) return null;
  }
  // drop boilerplate sentences, keep the rest
  const kept: string[] = [];
  let dropped = false;
  for (const t of splitSentences(withoutUrls)) {
    const l = t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (BOILERPLATE_RE.test(l)) dropped = true;
    else kept.push(t);
  }
  if (dropped && kept.reduce((n, t) => n + (t.match(WORDS) ?? []).length, 0) < 3) return null;
  return kept;
}

/** Splits a text into sentences at . ! ? and line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function isSpamComment(text: string, author = ''): boolean {
  return cleanComment(text, author) === null;
}

/** Key for duplicate detection: lowercase letters and digits, single spaces. */
export function dedupeKey(text: string): string {
  const lower = text.toLowerCase();
  return (
    NON_ASCII.test(lower)
      ? lower.replace(/[^\p{L}\p{N}]+/gu, ' ')
      : lower.replace(/[^a-z0-9]+/g, ' ')
  ).trim();
}

// ---------------------------------------------------------------- links

/** Link shorteners: they hide the destination, so they never become placements. */
// prettier-ignore
export const SHORTENERS: ReadonlySet<string> = new Set([
  'bit.ly', 'bitly.com', 'goo.gl', 'tinyurl.com', 't.co', 'ow.ly', 'amzn.to', 'amzn.eu', 'a.co', 'youtu.be', 'is.gd', 'buff.ly', 'rebrand.ly',
  'cutt.ly', 'shorturl.at', 'rb.gy', 'tiny.cc', 'bl.ink', 'lnkd.in', 'fb.me', 'db.tt', 'adf.ly', 'shor.by', 'geni.us', 'smarturl.it', 'apple.co',
  'spoti.fi', 'po.st', 'trib.al', 'dlvr.it', 'ift.tt', 'v.gd', 'qr.co', 's.id', 'flip.it', 'hyperurl.co', 'msft.it', 'etsy.me', 'bit.do',
  // the music labels' smart links: one link that sends a listener to any store ("Atlantic.lnk.to/Bright")
  'lnk.to', 'found.ee', 'lnkfi.re', 'ffm.to', 'fanlink.to', 'vevo.ly', 'song.link', 'album.link', 'odesli.co',
]);

/** Social networks, link-in-bio and payment pages, video platforms: not websites an ad can be placed on. */
// prettier-ignore
export const SOCIAL_AND_PLATFORMS: ReadonlySet<string> = new Set([
  'youtube.com', 'instagram.com', 'facebook.com', 'twitter.com', 'x.com', 'tiktok.com', 'pinterest.com', 'linkedin.com', 'reddit.com',
  'discord.com', 'discord.gg', 'patreon.com', 'linktr.ee', 'threads.net', 'snapchat.com', 'tumblr.com', 'twitch.tv', 'vimeo.com',
  'telegram.me', 't.me', 'whatsapp.com', 'wa.me', 'strava.com', 'bsky.app', 'mastodon.social', 'beacons.ai', 'ko-fi.com', 'buymeacoffee.com',
  'paypal.com', 'paypal.me', 'venmo.com', 'cash.app', 'gofundme.com', 'onlyfans.com', 'substack.com', 'medium.com', 'spotify.com',
  'soundcloud.com', 'apple.com', 'kit.co', 'gmail.com', 'google.com', 'youtube-nocookie.com', 'goo.gle',
  'forms.gle', 'amazon.com', 'amazon.co.uk', 'amazon.de', 'amazon.ca', 'amazon.com.au', 'snipfeed.co', 'stan.store', 'hoo.be', 'lnk.bio',
]);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The registrable domain of a host or URL, by the Public Suffix List (tldts, bundled, offline), private
 * suffixes included: "www.shop.example.co.uk" → "example.co.uk", "blog.example.github.io" →
 * "example.github.io", "x.myshopify.com" → "x.myshopify.com". Null when it is no host name (an IP
 * address, one label, a file name).
 */
export function registrableDomain(host: string): string | null {
  let h = host.toLowerCase().trim();
  h = h.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  h = h.split(/[/?#]/, 1)[0]!;
  h = h.replace(/:\d+$/, '').replace(/\.+$/, '');
  if (h.includes('@')) return null;
  const labels = h.split('.');
  if (labels.length < 2) return null;
  for (const l of labels) if (!LABEL.test(l)) return null;
  if (
    !/^[a-z]{2,}$/.test(labels[labels.length - 1]!) &&
    !labels[labels.length - 1]!.startsWith('xn--')
  )
    return null; // also rules out IP addresses
  return publicSuffixes().getDomain(h, {
    allowPrivateDomains: true,
    extractHostname: false,
    validateHostname: false,
  });
}

/** Whether a registrable domain is a link shortener or a social network/platform. */
export function isExcludedDomain(domain: string): boolean {
  return SHORTENERS.has(domain) || SOCIAL_AND_PLATFORMS.has(domain);
}

/** Links and bare hosts; a host starts where its run does (as tokens.ts's, and extractLinks skips the rest). */
const LINK_RE =
  /(?:https?:\/\/[^\s<>"'`()[\]{}]+|\bwww\.[^\s<>"'`()[\]{}]+|(?<![a-z0-9]\.)\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|io|co|uk|de|fr|es|it|nl|eu|us|ca|au|nz|info|biz|shop|store|app|dev|ai|tv|me|ly|gg|sh|to|br|pt|mx|ar|cl|at|ch|be|example)(?:\/[^\s<>"'`()[\]{}]*)?\b)/gi;

export interface FoundLink {
  /** the registrable domain */
  domain: string;
  /** the link as written, trailing punctuation trimmed */
  url: string;
}

/** Links in a text (URLs and bare hosts; not e-mail addresses), in order of appearance. */
export function extractLinks(text: string): FoundLink[] {
  const out: FoundLink[] = [];
  LINK_RE.lastIndex = 0;
  for (let m = LINK_RE.exec(text); m !== null; m = LINK_RE.exec(text)) {
    const before = m.index > 0 ? text[m.index - 1] : '';
    if (before === '@' || before === '.' || (before && /[\w-]/.test(before))) continue;
    const url = m[0].replace(/[.,;:!?)\]]+$/, '');
    const domain = registrableDomain(url);
    if (domain) out.push({ domain, url });
  }
  return out;
}

/** Registrable domains linked in a text that could be placements (no shorteners, no social networks), unique, in order. */
export function extractDomains(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const l of extractLinks(text)) {
    if (isExcludedDomain(l.domain) || seen.has(l.domain)) continue;
    seen.add(l.domain);
    out.push(l.domain);
  }
  return out;
}

const CHANNEL_LINK_RE = /youtube\.com\/channel\/(UC[A-Za-z0-9_-]{22})/g;

/** YouTube channel ids linked in a text ("youtube.com/channel/UC…"), unique, in order. */
export function extractChannelIds(text: string): string[] {
  const out: string[] = [];
  CHANNEL_LINK_RE.lastIndex = 0;
  for (let m = CHANNEL_LINK_RE.exec(text); m !== null; m = CHANNEL_LINK_RE.exec(text))
    if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

// ---------------------------------------------------------------- content themes

/**
 * The most distinctive phrases of a set of documents against a background (e.g. a channel's recent
 * titles against other channels' titles): "content themes". Same scorer as the keywords, in the
 * documents' language.
 */
export function topPhrases(docs: string[], background: string[], n: number): string[] {
  if (n <= 0 || docs.length === 0) return [];
  const lang = detectLanguage(docs.join('\n')) ?? 'en';
  const a = new Analyzer({ taxonomy: false, lang });
  const toDoc = (text: string): Doc => ({
    units: [{ text, field: 'descriptions', weight: 1, mode: 'text' }],
  });
  a.addCorpus(docs.map(toDoc));
  a.addBackground(background.map(toDoc));
  return selectPhrases(
    a.rank({ minDf: Math.min(2, docs.length) }),
    n,
    () => true,
    (k) => a.countOf(k),
  ).map((c) => c.text);
}

// ---------------------------------------------------------------- taxonomy matching

export interface TaxonomyMatch {
  kind: NodeKind;
  /** topic path ("/Sports/Running & Walking") or segment name ("Travel › Flights") */
  path: string;
  /** "Sports › Running & Walking", "Affinity › Coffee Lovers" */
  label: string;
  score: number;
}

/**
 * Taxonomy nodes a text is about (e.g. a channel's description and titles → its topics), in the
 * text's language (detected unless given). Every cue occurrence adds its weight to the node, its
 * parents and linked segments; nodes scoring at least minScore (default 1.5: one multi-word cue, or
 * two single-word ones) and at least a quarter of the best node of their kind are returned, best
 * first, parents included.
 */
export function matchTaxonomy(
  text: string,
  opts: { kinds?: NodeKind[]; limit?: number; minScore?: number; lang?: Lang } = {},
): TaxonomyMatch[] {
  const tax = taxonomyIndex();
  const lang = opts.lang ?? detectLanguage(text) ?? 'en';
  const cues = tax.cuesFor(lang);
  const scores = new Float64Array(tax.nodes.length);
  for (const seg of tokenize(text, 'none', lang)) {
    const words = seg.words;
    for (let i = 0; i < words.length; i++) {
      if (words[i]!.kind === STOP) continue;
      let key = '';
      for (let n = 1; n <= MAX_CUE_WORDS && i + n <= words.length; n++) {
        key = n === 1 ? words[i]!.key : key + ' ' + words[i + n - 1]!.key;
        const hits = cues.get(key);
        if (!hits) continue;
        for (const h of hits)
          for (const r of tax.receivers[h.node]!) scores[r.node]! += h.weight * r.factor;
      }
    }
  }
  const kinds = opts.kinds ?? ['topic', 'affinity', 'in_market'];
  const minScore = opts.minScore ?? 1.5;
  const best: Record<string, number> = {};
  for (const node of tax.nodes)
    best[node.kind] = Math.max(best[node.kind] ?? 0, scores[node.index]!);
  const out: TaxonomyMatch[] = [];
  for (const node of tax.nodes) {
    const s = scores[node.index]!;
    if (!kinds.includes(node.kind) || s < minScore || s < 0.25 * best[node.kind]!) continue;
    out.push({
      kind: node.kind,
      path: node.path,
      label: nodeLabel(node),
      score: Math.round(s * 1000) / 1000,
    });
  }
  out.sort((a, b) => b.score - a.score || cmpStr(a.path, b.path));
  return out.slice(0, opts.limit ?? 10);
}
