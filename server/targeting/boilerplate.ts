/**
 * Boilerplate found in the catalog itself, not listed: the lines creators paste under every video
 * (footers, credits, link lists, "subscribe" calls), lines many channels share word for word, and
 * sponsor reads, told apart by their links. Nothing here names a sponsor, a music library or a
 * network: a sponsor is a domain whose links carry a creator's code, name or a discount, and a
 * footer is a line that repeats.
 *
 * - Template line: the same line (letters and digits, links and numbers masked) under three or more
 *   videos of one channel (or two, when that is half of them), in the slot or elsewhere in the catalog.
 * - Shared line: the same line in the descriptions of two or more channels.
 * - Link list: a line that is mostly a link ("Instagram: https://…", "Gear I use: https://…").
 * - Promotion: a line with a discount ("20% off"), a code ("STRIDE20"), a sponsor's or affiliate
 *   link, or a sponsor's name.
 * - Sponsor / affiliate link: its path or query carries the creator's handle or name
 *   ("nordvpn.example/summitstride", "?ref=stride"), a tracking parameter, or it sits in a line
 *   with a discount or code; or the same domain is linked by two channels under their own short
 *   paths. A creator's own site (its name matches the channel's handle or title) is never one.
 *
 * Pure and deterministic: ids are walked in sorted order, sets are turned into sorted arrays.
 */
import { postalAddressLines } from './addresses.ts';
import { withoutCallsToAction } from './calls.ts';
import { channelName, namesChannel } from './channel-name.ts';
import { isCrewCredit, isMediaCredit, licensedCueLines, withoutGuestRole } from './credits.ts';
import { disclaimerLines, withoutLegalNotice } from './legal.ts';
import { publicSuffixes } from './libs.ts';
import { cmpStr } from './order.ts';
import { scheduleLines } from './schedule.ts';
import { isLinkAlone, sectionLines, shopLines, withoutAccountLabel } from './sections.ts';
import { extractLinks, isExcludedDomain } from './text.ts';
import { EMAIL_RE, URLISH } from './tokens.ts';
import type { Corpus, CorpusChannel } from './types.ts';

export interface Boilerplate {
  /** keys (lineKey) of template and shared lines */
  lines: ReadonlySet<string>;
  /** keys of the shared lines among them: the same line under two or more channels */
  shared: ReadonlySet<string>;
  /** registrable domains of sponsors and affiliate programmes */
  sponsorDomains: ReadonlySet<string>;
  /** the sponsors' names as word keys ("nordvpn"): no keyword may hold one */
  sponsorWords: ReadonlySet<string>;
  /** per sponsor domain and per sponsor word, the channels whose descriptions link it, sorted */
  sponsorChannels: ReadonlyMap<string, readonly string[]>;
  /** registrable domains that are the creators' own sites */
  ownDomains: ReadonlySet<string>;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** A line's key for repetition: lowercase letters, numbers as "#", links dropped, single spaces. */
export function lineKey(line: string): string {
  let key = keyCache.get(line);
  if (key === undefined) {
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
    keyCache.set(line, (key = computeLineKey(line)));
  }
  return key;
}

/** Footers repeat by definition: their keys are worth keeping (bounded, like the word cache). */
const keyCache = new Map<string, string>();
const KEY_CACHE_MAX = 50_000;

function computeLineKey(line: string): string {
  let s = line.toLowerCase().replace(URLISH, ' ');
  s = NON_ASCII.test(s) ? s.replace(/[^\p{L}\p{N}]+/gu, ' ') : s.replace(/[^a-z0-9]+/g, ' ');
  return s.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** Letters and digits of a text, lowercase: "@Summit_Stride" → "summitstride". */
export function slug(s: string): string {
  const low = s.toLowerCase();
  return NON_ASCII.test(low)
    ? low.normalize('NFD').replace(/[^\p{L}\p{N}]+/gu, '')
    : low.replace(/[^a-z0-9]+/g, '');
}

/** The share of a line that is not links, in words: a link list has two or fewer other words per link. */
export function isLinkLine(line: string): boolean {
  const links = line.match(URLISH);
  if (!links) return false;
  const rest = line.replace(URLISH, ' ').match(/[\p{L}\p{N}]+/gu) ?? [];
  return rest.length <= 2 + 2 * links.length && rest.length <= 8;
}

/** A contact line has its address and a few words to head it; more is a sentence that names one. */
const MAX_CONTACT_WORDS = 8;

/**
 * A line that gives an e-mail address to write to ("Business inquiries: x@y.com", "Contact Pro ➡️
 * contact@… (demandes professionnelles uniquement)"): what it says around the address is about
 * writing, not about the video ("business inquiries", "demandes professionnelles" were keywords).
 */
export function isContactLine(line: string): boolean {
  if (!line.includes('@')) return false;
  const rest = line.replace(EMAIL_RE, ' ');
  if (rest === line) return false;
  const words = rest.replace(URLISH, ' ').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length <= MAX_CONTACT_WORDS;
}

/** "20% off", "-30 %", "STRIDE20": the marks of a discount or a code, in any language; a code to dial. */
const PERCENT = /\d{1,2}\s?%/;
/**
 * A percentage is a discount where a minus sign or a word of one says so ("-10% sur tout le site",
 * "20% off", "10% de réduction"); otherwise it is a figure of the text ("61 % des Allemands", "10%
 * cream", "Infill - 25%"), and a news paragraph that gives one is no promotion.
 */
const DISCOUNT =
  /(?<![\p{L}\p{N}])[-−–]\d{1,2}\s?%|(?<![\p{L}])(?:off|discount|discounts|sale|save|savings|coupon|coupons|code|codes|promo|promocode|réduction|réductions|reduction|réduc|remise|rabais|soldes|rabatt|descuento|descuentos|rebaja|rebajas|sconto|desconto)(?![\p{L}])/iu;
/**
 * A code given bare: a word in capitals and the discount it gives, a number of two digits that is a
 * multiple of 5, as discounts are ("STRIDE20", "CODFAMILYA10"). A product's model is a few letters
 * and its number ("Kawasaki Z900", "Sony RX100", "DDR4", "GTX1080"), and a channel's or a game's
 * name and its number is none either ("NRJ12", "FIFA18"), unless the number is one a discount
 * could be: the shape cannot tell "FIFA20" from a code.
 */
const CODE = /(?:^|[^\p{L}\p{N}])[A-Z]{3,14}\d[05](?![\p{L}\p{N}])/u;
/** A code given by name, in capitals ("Utilise le code HRFID", "use my code SIMPLY"): "Code Geass" is none. */
const CODE_GIVEN =
  /(?<![\p{L}])(?:[Cc]ode|CODE|[Cc]oupon|COUPON|[Cc]odice|[Cc]ódigo|[Cc]upón|[Gg]utscheincode)(?:\s+promo)?\s*[:«"“”']?\s*(?=[A-Z0-9]*[A-Z])[A-Z0-9]{3,}(?![\p{L}\p{N}])/u;
/**
 * A code to dial or text to a short number: how a caller tune, a vote or a subscription is bought
 * by phone ("Airtel Subscribers Dial 5432116418768", "sms BT 9935940 To 56700", "Text JOIN to 55444").
 */
const SHORT_CODE = /(?<![\p{L}])(?:dial|sms|text)\s+(?:[\p{L}]{1,10}\d*\s+)?(?:to\s+)?\d{4,}/iu;
export function hasPromoMark(line: string): boolean {
  const text = line.replace(URLISH, ' ');
  return (
    (PERCENT.test(text) && DISCOUNT.test(text)) ||
    CODE.test(text) ||
    CODE_GIVEN.test(text) ||
    SHORT_CODE.test(text)
  );
}

/** Query parameters of referral, affiliate and campaign tracking. */
const TRACKING =
  /[?&](?:ref|referral|refer|aff|affiliate|aff_id|affid|tag|coupon|code|promo|discount|utm_[a-z]+|via|partner|sscid|irclickid|clickid|rfsn|fpr|src|campaign)=/i;

interface LinkUse {
  domain: string;
  channel: string;
  /** first path segment, as a slug */
  head: string;
  /** the slugs of a vanity path's segments (vanitySegments) and of the query's values */
  parts: string[];
  tracking: boolean;
  promoLine: boolean;
  inChannelDescription: boolean;
}

function identities(ch: CorpusChannel | undefined): string[] {
  if (!ch) return [];
  return [slug(ch.handle.replace(/^@/, '')), slug(ch.title)].filter((s) => s.length >= 4);
}

function matchesIdentity(part: string, ids: readonly string[]): boolean {
  if (part.length < 4) return false;
  return ids.some((id) => id.includes(part) || part.includes(id));
}

/** Finds the boilerplate of a slot's corpus, with the rest of the catalog as evidence. */
export function findBoilerplate(corpus: Corpus, background: Corpus): Boilerplate {
  const channels = new Map<string, CorpusChannel>();
  for (const ch of [...background.channels, ...corpus.channels]) if (ch.id) channels.set(ch.id, ch);
  const videos = new Map<string, CatalogVideo>();
  for (const v of [...background.videos, ...corpus.videos]) if (v.id) videos.set(v.id, v);
  const { lines, shared, uses } = scanCatalog(channels, videos);
  const ownDomains = ownSites(uses, channels);
  const sponsorDomains = sponsorSites(uses, channels, ownDomains);
  const wordOf = sponsorWordOf(sponsorDomains);
  const names = new Set(wordOf.values());
  const linking = sponsoredChannels(uses, sponsorDomains, wordOf);
  const ordinary = wordsOfTheLanguage(names, linking, channels, videos);
  const sponsorWords = new Set([...names].filter((word) => !ordinary.has(word)));
  // keyed by domain and by name: a name that is a word of the language names no sponsor
  const sponsorChannels = new Map([...linking].filter(([key]) => !ordinary.has(key)));
  return { lines, shared, sponsorDomains, sponsorWords, sponsorChannels, ownDomains };
}

interface CatalogVideo {
  channelId: string;
  description: string;
}

/**
 * The path segments that may be a vanity link's name: a sponsor's link names the creator in a short
 * path ("nordvpn.example/summitstride", "amazon.com/shop/stride"). A deeper path, or a segment that
 * is a headline's slug, is an article or a site's section ("/normandie/seine-maritime/havre/…",
 * "/food/thanksgiving-baking-mayim-bialik/"), which names the creator when it is about them.
 */
const MAX_VANITY_DEPTH = 2;
const MAX_VANITY_WORDS = 3;
function vanitySegments(segs: readonly string[]): string[] {
  if (segs.length > MAX_VANITY_DEPTH) return [];
  return segs.filter((s) => s.split(/[-_.+]+/).filter(Boolean).length <= MAX_VANITY_WORDS);
}

/** The links of a text, each with what tells a sponsor's or affiliate's link from another. */
function linkUses(text: string, channel: string, inChannelDescription: boolean): LinkUse[] {
  const uses: LinkUse[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.includes('.')) continue;
    const promoLine = hasPromoMark(line);
    for (const l of extractLinks(line)) {
      const rest = l.url.replace(/^[a-z]+:\/\//i, '').replace(/^[^/?#]+/, '');
      const path = rest.split(/[?#]/, 1)[0]!;
      const segs = path.split('/').filter(Boolean);
      const query = rest.includes('?') ? rest.slice(rest.indexOf('?')) : '';
      const values = query
        ? query
            .slice(1)
            .split('&')
            .map((kv) => kv.split('=')[1] ?? '')
        : [];
      uses.push({
        domain: l.domain,
        channel,
        head: segs.length === 1 ? slug(segs[0]!) : '',
        parts: [...vanitySegments(segs), ...values].map(slug).filter(Boolean),
        tracking: TRACKING.test(query),
        promoLine,
        inChannelDescription,
      });
    }
  }
  return uses;
}

/** The keys of a description's lines long enough to be a footer's. */
function footerKeys(description: string): string[] {
  const keys: string[] = [];
  for (const line of description.split(/\r?\n/)) {
    const key = lineKey(line);
    if (key.length >= 6) keys.push(key);
  }
  return keys;
}

/**
 * Walks the catalog's descriptions (videos, then channels, in id order): the template and shared
 * lines, and every link with its channel.
 */
function scanCatalog(
  channels: ReadonlyMap<string, CorpusChannel>,
  videos: ReadonlyMap<string, CatalogVideo>,
): { lines: Set<string>; shared: Set<string>; uses: LinkUse[] } {
  // template lines: per channel, in how many of its videos a line key occurs
  const perChannel = new Map<string, Map<string, number>>();
  const channelVideos = new Map<string, number>();
  // shared lines: which channels use a line key
  const lineChannels = new Map<string, Set<string>>();
  const note = (key: string, channel: string) => {
    let set = lineChannels.get(key);
    if (!set) lineChannels.set(key, (set = new Set()));
    set.add(channel);
  };
  const uses: LinkUse[] = [];
  for (const id of [...videos.keys()].sort(cmpStr)) {
    const v = videos.get(id)!;
    const keys = new Set(footerKeys(v.description ?? ''));
    channelVideos.set(v.channelId, (channelVideos.get(v.channelId) ?? 0) + 1);
    const counts = perChannel.get(v.channelId) ?? new Map<string, number>();
    perChannel.set(v.channelId, counts);
    for (const key of [...keys].sort(cmpStr)) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (v.channelId) note(key, v.channelId);
    }
    uses.push(...linkUses(v.description ?? '', v.channelId, false));
  }
  for (const id of [...channels.keys()].sort(cmpStr)) {
    const ch = channels.get(id)!;
    for (const key of footerKeys(ch.description ?? '')) note(key, id);
    uses.push(...linkUses(ch.description ?? '', id, true));
  }
  const lines = new Set<string>();
  for (const [channel, counts] of perChannel) {
    const videosOf = channelVideos.get(channel) ?? 0;
    for (const [key, n] of counts) if (n >= 2 && (n >= 3 || 2 * n >= videosOf)) lines.add(key);
  }
  const shared = new Set<string>();
  for (const [key, set] of lineChannels) if (set.size >= 2) shared.add(key);
  for (const key of shared) lines.add(key);
  return { lines, shared, uses };
}

/** Own sites: the domain's name is the channel's. */
function ownSites(uses: readonly LinkUse[], channels: ReadonlyMap<string, CorpusChannel>) {
  const ownDomains = new Set<string>();
  for (const u of uses) {
    const label = slug(
      publicSuffixes().getDomainWithoutSuffix(u.domain, { allowPrivateDomains: true }) ?? '',
    );
    if (label && matchesIdentity(label, identities(channels.get(u.channel))))
      ownDomains.add(u.domain);
  }
  return ownDomains;
}

/**
 * Sponsors and affiliates: a link with tracking, in a promotion's line, or under the creator's
 * name; or a domain that two channels link under vanity paths of their own.
 */
function sponsorSites(
  uses: readonly LinkUse[],
  channels: ReadonlyMap<string, CorpusChannel>,
  ownDomains: ReadonlySet<string>,
): Set<string> {
  const sponsorDomains = new Set<string>();
  const vanity = new Map<string, Map<string, Set<string>>>(); // domain → channel → single-segment paths
  for (const u of uses) {
    if (ownDomains.has(u.domain) || isExcludedDomain(u.domain)) continue;
    const personal = u.parts.some((p) => matchesIdentity(p, identities(channels.get(u.channel))));
    if (u.tracking || u.promoLine || personal) sponsorDomains.add(u.domain);
    if (u.head && u.head.length <= 20 && u.channel) {
      let byChannel = vanity.get(u.domain);
      if (!byChannel) vanity.set(u.domain, (byChannel = new Map()));
      let heads = byChannel.get(u.channel);
      if (!heads) byChannel.set(u.channel, (heads = new Set()));
      heads.add(u.head);
    }
  }
  for (const [domain, byChannel] of vanity)
    if (byChannel.size >= 2 && pathsOwnedPerChannel(byChannel)) sponsorDomains.add(domain);
  return sponsorDomains;
}

/** Every channel under paths of its own: a vanity link per creator, the mark of a sponsorship. */
function pathsOwnedPerChannel(byChannel: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const owner = new Map<string, string>();
  let own = true;
  for (const [channel, heads] of byChannel) {
    for (const h of heads) {
      if (owner.has(h) && owner.get(h) !== channel) own = false;
      owner.set(h, channel);
    }
  }
  return own;
}

/** A sponsor domain's name as a word key ("nord-vpn.com" → "nordvpn"), where it is a word. */
function sponsorWordOf(sponsorDomains: ReadonlySet<string>): Map<string, string> {
  const wordOf = new Map<string, string>();
  for (const d of sponsorDomains) {
    const label = (
      publicSuffixes().getDomainWithoutSuffix(d, { allowPrivateDomains: true }) ?? ''
    ).toLowerCase();
    if (label.length >= 4 && /^[a-z0-9-]+$/.test(label)) wordOf.set(d, label.replace(/-/g, ''));
  }
  return wordOf;
}

/**
 * A sponsor's name that creators who never link the sponsor write in a sentence of their own (no
 * link on the line, no heading of one: SHOW_LINE_WORDS) is a word of the language, not a name
 * ("france" of france.tv, "vine"): a line or a keyword that says it stays. A heading over a link
 * ("Pour nous aider sur Tipeee :") names the sponsor through a shortened link. One such creator
 * may be chance; two are not.
 */
const ORDINARY_WORD_CHANNELS = 2;

/** The sponsors' names that are words of the language (ORDINARY_WORD_CHANNELS). */
function wordsOfTheLanguage(
  words: ReadonlySet<string>,
  linking: ReadonlyMap<string, readonly string[]>,
  channels: ReadonlyMap<string, CorpusChannel>,
  videos: ReadonlyMap<string, CatalogVideo>,
): Set<string> {
  const names = [...words];
  const writers = new Map<string, Set<string>>();
  if (names.length === 0) return new Set();
  // one pass per text for all the names (letters and digits only: sponsorWordOf)
  const anyName = new RegExp(names.join('|'));
  const read = (text: string, channel: string) => {
    if (!text) return;
    const lower = text.toLowerCase();
    if (!anyName.test(lower)) return;
    for (const line of lower.split(/\r?\n/)) {
      if (!anyName.test(line)) continue;
      const said = names.filter((w) => line.includes(w) && !linking.get(w)?.includes(channel));
      if (said.length === 0 || line.search(URLISH) >= 0 || /:\s*$/.test(line)) continue;
      const prose: string[] = line.match(/[\p{L}\p{N}]+/gu) ?? [];
      if (prose.length < SHOW_LINE_WORDS) continue;
      for (const word of said) {
        if (!prose.includes(word)) continue;
        let set = writers.get(word);
        if (!set) writers.set(word, (set = new Set()));
        set.add(channel);
      }
    }
  };
  for (const v of videos.values()) read(v.description, v.channelId);
  for (const [id, ch] of channels) read(ch.description, id);
  return new Set(
    [...writers].filter(([, set]) => set.size >= ORDINARY_WORD_CHANNELS).map(([w]) => w),
  );
}

/** Who a sponsor sponsors: the channels linking its domain (what a person reads in an exclusion's reason). */
function sponsoredChannels(
  uses: readonly LinkUse[],
  sponsorDomains: ReadonlySet<string>,
  wordOf: ReadonlyMap<string, string>,
): Map<string, string[]> {
  const byKey = new Map<string, Set<string>>();
  const note = (key: string, channel: string) => {
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = new Set()));
    set.add(channel);
  };
  for (const u of uses) {
    if (!sponsorDomains.has(u.domain) || !u.channel) continue;
    note(u.domain, u.channel);
    const word = wordOf.get(u.domain);
    if (word) note(word, u.channel);
  }
  const sponsorChannels = new Map<string, string[]>();
  for (const [key, set] of byKey) sponsorChannels.set(key, [...set].sort(cmpStr));
  return sponsorChannels;
}

/**
 * A description without its boilerplate: template and shared lines, link lists, contact lines,
 * lines of promotion (a discount or code, a sponsor's link or name), postal addresses
 * (addresses.ts), crew and media credits and licensed music cues (credits.ts), sections under a
 * heading of their own and shop links (sections.ts), tour dates (schedule.ts) and legal notices
 * (legal.ts) are dropped; the rest is kept as written, an account's line without the label of its
 * name (sections.ts).
 */
export function stripBoilerplate(text: string, bp: Boilerplate): string {
  if (!text) return '';
  const kept: string[] = [];
  const lines = text.split(/\r?\n/);
  const postal = postalAddressLines(lines);
  const disclaimer = disclaimerLines(lines);
  const licensed = licensedCueLines(lines);
  const schedule = scheduleLines(lines);
  const section = sectionLines(lines);
  const shop = shopLines(lines);
  for (const [i, written] of lines.entries()) {
    if (!written.trim() || postal[i] || disclaimer[i] || licensed[i] || schedule[i]) continue;
    if (section[i] || shop[i]) continue;
    if (isCrewCredit(written) || isMediaCredit(written)) continue;
    const key = lineKey(written);
    if (key && bp.lines.has(key)) continue;
    const line = withoutLegalNotice(written);
    if (!line.trim()) continue;
    if (isLinkLine(line) || isContactLine(line) || hasPromoMark(line)) continue;
    if (bp.sponsorDomains.size && mentionsSponsor(line, bp)) continue;
    kept.push(withoutAccountLabel(withoutGuestRole(line)));
  }
  return kept.join('\n');
}

/**
 * A template line that says what a channel's show is: written at the top of each of its videos'
 * descriptions, where creators say what the video is about ("Tous les jours à 15h30, retransmission
 * en direct du Chapelet depuis Lourdes", "Du lundi au vendredi, Marc Antoine Le Bret est dans le
 * Meilleur des Réveils sur RFM"), a sentence with no link, call, promotion or sponsor. The headings
 * and sign-offs pasted there too are a few words ("More Late Late Show:", "Check us out on
 * Facebook!"); a sentence that says what a show is runs to more. Dropped from each video as a
 * template, it counts once, for a channel that has no description of its own (generate.ts).
 */
const SHOW_LINE_WORDS = 8;

/**
 * A heading that introduces what a channel says of itself at the foot of each of its videos
 * ("About Jimmy Kimmel Live:", "ABOUT WIRED", "À propos de Troom Troom :"): the template
 * paragraphs under it are the channel's description ("ABC's late-night talk show"), as its top
 * lines are, and so is a template sentence anywhere that names the channel ("Each week night, THE
 * LATE LATE SHOW with JAMES CORDEN throws the ultimate late night after party with a mix of
 * celebrity guests…"). Only under the channel's own name: "About the author:" introduces someone
 * else.
 */
const ABOUT_HEADING =
  /^[^\p{L}\p{N}]*(?:about|à propos de|a propos de|acerca de|sobre|über)\s+(.+?)\s*:?\s*$/iu;

/**
 * The channels' show lines: template lines among the first `leadLines` lines of their videos'
 * descriptions, the paragraphs under a heading "About" the channel, and template sentences that
 * name it.
 */
export function showLines(
  corpus: Corpus,
  bp: Boilerplate,
  leadLines: number,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const seen = new Set<string>();
  const names = new Map<string, Set<string>>();
  const named = new Map<string, (line: string) => boolean>();
  for (const ch of corpus.channels) {
    names.set(ch.id, new Set([lineKey(ch.title), lineKey(channelName(ch.title))]));
    named.set(ch.id, namesChannel(ch.title));
  }
  const take = (channelId: string, line: string) => {
    const list = out.get(channelId) ?? [];
    out.set(channelId, list);
    list.push(line.trim());
  };
  const template = (key: string) => bp.lines.has(key) && !bp.shared.has(key) && !seen.has(key);
  for (const v of [...corpus.videos].sort((a, b) => cmpStr(a.id, b.id))) {
    const lines = v.description.split(/\r?\n/).filter((l) => l.trim());
    for (const [i, line] of lines.slice(0, leadLines).entries()) {
      const key = lineKey(line);
      if (!template(key)) continue;
      seen.add(key);
      // a line over a link alone is the link's caption ("Ma boutique est disponible, profitez en")
      const next = lines[i + 1];
      if (next !== undefined && isLinkAlone(next)) continue;
      if (isShowLine(line, bp)) take(v.channelId, line);
    }
    const own = names.get(v.channelId);
    const heading = lines.findIndex((l) => {
      const m = ABOUT_HEADING.exec(l);
      return m !== null && own?.has(lineKey(m[1]!)) === true;
    });
    if (heading >= 0)
      for (const line of lines.slice(heading + 1)) {
        const key = lineKey(line);
        if (!template(key) || !isShowLine(line, bp)) break;
        seen.add(key);
        take(v.channelId, line);
      }
    const namesIt = named.get(v.channelId);
    if (namesIt === undefined) continue;
    for (const line of lines) {
      const key = lineKey(line);
      if (!template(key) || !namesIt(line) || !isShowLine(line, bp)) continue;
      seen.add(key);
      take(v.channelId, line);
    }
  }
  return out;
}

function isShowLine(line: string, bp: Boilerplate): boolean {
  URLISH.lastIndex = 0;
  if (URLISH.test(line) || /:\s*$/u.test(line)) return false;
  if ((line.match(/[\p{L}\p{N}]+/gu) ?? []).length < SHOW_LINE_WORDS) return false;
  if (isContactLine(line) || hasPromoMark(line) || isCrewCredit(line) || isMediaCredit(line))
    return false;
  if (bp.sponsorDomains.size && mentionsSponsor(line, bp)) return false;
  return withoutCallsToAction(line) === line && withoutLegalNotice(line) === line;
}

/** Whether a line links a sponsor or names one ("NordVPN", "Nord VPN"). */
export function mentionsSponsor(line: string, bp: Boilerplate): boolean {
  if (line.includes('.'))
    for (const l of extractLinks(line)) if (bp.sponsorDomains.has(l.domain)) return true;
  const words = (line.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
  for (let i = 0; i < words.length; i++) {
    if (bp.sponsorWords.has(words[i]!)) return true;
    if (i + 1 < words.length && bp.sponsorWords.has(words[i]! + words[i + 1]!)) return true;
  }
  return false;
}
