/**
 * Languages of the targeting generator: which ones it reads, their stopwords, how a word is keyed in
 * each (plural and accent folding), and which language a text is in (`franc-min`, a trigram
 * detector, behind a fast vote of stopwords). Pure and deterministic, no I/O: the lists and trigram
 * profiles are bundled with the code.
 *
 * Stopwords come from packages, not hand lists: the `stopword` package (Snowball and similar lists
 * of function words) for every language; for the languages other than English also the
 * comprehensive `stopwords-iso` lists, since `stopword`'s are thin there (59 Spanish words, no
 * "cómo", "cada", "cuesta") and their extra words are generic verbs and adverbs a keyword never
 * ends in (but the words our taxonomy cues use in that language, like "viagem", stay words). English
 * keeps the lean list (stopwords-iso's English one holds "computer", "research", "information"),
 * plus the informal forms below.
 */
import { CUES_I18N } from './cues-i18n.ts';
import { isoStopwords, languageDetection, stopwordLists } from './libs.ts';

/** ISO 639-1 code of a language the generator reads. */
export type Lang = string;

interface LangDef {
  code: Lang;
  /** ISO 639-3, as franc answers and as `stopword` names its lists */
  iso3: string;
}

/**
 * Languages with spaces between words, a stopword list and a trigram profile. English goes first:
 * it is the lingua franca of the web, and its function words count as such in every Latin-script text.
 */
const DEFS: LangDef[] = [
  { code: 'en', iso3: 'eng' },
  { code: 'es', iso3: 'spa' },
  { code: 'de', iso3: 'deu' },
  { code: 'fr', iso3: 'fra' },
  { code: 'pt', iso3: 'por' },
  { code: 'it', iso3: 'ita' },
  { code: 'nl', iso3: 'nld' },
  { code: 'sv', iso3: 'swe' },
  { code: 'pl', iso3: 'pol' },
  { code: 'cs', iso3: 'ces' },
  { code: 'ro', iso3: 'ron' },
  { code: 'hu', iso3: 'hun' },
  { code: 'tr', iso3: 'tur' },
  { code: 'ru', iso3: 'rus' },
  { code: 'uk', iso3: 'ukr' },
  { code: 'id', iso3: 'ind' },
];

export const LANGUAGES: readonly Lang[] = DEFS.map((d) => d.code);

/**
 * What the `stopword` package's English list (108 words) leaves out and informal web English is full
 * of: pronouns and negations it lacks, contractions with and without the apostrophe, fillers.
 */
// prettier-ignore
const ENGLISH_INFORMAL = [
  "above","again","against","ago","ah","almost","along","already","although","always","among","anybody","anyone","anything","anyway","anyways","anywhere","aren't","around","away",
  "became","become","below","besides","beyond","can't","cannot","couldn't","didn't","does","doesn't","doing","don't","down","during","either","else","enough","etc","even","ever","every",
  "everybody","everyone","everything","everywhere","few","further","gets","getting","goes","going","gone","gotten","hadn't","hasn't","haven't","having","he'd","he'll","he's","hers",
  "herself","here's","however","i'd","i'll","i'm","i've","ie","instead","isn't","it'd","it'll","it's","its","itself","just","least","less","let","let's","lol","makes","making","maybe",
  "mine","myself","neither","no","nor","not","often","oh","ok","okay","once","onto","others","otherwise","ours","ourselves","own","per","perhaps","please","quite","rather","really",
  "she","she'd","she'll","she's","shall","shouldn't","so","somebody","someone","something","sometimes","somewhat","somewhere","soon","than","that'd","that'll","that's","theirs",
  "themselves","there's","they'd","they'll","they're","they've","though","thus","till","toward","towards","unless","until","upon","us","wasn't","we'd","we'll","we're","we've","weren't",
  "what's","whatever","when","whenever","where's","whereas","wherever","whether","who's","whoever","whom","whose","why","will","within","without","won't","wouldn't","yeah","yes","yet",
  "you'd","you'll","you're","you've","yours","yourself","yourselves","actually","basically","certainly","definitely","exactly","finally","generally","honestly","hopefully","literally",
  "mostly","nearly","obviously","probably","pretty","simply","slightly","surely","totally","truly","usually","gets","go","went","took","taken","taking","takes","give","gives","gave",
  "given","put","puts","say","says","tell","told","know","knew","known","think","thought","seem","seems","seemed","want","wanted","wants","need","needs","needed","see","saw","seen",
  "look","looks","looked","looking","comes","coming","keep","keeps","kept","lets","feel","feels","felt","try","tried","trying","tries","use","uses","used","using","find","found",
  "mean","means","meant","thing","things","stuff","lot","lots","bit","kind","sort","ways","able","sure","wish","im","ive","dont","doesnt","didnt","cant","wont","isnt","wasnt",
  "thats","theres","youre","youve","id",
  // the same words as comments and descriptions spell them
  "tho","idk","ngl","smh","bc","cuz","coz","ya","ur","gonna","wanna","gotta","kinda","sorta","aint","dunno","lemme","tryna",
  // participles used as prepositions: "academy awards including", "concerning ufc giants"
  "including","regarding","concerning","excluding","according",
  // "a shop called Shopmissa": the name that follows is the keyword, not the verb before it
  "called",
  // prepositions and adverbs of place the list lacks: "presser ahead", "amid protests"; "behind"
  // stays a word, as it heads names ("Behind the Scenes", "Behind Tasty")
  "ahead","across","despite","amid","amidst","throughout","beneath","underneath","beside","alongside","whilst","meanwhile",
];

/**
 * The words that may stand between two others inside a phrase ("leave no trace", "pan de masa madre",
 * "Tour du Mont Blanc", "Urlaub mit Hund"); any other stopword ends a phrase.
 */
const CONNECTORS: Record<Lang, readonly string[]> = {
  en: ['of', 'and', '&', 'to', 'n', 'no'],
  es: ['de', 'del', 'y', 'e', 'con', 'a', 'al', 'en', 'sin', 'para', 'la', 'el', 'los', 'las'],
  pt: ['de', 'do', 'da', 'dos', 'das', 'e', 'com', 'a', 'ao', 'em', 'no', 'na', 'para', 'sem', 'o'],
  fr: ['de', 'du', 'des', 'd', 'à', 'au', 'aux', 'et', 'en', 'la', 'le', 'les', 'sans', 'pour'],
  de: ['und', 'von', 'mit', 'für', 'am', 'im', 'zum', 'zur', 'auf', 'in', 'ohne', 'vom'],
  it: ['di', 'del', 'della', 'e', 'con', 'a', 'al', 'da', 'in', 'la', 'il'],
  nl: ['van', 'en', 'met', 'op', 'de', 'het'],
};

const BIT = new Map<Lang, number>();
/** informal English stopwords: function words in English texts only ("kind" is German for child) */
const EN_INFORMAL = new Set(ENGLISH_INFORMAL);
const CONNECTOR_SETS = new Map<Lang, ReadonlySet<string>>();
const ISO3 = new Map<string, Lang>();
for (let i = 0; i < DEFS.length; i++) {
  const d = DEFS[i]!;
  BIT.set(d.code, 1 << i);
  ISO3.set(d.iso3, d.code);
  CONNECTOR_SETS.set(d.code, new Set(CONNECTORS[d.code] ?? []));
}

/**
 * Nouns and adjectives that the stopword lists hold among their function words: French "état"
 * ("conseil d'état"), "voie" ("voie lactée"), "personnes" ("personnes handicapées"; only the
 * singular "personne" is also "nobody"), "droite", "haut", "sujet", "valeur"; Spanish and
 * Portuguese "estado", "lugar", "parte"; German "Menschen". As stopwords they cut every phrase they
 * are in. They are weak words of their language instead (tokens.ts), no keyword alone but part of
 * a phrase, as English "people" is.
 */
// prettier-ignore
const LISTED_NOUN_LISTS: Partial<Record<Lang, readonly string[]>> = {
  fr: [
    'personnes', 'gens', 'état', 'droite', 'haut', 'bas', 'sujet', 'effet', 'essai', 'mot', 'parole', 'pièce', 'valeur',
    'voie', 'retour', 'force', 'début', 'façon', 'naturel', 'naturelle', 'naturels', 'naturelles', 'unique', 'uniques',
    'cher', 'chère', 'chers', 'chères', 'beau', 'divers', 'diverse', 'diverses', 'vive',
  ],
  es: ['estado', 'lugar', 'parte', 'tiempo', 'valor', 'lado', 'gran', 'nuevo', 'nueva'],
  pt: ['estado', 'forma', 'lugar', 'parte', 'pessoas', 'valor', 'lado', 'grande'],
  de: ['menschen'],
};
export const LISTED_NOUNS: Partial<Record<Lang, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries(LISTED_NOUN_LISTS).map(([lang, words]) => [lang, new Set(words)]),
);

let stopMaskTable: Map<string, number> | undefined;
/** Each stopword with a bit per language it is a stopword of; built on first use (libs.ts says why). */
function stopMasks(): Map<string, number> {
  if (stopMaskTable) return stopMaskTable;
  const table = new Map<string, number>();
  const lists = stopwordLists();
  const iso = isoStopwords();
  for (let i = 0; i < DEFS.length; i++) {
    const d = DEFS[i]!;
    // the supplement's words that our taxonomy uses as content words of the language stay words ("viagem")
    const cueWords = new Set(
      Object.values(CUES_I18N[d.code] ?? {})
        .join(' ')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u),
    );
    const extra =
      d.code === 'en' ? [] : (iso[d.code] ?? []).filter((w) => !cueWords.has(w.toLowerCase()));
    for (const w of [...(lists[d.iso3] ?? []), ...extra]) {
      const low = w.toLowerCase().normalize('NFKC');
      if (LISTED_NOUNS[d.code]?.has(low)) continue;
      table.set(low, (table.get(low) ?? 0) | (1 << i));
    }
  }
  return (stopMaskTable = table);
}
const EN_BIT = BIT.get('en')!;
const FRANC_ONLY = DEFS.map((d) => d.iso3);

/** Whether the generator reads this language (its primary subtag: "pt-BR" → "pt"). */
export function isSupported(lang: string): boolean {
  return BIT.has(primaryTag(lang));
}

/** "pt-BR" → "pt", "EN" → "en". */
export function primaryTag(tag: string): Lang {
  return (tag ?? '').trim().split(/[-_]/, 1)[0]!.toLowerCase();
}

/**
 * Interjections, expletives and chat abbreviations the web writes in any language ("lol", "yes",
 * "mdr", "rly"), and each language's own ("oui", "ouais", "bref", "putain"): no keyword in any
 * text, and the lists lack most of them. "ok" stays a word outside English: "OK Google" is a
 * product's call.
 */
// prettier-ignore
const WEB_INFORMAL = new Set([
  'lol', 'yes', 'yeah', 'yep', 'nope', 'omg', 'wtf', 'xd', 'haha', 'hahaha', 'jaja', 'jajaja', 'mdr', 'ptdr',
  // abbreviated function words and asides: "really", "seriously", "to be honest", "by the way"
  'rly', 'srsly', 'tbh', 'imo', 'imho', 'btw', 'idk', 'ngl', 'pls', 'plz', 'ur',
  // expletives say how the speaker feels, as an interjection does, and no advertiser bids on them
  // ("fuckin" was a keyword of a player's quote); the web swears in English whatever it writes
  'fuck', 'fucking', 'fuckin', 'fucked', 'motherfucker', 'shit', 'shitty', 'bullshit',
]);
/**
 * Abbreviated units of a quantity ("1 tsp vanilla extract") and a box score's counts ("22 Pts, 7
 * Rebs, 2 Blks"): part of no keyword. "TBS" is a network.
 */
// prettier-ignore
const UNITS = new Set(['tsp', 'tbsp', 'oz', 'ml', 'cl', 'kg', 'mg', 'lb', 'lbs', 'pts', 'rebs', 'asts', 'blks', 'stls', 'yds']);
const INFORMAL_BY_LANG: Partial<Record<Lang, ReadonlySet<string>>> = {
  // prettier-ignore
  fr: new Set([
    'oui', 'ouais', 'bref', 'wesh',
    // "ça" as the web writes it without its cedilla ("compilé tout ca")
    'ca',
    // adverbs of time, place and degree the list lacks, as written with and without accents:
    // "rediffusion autour", "jamais" and "déjà" alone were keywords
    'jamais', 'autour', 'déjà', 'deja', 'loin', 'presque', 'bientôt', 'bientot', 'tard', 'tôt', 'tot',
    'aussitôt', 'aussitot', 'dorénavant', 'dorenavant', 'davantage', 'quasiment', 'vite', 'ensuite',
    'auparavant', 'pourtant', 'soudain',
    'putain', 'merde',
  ]),
  es: new Set(['joder', 'mierda', 'coño', 'carajo']),
  pt: new Set(['caralho', 'porra', 'merda', 'foda']),
  de: new Set(['scheiße', 'scheisse', 'verdammt']),
};

/**
 * Whether a lowercase word is a function word in a text of this language. English function words
 * count in every text too: creators mix English in ("the best of", "my first vlog").
 */
export function isStopword(low: string, lang: Lang): boolean {
  if (lang === 'en' && EN_INFORMAL.has(low)) return true;
  if (WEB_INFORMAL.has(low) || UNITS.has(low) || INFORMAL_BY_LANG[lang]?.has(low)) return true;
  const mask = stopMasks().get(low);
  if (mask === undefined) return otherScriptStopword(low);
  return (mask & ((BIT.get(lang) ?? 0) | EN_BIT)) !== 0;
}

/** The accented letters French writes a word's first letter with, by the letter a capital drops them to. */
const FR_INITIAL_ACCENTS: Readonly<Record<string, readonly string[]>> = {
  a: ['à', 'â'],
  c: ['ç'],
  e: ['é', 'è', 'ê'],
  i: ['î'],
  o: ['ô'],
  u: ['ù', 'û'],
};

/**
 * Whether a French word written with a capital is a function word once its first letter gets back
 * the accent capitals drop ("Etat" is "état", "Etre" is "être", "A" is "à"): French typography
 * leaves capitals unaccented, so the stopword list's spelling is not what the text writes.
 */
export function isFrenchStopwordUnderCapital(orig: string, low: string): boolean {
  if (!/^[ACEIOU]/.test(orig)) return false;
  for (const a of FR_INITIAL_ACCENTS[low[0]!] ?? [])
    if (isStopword(a + low.slice(1), 'fr')) return true;
  return false;
}

const LATIN = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;
let otherScriptTable: Set<string> | undefined;
/**
 * A word of a script none of the languages read is written in (Arabic, Hangul, Cyrillic, Han…) is
 * a function word when any language's list has it: a store in a language the generator does not
 * read still keeps "في" ("in") and "من" ("from") out of its keywords.
 */
function otherScriptStopword(low: string): boolean {
  if (LATIN.test(low) || !LETTER.test(low)) return false;
  if (otherScriptTable === undefined) {
    otherScriptTable = new Set();
    for (const list of Object.values(isoStopwords()))
      for (const w of list)
        if (LETTER.test(w) && !LATIN.test(w))
          otherScriptTable.add(w.toLowerCase().normalize('NFKC'));
  }
  return otherScriptTable.has(low);
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
/**
 * Whether a word has letters and none in its language's script (Latin; Cyrillic for Russian and
 * Ukrainian): Hangul, Arabic or Devanagari in an English or French text are another language's
 * words ("편의점", "शोले"), which no keyword in the campaign's language holds.
 */
export function isOtherScript(low: string, lang: Lang): boolean {
  const cyrillic = lang === 'ru' || lang === 'uk';
  if (!cyrillic && !NON_ASCII.test(low)) return false;
  if (!LETTER.test(low)) return false;
  return !(cyrillic ? CYRILLIC : LATIN).test(low);
}

/** Coordinating conjunctions among the connectors: "X and Y" is a list, not a phrase, unless it recurs. */
const COORDINATORS = new Set(['and', '&', 'n', 'y', 'e', 'et', 'und', 'en', 'och', 'i', 'a', 've']);
export function isCoordinator(low: string, lang: Lang): boolean {
  if (lang === 'es' || lang === 'pt' || lang === 'fr' || lang === 'it')
    return low === 'y' || low === 'e' || low === 'et' || low === 'and' || low === '&';
  if (lang === 'nl') return low === 'en' || low === 'and' || low === '&';
  return COORDINATORS.has(low) && low !== 'en' && low !== 'a' && low !== 'i';
}

/**
 * Articles, determiners and object pronouns: what follows a verb ("runs the cooktop", "kostet uns",
 * "custa o"), rarely a noun. A window of words right before one of them likely ends in a verb. They
 * are function words too (the packages' lists miss a few inflections, "unseren").
 */
// prettier-ignore
const DETERMINERS: Record<Lang, readonly string[]> = {
  en: ['the', 'a', 'an', 'it', 'them', 'him', 'her', 'us', 'me', 'my', 'your', 'our', 'their', 'his', 'its', 'this', 'these', 'those', 'you'],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo', 'le', 'les', 'me', 'te', 'nos', 'mi', 'tu', 'su', 'sus', 'este', 'esta', 'muy', 'menos', 'más'],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas', 'me', 'te', 'nos', 'lhe', 'meu', 'minha', 'seu', 'sua', 'este', 'esta', 'muito', 'muita', 'mais', 'de'],
  fr: ['le', 'la', 'les', 'un', 'une', 'l', 'ce', 'cette', 'ces', 'mon', 'ma', 'mes', 'son', 'sa', 'ses', 'nous', 'vous', 'lui', 'leur', 'le', 'très', 'plus'],
  de: ['der', 'die', 'das', 'den', 'dem', 'ein', 'eine', 'einen', 'einem', 'uns', 'euch', 'mich', 'dich', 'sich', 'ihn', 'es', 'man', 'sollte', 'wir', 'ihr', 'sie', 'ich', 'du', 'er', 'unseren', 'unserem', 'euren', 'eurem'],
};
const DETERMINER_SETS = new Map(Object.entries(DETERMINERS).map(([l, ws]) => [l, new Set(ws)]));
export function isDeterminer(low: string, lang: Lang): boolean {
  return DETERMINER_SETS.get(lang)?.has(low) === true;
}

/**
 * A French word that its article or object pronoun is written onto ("l'info", "l'a"): it opens
 * what follows a verb, as "le" and "la" do ("Tanguy Pastureau maltraite l'info"). "d'" is a
 * preposition, which a noun takes ("maillon d'or").
 */
const FR_ELIDED_L = /^l'\p{L}/u;
export function opensWithElidedArticle(low: string, lang: Lang): boolean {
  return lang === 'fr' && FR_ELIDED_L.test(low);
}

/**
 * A French conjugated verb before its object's elided article ("fournissent l'alibi", "commence
 * l'aventure"): a noun there takes "de l'". An infinitive there says what to do, which a viewer
 * searches ("apprendre l'anglais", "captiver l'attention").
 */
export function conjugatedBeforeObject(low: string, next: string, lang: Lang): boolean {
  return opensWithElidedArticle(next, lang) && !FR_INFINITIVE.test(low);
}

/**
 * French subject, object and reflexive clitics, and the Spanish reflexive "se": the word right after
 * one is a verb ("se réveille", "on joue", "vous voulez", "nous pensons", "se despide"), no keyword
 * on its own, and a phrase it starts is what someone does, not a topic ("voulez savoir"). French
 * writes "on" after "l'" and a subject after "qu'" in one piece ("ce que l'on entend", "ainsi
 * qu'on le vit").
 */
const VERB_CLITICS: Partial<Record<Lang, ReadonlySet<string>>> = {
  // prettier-ignore
  fr: new Set([
    'je', 'tu', 'il', 'elle', 'on', 'nous', 'vous', 'ils', 'elles', 'me', 'te', 'se', 'ne',
    "l'on", "qu'on", "qu'il", "qu'elle", "qu'ils", "qu'elles",
  ]),
  es: new Set(['se']),
};
export function isVerbClitic(low: string, lang: Lang): boolean {
  return VERB_CLITICS[lang]?.has(low) === true;
}

/** French verbs that govern an infinitive, and the preposition "pour" (governsVerb). */
// prettier-ignore
const FR_INFINITIVE_HEADS = new Set([
  'pour', 'faire', 'font',
  // aller, vouloir, pouvoir, devoir, falloir, savoir: present, imperfect, future, conditional
  'vais', 'vas', 'va', 'allons', 'allez', 'vont', 'aller', 'allais', 'allait', 'allions', 'alliez', 'allaient', 'irai', 'iras', 'ira', 'irons', 'irez', 'iront', 'irais', 'irait', 'iraient',
  'veux', 'veut', 'voulons', 'voulez', 'veulent', 'voulais', 'voulait', 'voulaient', 'voudrai', 'voudra', 'voudrais', 'voudrait', 'voudrions', 'voudriez', 'voudraient',
  'peux', 'peut', 'pouvons', 'pouvez', 'peuvent', 'pouvais', 'pouvait', 'pouvaient', 'pourrai', 'pourra', 'pourront', 'pourrais', 'pourrait', 'pourrions', 'pourriez', 'pourraient',
  'dois', 'doit', 'devons', 'devez', 'doivent', 'devais', 'devait', 'devaient', 'devrai', 'devra', 'devront', 'devrais', 'devrait', 'devrions', 'devriez', 'devraient',
  'faut', 'fallait', 'faudra', 'faudrait',
  'sais', 'sait', 'savons', 'savez', 'savent', 'savais', 'savait', 'savaient', 'saura', 'sauront', 'saurais', 'saurait', 'savoir',
]);
const FR_INFINITIVE = /^\p{L}{2,}(?:er|ir|re)$/u;
/** What negates the governing verb, between it and its infinitive: "ne savent pas répondre". */
const FR_NEGATION = new Set(['pas', 'plus', 'jamais', 'rien']);
/**
 * French words a verb follows: the subject pronoun "qui" ("devinettes qui mettront", "ceux qui
 * payent"), and the preposition or verb that governs an infinitive ("pour vérifier", "vont
 * embrouiller", "font évacuer"). Such a word is what someone does, no topic, and a phrase it starts
 * is no topic either ("défendre l'intégrité"). The infinitive's shape is asked for too, so a noun
 * after "pour" stays ("pour Noël", "pour enfants"), and the caller leaves out a name ("pour
 * Pierre"). Not after "de", "à" or "sans", which a noun of the same ending follows as often
 * ("rouleau de papier", "verre à bière", "sans filtre"). `beforeThat` is the word before `before`:
 * the governing verb when a negation stands between them ("ne savent pas répondre").
 */
export function governsVerb(before: string, word: string, lang: Lang, beforeThat = ''): boolean {
  if (lang !== 'fr') return false;
  if (before === 'qui') return true;
  const head = FR_NEGATION.has(before) ? beforeThat : before;
  return FR_INFINITIVE_HEADS.has(head) && FR_INFINITIVE.test(word);
}

/**
 * A French verb of the third person plural after its subject: a word in "-ent" (not "-ment") right
 * after a plural noun ("les footballeurs portent", "les prochaines vidéos arrivent"). An adjective
 * there agrees with the noun and takes its "s" ("vidéos récentes"), so a bare "-ent" is the verb.
 * The caller leaves out names ("Thomas Vincent") and function words ("nous", "vous"). A singular
 * noun in "-s" before an adjective in "-ent" reads so too ("un cas urgent"), seldom enough. After
 * "que" too, which puts the verb before its subject (below).
 */
const FR_PLURAL_VERB = /^\p{L}{2,}[^m]ent$/u;
const PLURAL_END = /\p{L}[sx]$/u;
export function isPluralVerb(before: string, word: string, lang: Lang): boolean {
  return (
    lang === 'fr' &&
    FR_PLURAL_VERB.test(word) &&
    (PLURAL_END.test(before) || FR_INVERTING.has(before))
  );
}

/**
 * Function words that a French verb in "-ent" follows as a noun subject would: "les" as an object
 * pronoun ("qui les rendent"): as an article its noun would take the plural's "s"; and "que",
 * after which French puts the verb before its subject ("les problèmes que vivent les femmes").
 * ("gens", a noun the stopword lists hold, is a weak word: LISTED_NOUNS.)
 */
const FR_INVERTING = new Set(['que']);
const FR_STOPWORDS_BEFORE_PLURAL_VERB = new Set(['les', ...FR_INVERTING]);
export function stopwordBeforePluralVerb(low: string, lang: Lang): boolean {
  return lang === 'fr' && FR_STOPWORDS_BEFORE_PLURAL_VERB.has(low);
}

/**
 * Adverbs of degree: what follows one is an adjective or a verb ("assez sympathique et agréable",
 * "very different results", "muy bueno"), no topic. Not those a noun follows as often ("muito
 * dinheiro", "bastante dinero", "so cal", "me too movement").
 */
const DEGREE_ADVERBS: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(['very', 'really', 'quite', 'extremely', 'incredibly']),
  fr: new Set(['très', 'assez', 'trop', 'vraiment', 'tellement', 'plutôt']),
  es: new Set(['muy', 'tan']),
  pt: new Set(['tão']),
  de: new Set(['sehr', 'ziemlich']),
};
export function isDegreeAdverb(low: string, lang: Lang): boolean {
  return DEGREE_ADVERBS[lang]?.has(low) === true;
}

/**
 * The finite forms of French "avoir" and "être" that make a compound tense: a participle right after
 * one is what someone did ("a perdu 92 %", "sont décédés", "a rendu hommage"), and a phrase it
 * starts is no topic. Other words after them stay ("a peur du dentiste", "est fan").
 */
// prettier-ignore
const FR_AUXILIARIES = new Set(['ai', 'as', 'a', 'avons', 'avez', 'ont', 'avais', 'avait', 'avions', 'aviez', 'avaient', 'aura', 'auront', 'aurait', 'suis', 'es', 'est', 'sommes', 'êtes', 'sont', 'étais', 'était', 'étaient', 'sera', 'seront', 'serait']);
/** A pronoun elided onto the auxiliary: "j'ai", "m'a", "l'ont", "s'est", "n'a". */
const ELIDED_PRONOUN = /^[jmtlsnc]'/u;
/**
 * English "be" before a word in "-ing" makes the progressive: what someone is doing ("are
 * wondering", "was dying", "I've been vlogging"). A gerund named as a topic seldom follows it.
 */
// prettier-ignore
const EN_BE = new Set(['am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', "i'm", "you're", "we're", "they're"]);
const PROGRESSIVE = /^\p{L}{3,}ing$/u;
export function startsCompoundTense(auxiliary: string, word: string, lang: Lang): boolean {
  if (lang === 'en') return EN_BE.has(auxiliary) && PROGRESSIVE.test(word);
  if (lang !== 'fr') return false;
  // asked for every window of the text: no new string unless a pronoun is elided onto the word
  const aux =
    FR_AUXILIARIES.has(auxiliary) ||
    (ELIDED_PRONOUN.test(auxiliary) && FR_AUXILIARIES.has(auxiliary.slice(2)));
  return aux && isParticiple(word, lang);
}

/**
 * French subject pronouns that open a clause ("… au monde car ils nous ont donné…"): French joins a
 * relative clause with "que", so a noun phrase is seldom right before one; what is, most of the
 * time, ends in a conjunction ("car") or a verb. Not "nous" and "vous", objects as often.
 */
const FR_SUBJECTS = new Set(['je', "j'", 'tu', 'il', 'elle', 'on', 'ils', 'elles']);
export function opensClause(low: string, lang: Lang): boolean {
  return lang === 'fr' && FR_SUBJECTS.has(low);
}

/**
 * French and Spanish past participles, and the preposition of a passive's agent: a phrase that ends
 * in one right before the agent ("film réalisé par Kim", "série créée par la chaîne", "dirigida por
 * Almodóvar") ends in a verb, as one ending in an English past participle does (tokens.ts `past`).
 * Nouns of these endings ("société", "mercado") are seldom followed by "par le" or "por el".
 */
const PARTICIPLES: Partial<Record<Lang, RegExp>> = {
  fr: /^(?:\p{L}{2,}é|\p{L}{2,}du|produit|écrit|construit|détruit|conquis|pris|mis|fait|reçu|vu|dit|ouvert|offert|découvert|soutenu|tenu|battu|élu|vaincu)e?s?$/u,
  es: /^(?:\p{L}{2,}[ai]d|hech|escrit|dich|vist|puest|abiert|cubiert|rot|muert|vuelt)[oa]s?$/u,
};
const AGENT_PREPOSITIONS: Partial<Record<Lang, string>> = { fr: 'par', es: 'por' };
export function isParticiple(low: string, lang: Lang): boolean {
  return PARTICIPLES[lang]?.test(low) === true;
}
export function isAgentPreposition(low: string, lang: Lang): boolean {
  return AGENT_PREPOSITIONS[lang] === low;
}

/**
 * English particles that end a compound noun ("pour over", "warm up", "cool down", "sold out"):
 * stopwords, but a two-word phrase may end in one.
 */
const PARTICLES = new Set(['over', 'up', 'down', 'out', 'off']);
export function isParticle(low: string, lang: Lang): boolean {
  return lang === 'en' && PARTICLES.has(low);
}

/**
 * The connectors that join two nouns into one ("chapelet à Lourdes", "deck of cards", "teclado del
 * ordenador"): prepositions, not the coordinators, which make a list, nor the articles, which start
 * a noun; not English "to" and "no" either, an infinitive's marker and a negation.
 */
const COMPOUND_LINKS: Record<Lang, readonly string[]> = {
  en: ['of'],
  es: ['de', 'del', 'con', 'a', 'al', 'en', 'sin', 'para'],
  pt: ['de', 'do', 'da', 'dos', 'das', 'com', 'ao', 'em', 'no', 'na', 'para', 'sem'],
  fr: ['de', 'du', 'des', 'd', 'à', 'au', 'aux', 'en', 'sans', 'pour'],
  de: ['von', 'mit', 'für', 'am', 'im', 'zum', 'zur', 'auf', 'in', 'ohne', 'vom'],
  it: ['di', 'del', 'della', 'con', 'a', 'al', 'da', 'in'],
  nl: ['van', 'met', 'op'],
};
export function compoundLinks(lang: Lang): readonly string[] {
  return COMPOUND_LINKS[lang] ?? [];
}

/**
 * The prepositions a language joins to one article and writes apart from the others: French "du"
 * and "au" but "de la" and "à la", Spanish "del" and "al" but "de la", "a los". After one of them,
 * the article is part of the link ("fête de la musique" as "salon du livre"; tokens.ts,
 * isLinkArticle). Portuguese and Italian join every article ("da", "della"), English "of the" is
 * no link ("the" joins no English phrase).
 */
const ARTICLE_PREPOSITIONS: Partial<Record<Lang, readonly string[]>> = {
  fr: ['de', 'à'],
  es: ['de', 'a'],
};
export function takesArticleApart(low: string, lang: Lang): boolean {
  return ARTICLE_PREPOSITIONS[lang]?.includes(low) === true;
}

/**
 * The definite articles a Romance language opens a name with ("Les Républicains", "Le Figaro", "La
 * Diabla", "O Globo", "Il Fatto Quotidiano"): written with a capital in running text before a
 * capitalised word, the article is the name's. Not German, which capitalises every noun after its
 * article, nor English, whose "the" a name is typed without as often ("Grand Tour").
 */
const NAME_ARTICLES: Partial<Record<Lang, readonly string[]>> = {
  fr: ['le', 'la', 'les'],
  es: ['el', 'la', 'los', 'las'],
  pt: ['o', 'a', 'os', 'as'],
  it: ['il', 'lo', 'la', 'gli', 'le'],
};
export function isNameArticle(low: string, lang: Lang): boolean {
  return NAME_ARTICLES[lang]?.includes(low) === true;
}
/** Whether a name may open with this article in the language: its own, or English "the". */
export function opensWithNameArticle(low: string, lang: Lang): boolean {
  return isNameArticle(low, lang) || low === 'the';
}

/** The links of a compound across a preposition and its article written apart ("de la", "a los"). */
export function articleLinks(lang: Lang): readonly string[] {
  const articles = (CONNECTORS[lang] ?? []).filter((w) => isDeterminer(w, lang));
  return (ARTICLE_PREPOSITIONS[lang] ?? []).flatMap((p) => articles.map((a) => `${p} ${a}`));
}

/**
 * Prepositions of the Romance languages that say what a thing is about, with, between or against
 * ("polémique sur Squeezie", "vérité sur Disney", "incruste chez Julien Tanti"): these languages
 * put a noun's complement after a preposition, where English and German glue it before the noun
 * ("brown butter cookies", "Armaflex-Dämmung"), so it names a thing as often as it tells where or
 * how someone did something. They join no phrase (as connectors they would join a sentence's
 * windows everywhere: "pat sur youcook"), so the analyzer counts a title's and an opening line's
 * windows across them apart, for the compounds of two listed phrases only (Analyzer.compounds).
 * Not the prepositions of place and time, which attach to a headline's verb more often than to a
 * noun.
 */
const BRIDGE_LINKS: Partial<Record<Lang, readonly string[]>> = {
  fr: ['sur', 'avec', 'entre', 'contre', 'chez'],
  es: ['sobre', 'entre', 'contra'],
  pt: ['sobre', 'entre', 'contra'],
  it: ['su', 'tra', 'fra', 'contro'],
};
export function bridgeLinks(lang: Lang): readonly string[] {
  return BRIDGE_LINKS[lang] ?? [];
}

/**
 * Nouns that a language writes almost only inside a prepositional locution ("à propos de", "au
 * travers de", "en cas de", "a través de", "in spite of"): weak words (tokens.ts) that open no
 * phrase, no keyword alone nor a part of a compound (keywords.ts), as "propos", "cas d'élections"
 * or "Andrew Grey à propos" name nothing. Nouns that head compounds of their own as often
 * ("milieu de terrain", "lieu de tournage", "medio ambiente", "front line") are not among them.
 */
const LOCUTION_NOUNS: Partial<Record<Lang, ReadonlySet<string>>> = {
  fr: new Set(['propos', 'travers', 'instar', 'insu', 'égard', 'cas']),
  es: new Set(['través', 'acerca', 'pesar', 'alrededor']),
  en: new Set(['spite', 'behalf']),
};
export function locutionNouns(lang: Lang): ReadonlySet<string> {
  return LOCUTION_NOUNS[lang] ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

/** Whether a lowercase word may stand inside a phrase of this language between two others. */
export function isConnector(low: string, lang: Lang): boolean {
  return (
    CONNECTOR_SETS.get(lang)?.has(low) === true ||
    (lang !== 'en' && CONNECTOR_SETS.get('en')!.has(low) && low !== 'no' && low !== 'to')
  );
}

// ---------------------------------------------------------------- keys

const MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\x00-\x7f]/;

/** Plural "s" that must stay in English: "news" is not the plural of "new". */
// prettier-ignore
const EN_NO_FOLD = new Set(["news","series","species","lens","gas","bus","plus","yes","this","its","his","has","was","does","goes","always","perhaps","various","famous","previous","numerous","chaos","canvas","atlas","alps","dolomites","pants","shorts","tights","gps","ps","mas","us","ios","macos","vs","physics","athletics","gymnastics","aerobics","electronics","economics","politics","mathematics","analytics","logistics","genetics","statistics","ethics","thanks","glasses","chess","scissors","binoculars","trousers","jeans","leggings","sunglasses","crampons","less","across","kudos","aloes","rockies","pyrenees","andes","highlands","cascades","smokies","adirondacks","canaries","azores","maldives","philippines","netherlands","bahamas","seychelles","olympics","paralympics","fries","chips","supplies","lyrics"]);

/** Folds an English plural to its singular: only the key of a word, display keeps the written form. */
export function foldPlural(w: string): string {
  if (w.length <= 3 || EN_NO_FOLD.has(w)) return w;
  if (w.charCodeAt(w.length - 1) !== 115 /* s */) return w;
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is') || w.endsWith("'s")) return w;
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y';
  if (
    w.endsWith('sses') ||
    w.endsWith('xes') ||
    w.endsWith('ches') ||
    w.endsWith('shes') ||
    w.endsWith('zzes')
  )
    return w.slice(0, -2);
  if (/[0-9]/.test(w)) return w; // "s" in a model name or "1990s"
  return w.slice(0, -1);
}

/**
 * Whether a word's "'s" is the language's own grammar: English's possessive ("Meek's"), Dutch's
 * plural ("foto's"), German's genitive of a name. The Romance languages have none, so there a word
 * in "'s" is a borrowed name or noun as written ("Mam's", "pin's"), kept whole.
 */
const NO_APOSTROPHE_S = new Set(['fr', 'es', 'it', 'pt']);
export function apostropheSIsGrammar(lang: Lang): boolean {
  return !NO_APOSTROPHE_S.has(lang);
}

/** A word with its accents dropped ("té" → "te"), as an ad platform matches it. */
export function withoutAccents(w: string): string {
  return NON_ASCII.test(w) ? w.normalize('NFD').replace(MARKS, '').normalize('NFC') : w;
}

/**
 * The key of a lowercase content word: accents dropped and the plural folded the way the language
 * forms it, so "receta" and "recetas", "viagem" and "viagens", "Rezept" and "Rezepte" group. Keys only
 * group words and match taxonomy cues (written in the singular); nobody reads them.
 */
const FR_ELIDED_ARTICLE = /^[ld]'\p{L}/u;
export function wordKey(low: string, lang: Lang): string {
  let w = withoutAccents(low);
  if (/[0-9]/.test(w)) return w;
  switch (lang) {
    case 'en':
      return foldPlural(w);
    case 'es':
    case 'pt':
    case 'fr':
      if (w.length <= 3) return w;
      if (lang === 'pt') {
        if (w.endsWith('oes') || w.endsWith('aes')) w = w.slice(0, -3) + 'ao';
        else if (w.endsWith('ns')) w = w.slice(0, -2) + 'm';
        else if (w.endsWith('ais')) w = w.slice(0, -3) + 'al';
      }
      // the elided article is part of the written word, not of what it names: "l'Allemagne" is
      // "Allemagne" (the display keeps what was written)
      if (lang === 'fr' && FR_ELIDED_ARTICLE.test(w)) w = w.slice(2);
      if (lang === 'fr' && w.endsWith('aux') && w.length > 4) w = w.slice(0, -3) + 'al';
      if (w.endsWith('s') || (lang === 'fr' && w.endsWith('x'))) w = w.slice(0, -1);
      if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
      return w;
    case 'it':
      return w.length > 3 && /[aeio]$/.test(w) ? w.slice(0, -1) : w;
    case 'de':
    case 'nl':
      if (w.length > 5 && w.endsWith('en')) return w.slice(0, -2);
      if (w.length > 4 && /[ens]$/.test(w)) return w.slice(0, -1);
      return w;
    default:
      return w;
  }
}

// ---------------------------------------------------------------- detection

const VOTE_WORDS = /[\p{L}']+/gu;
/** How much text the detector reads: the start of a document says what language it is in. */
const SAMPLE_CHARS = 600;
/** The least text (in letters) the trigram detector is asked about. */
const TRIGRAM_LETTERS = 100;
/**
 * Links, e-mail addresses and @handles are in no language: their "www", "com" or "https" would vote
 * (Portuguese "com", "with") for whatever list holds them, and YouTube descriptions are full of them.
 * Each form starts only where its run of characters starts, and an address's parts hold no "@" (as
 * tokens.ts's links): tried from every character of a long run ("@a@a@a…"), an address read the
 * whole run each time, and one description of 5,000 characters took ten seconds.
 */
const NO_LANGUAGE =
  /\b(?:https?:\/\/|www\.)\S+|(?<!\S)[^\s@]+@[^\s@]+\.\S+|@[\p{L}\p{N}_.]+|(?<![\w-]|[\w-]\.)[\w-]+(?:\.[\w-]+)+\/\S*|(?<![\w-]|[\w-]\.)[\w-]+(?:\.[\w-]+)*\.(?:com|net|org)\b/giu;

/**
 * Votes of the stopwords in a text: each function word votes for the languages whose list has it,
 * shared words count less ("de" is Spanish, French and Portuguese). Returns the leader when it is
 * clear (at least `least` votes, 2 unless told, and twice the runner-up), else null.
 */
export function voteLanguage(raw: string, least = 2): Lang | null {
  const text = raw.replace(NO_LANGUAGE, ' ');
  const votes = new Float64Array(DEFS.length);
  VOTE_WORDS.lastIndex = 0;
  let n = 0;
  let hits = 0;
  for (
    let m = VOTE_WORDS.exec(text);
    m !== null && n < 120 && hits < 16;
    m = VOTE_WORDS.exec(text), n++
  ) {
    const low = m[0].toLowerCase();
    const mask = stopMasks().get(low) ?? (EN_INFORMAL.has(low) ? EN_BIT : 0);
    if (!mask) continue;
    hits++;
    let bits = 0;
    for (let x = mask; x; x &= x - 1) bits++;
    for (let i = 0; i < DEFS.length; i++) if (mask & (1 << i)) votes[i]! += 1 / bits;
  }
  let best = -1;
  let second = 0;
  for (let i = 0; i < DEFS.length; i++) {
    if (best < 0 || votes[i]! > votes[best]!) {
      if (best >= 0) second = Math.max(second, votes[best]!);
      best = i;
    } else second = Math.max(second, votes[i]!);
  }
  return best >= 0 && votes[best]! >= least && votes[best]! >= 2 * second ? DEFS[best]!.code : null;
}

/**
 * Each line of a text once: a description that opens with its video's title says the title twice,
 * which is no more evidence of its language than saying it once.
 */
function distinctLines(text: string): string {
  if (!text.includes('\n')) return text;
  return [...new Set(text.split('\n').map((line) => line.trim()))].join('\n');
}

/**
 * The language of a text, or null when it cannot be told (too short, or no language we read). A
 * clear vote of stopwords decides at once; on a text of under 100 letters, a vote against the
 * language `expected` of it (the campaign's), when one is given, needs a third function word.
 * Otherwise franc's trigram profiles decide, limited to the languages above, on texts of at least
 * 100 letters.
 */
export function detectLanguage(raw: string, expected?: Lang): Lang | null {
  const text = distinctLines(raw).replace(NO_LANGUAGE, ' ');
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const short = (sample.match(/\p{L}/gu)?.length ?? 0) < TRIGRAM_LETTERS;
  const voted = voteLanguage(sample);
  // on a title alone, two function words do not outweigh the language expected of it: "Huawei
  // Mate 10 Pro : TEST COMPLET et AVIS" votes Czech ("pro", "et"), "Aisi Hai Tanhai" Italian;
  // "Qué hacer en Madrid con poco dinero" has three, and reads Spanish
  if (voted && short && expected !== undefined && voted !== expected)
    return voteLanguage(sample, 3);
  if (voted) return voted;
  // trigrams need text: on a title alone they confuse languages ("Winter van life: diesel heater" reads German)
  if (short) return null;
  const code = languageDetection().franc(sample, { only: FRANC_ONLY, minLength: TRIGRAM_LETTERS });
  return ISO3.get(code) ?? null;
}
