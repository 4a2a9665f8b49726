/**
 * Low-level tokenisation shared by the targeting generator, the taxonomy index and the text helpers.
 * No imports, no state beyond a word cache, no clock: the same text always gives the same tokens.
 *
 * A text is split into *segments*: runs of words with nothing but spaces between them. Punctuation,
 * line breaks, URLs, e-mail addresses, @mentions, timestamps and emoji end a segment, so no phrase
 * ever spans them. Phrases (1-3 words) are then taken inside segments only, never start or end with
 * a stopword, and need at least one word that carries meaning (not a stopword, a number or a
 * generic "weak" word like "video" or "great").
 */

/** Word classes. */
export const CONTENT = 0;
export const WEAK = 1;
export const STOP = 2;
export const NUMBER = 3;

export interface WordInfo {
  /** the word as written (after NFKC and apostrophe normalisation) */
  orig: string;
  /** lowercase */
  low: string;
  /** lowercase, plural folded ("shoes" → "shoe"): what phrases are keyed by */
  key: string;
  kind: number;
  /** may stand between two words inside a three-word phrase ("leave no trace", "cup of coffee") */
  connector: boolean;
  /** written with a capital: "Salomon", "iPhone", "PCT" */
  cap: boolean;
  /** capitalisation says nothing: numbers and words starting with a digit ("50K", "3rd") */
  caseless: boolean;
  /** signals buying intent ("review", "vs", "price") */
  intent: boolean;
  /** may end a phrase: every word but weak modifiers ("great", "cheaper", "watched") */
  tailOk: boolean;
}

export interface Segment {
  words: WordInfo[];
  /** per word: whether its capitalisation tells something (not sentence-initial, not in a Title Case line) */
  informative: boolean[];
}

// prettier-ignore
const STOPWORDS_LIST = [
  "a","about","above","across","after","again","against","ago","ah","all","almost","along","already","also","although","always","am","among","an","and","another","any","anybody","anyone","anything","anyway","anyways","anywhere","are","aren't","around","as","at","away",
  "be","became","because","become","been","before","being","below","besides","between","beyond","both","but","by",
  "can","can't","cannot","could","couldn't",
  "did","didn't","do","does","doesn't","doing","don't","done","during",
  "each","either","else","enough","especially","etc","even","ever","every","everybody","everyone","everything","everywhere",
  "few","for","from","further",
  "had","hadn't","has","hasn't","have","haven't","having","he","he'd","he'll","he's","her","here","here's","hers","herself","him","himself","his","how","how's","however",
  "i","i'd","i'll","i'm","i've","ie","if","in","instead","into","is","isn't","it","it'd","it'll","it's","its","itself",
  "just","least","less","let","let's","lol","many","may","maybe","me","might","mine","more","most","much","must","my","myself",
  "neither","never","no","nor","not","now","of","often","oh","ok","okay","on","once","only","onto","or","other","others","otherwise","our","ours","ourselves","out","own",
  "per","perhaps","please","quite","rather","really","same","several","shall","she","she'd","she'll","she's","should","shouldn't","since","so","some","somebody","someone","something","sometimes","somewhat","somewhere","soon","such",
  "than","that","that'd","that'll","that's","the","their","theirs","them","themselves","then","there","there's","these","they","they'd","they'll","they're","they've","this","those","though","through","thus","till","to","too","toward","towards",
  "under","unless","until","up","upon","us","very","was","wasn't","we","we'd","we'll","we're","we've","were","weren't","what","what's","whatever","when","whenever","where","where's","whereas","wherever","whether","which","while","who","who's","whoever","whole","whom","whose","why","will","with","within","without","won't","would","wouldn't",
  "yeah","yes","yet","you","you'd","you'll","you're","you've","your","yours","yourself","yourselves",
  // verbs and adverbs that carry no topic
  "actually","am","basically","certainly","definitely","exactly","finally","fully","generally","honestly","hopefully","just","likely","literally","mostly","nearly","obviously","probably","pretty","simply","slightly","surely","totally","truly","usually",
  "get","gets","getting","got","gotten","go","goes","going","gone","went","make","makes","made","making","take","takes","took","taken","taking","give","gives","gave","given","put","puts","say","says","said","tell","told","know","knew","known","think","thought","seem","seems","seemed","want","wanted","wants","need","needs","needed","see","saw","seen","look","looks","looked","looking","come","comes","came","coming","keep","keeps","kept","let","lets","feel","feels","felt","try","tried","trying","tries","use","uses","used","using","find","found","mean","means","meant","thing","things","stuff","lot","lots","bit","kind","sort","way","ways","able","else","sure","wish",
  // contractions without apostrophe, as people type them
  "im","ive","dont","doesnt","didnt","cant","wont","isnt","wasnt","thats","theres","youre","youve","ill","id",
];

/**
 * Words that may be part of a phrase ("day hike", "first thru hike", "video editing") but never make
 * one on their own: generic praise, platform boilerplate, time words, counts.
 */
// prettier-ignore
const WEAK_LIST = [
  "video","videos","vid","vids","channel","channels","subscribe","subscribed","subscriber","subscribers","sub","subs","like","likes","liked","comment","comments","commented","watch","watched","watching","watcher","viewer","viewers","views","view",
  "love","loved","loving","loves","great","good","nice","awesome","amazing","cool","best","better","favorite","favourite","fav","helpful","useful","interesting","beautiful","incredible","fantastic","excellent","perfect","wonderful","brilliant","gorgeous","stunning","epic","insane","crazy","wow","fun","enjoy","enjoyed","enjoying",
  "thanks","thank","thx","ty","cheers","hi","hello","hey","welcome","guys","folks","everyone","friend","friends","people","person",
  "content","creator","episode","part","series","intro","outro","timestamp","timestamps","chapter","chapters","link","links","description","below","above","click","check","checking","share","follow","join","support","supporting","sponsor","sponsored","affiliate","commission","merch","newsletter","patreon","instagram","facebook","twitter","tiktok","youtube","discord","email","enquiries","inquiries","contact","website","blog","post","posted","upload","uploaded","uploads","http","https","www","com",
  "new","old","first","second","third","last","next","latest","recent","today","tonight","tomorrow","yesterday","time","times","day","days","week","weeks","weekend","month","months","year","years","hour","hours","minute","minutes","moment","morning","evening","night*","always","forever","recently",
  "one","two","three","four","five","six","seven","eight","nine","ten","hundred","thousand","half","couple","lots","ton","tons",
  "big","small","little","long","short","high","low","right","left","real","whole","full","huge","tiny","easy","hard","simple","different","same","important","happy","glad","excited","sad","honest","super","true","okay","bad","worse","worst","free",
  "start","started","starting","stop","stopped","help","helped","helps","learn","learned","learnt","show","showed","shows","shown","explain","explained","explains","talk","talking","talked","ask","asked","question","questions","answer","answers","idea","ideas","thing","reason","point","fact","example","problem","issue","case","side","top","end","rest","kind","type","version","level","number","place","area","stuff","update","updated","favorite",
  "watching","recommend","recommended","recommendation","suggest","suggestion","agree","agreed","true","yes","exactly","totally","absolutely","definitely","seriously","especially","finally","probably","maybe",
  "world","life","way","over","home","save","saved","saving","saves","buy","buying","bought","switch","switched","change","changed","ran","walked","happen","happened","turn","turned","wait","waiting","waited","hope","hoping","live","living","lived","remember","forgot","forget","worth","enough","plus","far","already","quick","quickly","slow","slowly","fast","cheaper","expensive","pricey","back","down","off","work","works","worked","working","everything","nothing","anything","something","someone","anyone","alot","man","girl","guy","lady","mate","bro","dude","buddy","lol","haha","omg","btw","tbh","imo","imho",
];

/** Weak words that are nouns and so may end a phrase ("van life", "pour over", "gps watch", "personal best"). */
// prettier-ignore
const TAIL_OK_LIST = [
  "video","videos","vid","vids","channel","channels","subscriber","subscribers","comment","comments","watch","watcher","viewer","viewers","view","views",
  "friend","friends","people","person","content","creator","episode","part","series","intro","outro","chapter","chapters","link","links","description",
  "sponsor","affiliate","commission","merch","newsletter","email","contact","website","blog","post","upload","uploads","time","times","day","days","week",
  "weeks","weekend","month","months","year","years","hour","hours","minute","minutes","moment","morning","evening","night","idea","ideas","reason","point",
  "fact","example","problem","issue","case","side","top","end","rest","type","version","level","number","place","area","update","question","questions",
  "answer","answers","world","life","way","home","work","fun","start","stop","help","show","best","over","free","plus","change","switch","turn","live","side",
];

const CONNECTOR_LIST = ["of", "and", "&", "no", "to", "de", "du", "la", "le", "del", "della", "di", "da", "von", "van", "y", "e", "et", "n", "on", "a"];

/** Words that signal buying intent; documents with them weigh more for in-market segments. */
// prettier-ignore
const INTENT_LIST = ["review","reviews","reviewed","vs","versus","buy","buying","bought","purchase","price","prices","priced","cost","costs","deal","deals","discount","sale","worth","budget","cheap","cheapest","affordable","upgrade","upgraded","comparison","compare","compared","recommend","recommendation","unboxing","gear","kit","setup","shopping","shop","order","ordered","best"];

function cleanList(list: string[]): string[] {
  return list.map((w) => w.replace(/\*$/, ''));
}

export const STOPWORDS: ReadonlySet<string> = new Set(cleanList(STOPWORDS_LIST));
export const WEAK_WORDS: ReadonlySet<string> = new Set(cleanList(WEAK_LIST).filter((w) => !STOPWORDS.has(w)));
const CONNECTORS: ReadonlySet<string> = new Set(CONNECTOR_LIST);
const TAIL_OK: ReadonlySet<string> = new Set(TAIL_OK_LIST);
const INTENT: ReadonlySet<string> = new Set(INTENT_LIST);

/** Plural "s" that must stay: "news" is not the plural of "new". */
// prettier-ignore
const NO_FOLD = new Set(["news","series","species","lens","gas","bus","plus","yes","this","its","his","has","was","does","goes","always","perhaps","various","famous","previous","numerous","chaos","canvas","atlas","alps","dolomites","pants","shorts","tights","gps","ps","mas","us","ios","macos","vs","physics","athletics","gymnastics","aerobics","electronics","economics","politics","mathematics","analytics","logistics","genetics","statistics","ethics","thanks","glasses","chess","scissors","binoculars","trousers","jeans","leggings","sunglasses","crampons","yes","less","across","kudos","aloes","rockies","pyrenees","andes","highlands","cascades","smokies","adirondacks","rockies","canaries","azores","maldives","philippines","netherlands","bahamas","seychelles","olympics","paralympics"]);

/** Folds a plural to its singular for keying. Only the form used for grouping; display keeps the written word. */
export function foldPlural(w: string): string {
  if (w.length <= 3 || NO_FOLD.has(w)) return w;
  const last = w.charCodeAt(w.length - 1);
  if (last !== 115 /* s */) return w;
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is') || w.endsWith("'s")) return w;
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y';
  if (w.endsWith('sses') || w.endsWith('xes') || w.endsWith('ches') || w.endsWith('shes') || w.endsWith('zzes')) return w.slice(0, -2);
  if (/[0-9]/.test(w)) return w; // "s" in a model name or "1990s"
  return w.slice(0, -1);
}

const NUMBER_RE = /^[0-9]+(?:[.,][0-9]+)*$/;
const HAS_UPPER = /\p{Lu}/u;
const STARTS_UPPER = /^\p{Lu}/u;
const HAS_LETTER = /\p{L}/u;
const STARTS_DIGIT = /^\p{N}/u;

const wordCache = new Map<string, WordInfo>();
const WORD_CACHE_MAX = 200_000;

/** Classifies a written word (cached: vocabularies are small even when corpora are big). */
export function wordInfo(orig: string): WordInfo {
  let info = wordCache.get(orig);
  if (info) return info;
  let low = orig.toLowerCase();
  let kind: number;
  if (low === '&') {
    info = { orig, low, key: 'and', kind: STOP, connector: true, cap: false, caseless: true, intent: false, tailOk: false };
    wordCache.set(orig, info);
    return info;
  }
  if (STOPWORDS.has(low)) kind = STOP;
  else {
    if (low.endsWith("'s")) low = low.slice(0, -2);
    else if (low.endsWith("'")) low = low.slice(0, -1);
    if (STOPWORDS.has(low)) kind = STOP;
    else if (NUMBER_RE.test(low)) kind = NUMBER;
    else if (low.length === 1) kind = STOP;
    else if (!HAS_LETTER.test(low)) kind = NUMBER;
    else if (WEAK_WORDS.has(low)) kind = WEAK;
    else kind = CONTENT;
  }
  const key = kind === CONTENT ? foldPlural(low) : low;
  info = {
    orig,
    low,
    key,
    kind,
    connector: CONNECTORS.has(low),
    cap: kind === NUMBER || STARTS_UPPER.test(orig) || (HAS_UPPER.test(orig.slice(1)) && orig.length > 1),
    caseless: kind === NUMBER || STARTS_DIGIT.test(orig),
    intent: INTENT.has(low),
    tailOk: kind === CONTENT || kind === NUMBER || (kind === WEAK && TAIL_OK.has(low)),
  };
  if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
  wordCache.set(orig, info);
  return info;
}

// ---------------------------------------------------------------- cleaning

/** http(s) URLs and bare hosts with a path or a www. prefix */
export const URL_RE = /\b(?:https?:\/\/[^\s<>"'`()[\]{}]+|www\.[^\s<>"'`()[\]{}]+)/gi;
/** e-mail addresses */
const EMAIL_RE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** bare domains with a common top-level domain ("shop.example.com", "kit.co/x") */
const BARE_HOST_RE =
  /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|io|co|uk|de|fr|es|it|nl|eu|us|ca|au|nz|info|biz|shop|store|app|dev|ai|tv|me|ly|gg|example)(?:\/[^\s<>"'`()[\]{}]*)?\b/gi;
const MENTION_RE = /(?:^|\s)@[\p{L}\p{N}_.-]+/gu;
const TIMESTAMP_RE = /\b\d{1,2}:\d{2}(?::\d{2})?\b/g;
const HASHTAG_RE = /#([\p{L}\p{N}_]+)/gu;
/** emoji and pictographs, variation selectors, zero-width joiners, keycaps */
const EMOJI_RE = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}\u{20E3}]+/gu;
const NON_ASCII = /[^\x00-\x7f]/;
const MAYBE_HOST = /[a-z0-9]\.[a-z]{2}/i;

/**
 * Prepares a text for tokenising: NFKC, curly apostrophes, and every URL, e-mail, @mention,
 * timestamp and emoji replaced by a hard boundary ("|"). Hashtags are returned separately,
 * split into words ("#TrailRunning" → "trail running"), because they carry no sentence.
 */
export function cleanText(text: string): { text: string; hashtags: string[] } {
  let s = NON_ASCII.test(text) ? text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'") : text;
  // cheap pre-checks first: most texts have no link, address, mention or timestamp
  if (s.includes('http') || s.includes('www.')) s = s.replace(URL_RE, ' | ');
  if (s.includes('@')) s = s.replace(EMAIL_RE, ' | ').replace(MENTION_RE, ' | ');
  if (MAYBE_HOST.test(s)) s = s.replace(BARE_HOST_RE, ' | ');
  if (s.includes(':')) s = s.replace(TIMESTAMP_RE, ' | ');
  const hashtags: string[] = [];
  if (s.includes('#')) {
    s = s.replace(HASHTAG_RE, (_m, tag: string) => {
      hashtags.push(splitHashtag(tag));
      return ' | ';
    });
  }
  if (NON_ASCII.test(s)) s = s.replace(EMOJI_RE, ' | ');
  return { text: s, hashtags };
}

/** "TrailRunning" → "trail running", "van_life" → "van life", "sub4sub" stays one word. */
export function splitHashtag(tag: string): string {
  return tag
    .replace(/_/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .trim();
}

// ---------------------------------------------------------------- tokenising

const WORD_RE = /[\p{L}\p{N}]+(?:['.&+][\p{L}\p{N}]+)*'?/gu;
const SENTENCE_END = /[.!?:;\n\r•·]/;
const SPACE_ONLY = /^[ \t]*$/;
const AMPERSAND = /^[ \t]*&[ \t]*$/;

/** How capitalisation in a text counts as evidence of a name. */
export type CaseMode = 'text' | 'none';

/**
 * Splits an already cleaned text into segments. Hyphenated words become separate words of the
 * same segment ("thru-hike" → "thru hike"). In mode 'text', a word's capital counts as evidence
 * unless it starts a sentence or its sentence is written in Title Case or ALL CAPS; in mode 'none'
 * (tags, keyword lists, hashtags) it never does.
 */
export function segmentText(text: string, mode: CaseMode): Segment[] {
  const segments: Segment[] = [];
  let words: WordInfo[] = [];
  let informative: boolean[] = [];
  // sentence-level Title Case detection
  let sentStart = 0; // index into flat list of the current sentence's first word
  const flatWords: WordInfo[] = [];
  const flatInf: boolean[] = [];
  let prevEnd = 0;
  let sentenceStartNext = true;
  const closeSentence = (end: number) => {
    if (mode !== 'text') return;
    let alpha = 0;
    let capped = 0;
    let upper = 0;
    for (let i = sentStart; i < end; i++) {
      const w = flatWords[i]!;
      if (w.kind === CONTENT || w.kind === WEAK) {
        alpha++;
        if (w.cap) capped++;
        if (w.orig.length > 1 && w.orig === w.orig.toUpperCase()) upper++;
      }
    }
    if (alpha >= 2 && (capped / alpha >= 0.75 || upper / alpha >= 0.6)) {
      for (let i = sentStart; i < end; i++) flatInf[i] = false;
    }
  };
  const flushSeg = () => {
    if (words.length) segments.push({ words, informative });
    words = [];
    informative = [];
  };
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m !== null; m = WORD_RE.exec(text)) {
    const gap = text.slice(prevEnd, m.index);
    prevEnd = m.index + m[0].length;
    if (gap.length && gap.includes('&') && AMPERSAND.test(gap)) {
      // "Ember & Grind", "Food & Drink": the ampersand is a word ("and"), not a boundary
      pushWord('&');
    } else if (gap.length && !SPACE_ONLY.test(gap)) {
      flushSeg();
      if (SENTENCE_END.test(gap)) {
        closeSentence(flatWords.length);
        sentStart = flatWords.length;
        sentenceStartNext = true;
      }
    }
    pushWord(m[0]);
  }
  closeSentence(flatWords.length);
  flushSeg();
  // copy the sentence-level decisions back into segments
  let k = 0;
  for (const seg of segments) {
    for (let i = 0; i < seg.words.length; i++, k++) seg.informative[i] = flatInf[k]!;
  }
  return segments;

  function pushWord(orig: string) {
    const info = wordInfo(orig);
    words.push(info);
    const inf = mode === 'text' && !sentenceStartNext;
    informative.push(inf);
    flatWords.push(info);
    flatInf.push(inf);
    sentenceStartNext = false;
  }
}

/** Tokenises raw text: cleanText + segmentText, hashtags as extra segments with no case evidence. */
export function tokenize(text: string, mode: CaseMode = 'text'): Segment[] {
  const { text: cleaned, hashtags } = cleanText(text);
  const segs = segmentText(preJoinHyphens(cleaned), mode);
  for (const h of hashtags) segs.push(...segmentText(h, 'none'));
  return segs;
}

/** "thru-hike" and "trail-running" are one phrase: turn a hyphen between letters into a space. */
export function preJoinHyphens(s: string): string {
  return s.includes('-') ? s.replace(/([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, '$1 ') : s;
}

// ---------------------------------------------------------------- phrases

/**
 * Whether words[i..i+n) make a valid phrase: no stopword at either end, no weak modifier at the end,
 * at least one content word;
 * a stopword in the middle only as a connector of a three-word phrase between two content words
 * ("leave no trace", "rim to rim", "grams of carbs").
 */
export function validPhrase(words: readonly WordInfo[], i: number, n: number): boolean {
  const first = words[i]!;
  const last = words[i + n - 1]!;
  if (first.kind === STOP || last.kind === STOP) return false;
  if (n === 3) {
    const mid = words[i + 1]!;
    if (mid.kind === STOP) return mid.connector && first.kind === CONTENT && last.kind === CONTENT;
    return last.tailOk && (first.kind === CONTENT || mid.kind === CONTENT || last.kind === CONTENT);
  }
  // the head of an English noun phrase comes last: "day hike", "van life", but not "campervan cheaper"
  return last.tailOk && (first.kind === CONTENT || last.kind === CONTENT);
}

/** Key of words[i..i+n): the folded words joined by spaces. */
export function phraseKey(words: readonly WordInfo[], i: number, n: number): string {
  if (n === 1) return words[i]!.key;
  if (n === 2) return words[i]!.key + ' ' + words[i + 1]!.key;
  return words[i]!.key + ' ' + words[i + 1]!.key + ' ' + words[i + 2]!.key;
}

/** Key of a free text phrase (a cue, a seed keyword); null when it is not a valid 1-3 word phrase. */
export function keyOf(text: string): string | null {
  const segs = tokenize(text, 'none');
  if (segs.length !== 1) return null;
  const w = segs[0]!.words;
  if (w.length < 1 || w.length > 3 || !validPhrase(w, 0, w.length)) return null;
  return phraseKey(w, 0, w.length);
}

/** Keys of the content words of a text (objective, seed tags): used for biasing. */
export function contentKeys(text: string): Set<string> {
  const out = new Set<string>();
  for (const seg of tokenize(text, 'none')) for (const w of seg.words) if (w.kind === CONTENT) out.add(w.key);
  return out;
}
