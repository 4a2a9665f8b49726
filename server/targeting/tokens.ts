/**
 * Low-level tokenisation shared by the targeting generator, the taxonomy index and the text helpers.
 * No state beyond a word cache, no clock: the same text in the same language always gives the same
 * tokens.
 *
 * A text is split into *segments*: runs of words with nothing but spaces between them. Punctuation,
 * line breaks, URLs, e-mail addresses, @mentions, timestamps and emoji end a segment, so no phrase
 * ever spans them. Phrases (up to 10 words, the ad platforms' limit) are then taken inside segments
 * only, never start or end with a function word of the text's language (lang.ts), hold other
 * function words only as connectors ("leave no trace", "Tour du Mont Blanc"), and need at least one
 * word that carries meaning (not a stopword, a number or a generic "weak" word like "video").
 */
import {
  isConnector,
  isCoordinator,
  isDeterminer,
  isFrenchStopwordUnderCapital,
  isNameArticle,
  isOtherScript,
  isParticle,
  isStopword,
  LISTED_NOUNS,
  locutionNouns,
  apostropheSIsGrammar,
  takesArticleApart,
  withoutAccents,
  wordKey,
  type Lang,
} from './lang.ts';

export type { Lang } from './lang.ts';

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
  /** lowercase, accents dropped, plural folded ("shoes" → "shoe", "recetas" → "recet"): what phrases are keyed by */
  key: string;
  kind: number;
  /** may stand between two words inside a phrase ("leave no trace", "cup of coffee") */
  connector: boolean;
  /** an English particle that may end a two-word compound ("pour over", "warm up") */
  particle: boolean;
  /** a coordinating conjunction ("and", "y", "und"): a phrase across one is a list unless it recurs */
  coordinator: boolean;
  /** a preposition that takes some articles written apart ("de" of "de la" beside "du") */
  articleApart: boolean;
  /** English "the" in a text of another language: the article of an English title ("THE PRISON") */
  englishArticle: boolean;
  /** a Romance definite article, which may open a name ("Les Républicains"; lang.ts) */
  nameArticle: boolean;
  /** an article, determiner or object pronoun: what follows a verb more than a noun */
  determiner: boolean;
  /** written with a capital first letter (a German noun) */
  upper: boolean;
  /** an English past tense or participle ("tested", "sponsored"): no keyword on its own */
  past: boolean;
  /** written with a capital: "Salomon", "iPhone", "PCT" */
  cap: boolean;
  /** capitalisation says nothing: numbers and words starting with a digit ("50K", "3rd") */
  caseless: boolean;
  /** signals buying intent ("review", "vs", "price") */
  intent: boolean;
  /** may end a phrase: every word but weak modifiers ("great", "cheaper", "watched") */
  tailOk: boolean;
  /** a noun written almost only inside a locution ("propos" of "à propos de"): it opens no phrase */
  locution: boolean;
}

export interface Segment {
  words: WordInfo[];
  /** per word: whether its capitalisation tells something (not sentence-initial, not in a Title Case line) */
  informative: boolean[];
  /** a hashtag ("#TrailRunning"): a label its writer chose, like a tag */
  hashtag?: boolean;
}

/**
 * Words that may be part of a phrase ("day hike", "first thru hike", "video editing") but never make
 * one on their own: the platform's own vocabulary, generic praise, time words, counts. These are no
 * stopword lists (those come from a package, see lang.ts) but words of video pages in particular.
 */
// prettier-ignore
const WEAK_LIST = [
  "video","videos","vid","vids","channel","channels","subscribe","subscribed","subscriber","subscribers","sub","subs","like","likes","liked","comment","comments","commented","watch","watched","watching","watcher","viewer","viewers","views","view",
  "love","loved","loving","loves","great","good","nice","awesome","amazing","cool","best","better","favorite","favourite","fav","helpful","useful","interesting","beautiful","incredible","fantastic","excellent","perfect","wonderful","brilliant","gorgeous","stunning","epic","insane","crazy","wow","fun","enjoy","enjoyed","enjoying",
  "bunch","actual","thumb","thumbs","available","disponible","disponibles","disponível","verfügbar","erhältlich","thanks","thank","thx","ty","cheers","hi","hello","hey","welcome","guys","folks","friend","friends","people","person",
  // a release's announcement ("new single out now", "preorder the album"): the music platforms' own words
  "album","albums","single","singles","download","downloads","stream","streaming","preorder",
  // an upload's quality label ("full HD", "HQ"): how it was encoded, as "video" is what it is
  "hd","uhd","hq",
  "content","creator","episode","part","series","intro","outro","timestamp","timestamps","chapter","chapters","link","links","description","click","check","checking","share","follow","join","support","supporting","sponsor","sponsored","affiliate","commission","merch","newsletter","patreon","instagram","facebook","twitter","tiktok","youtube","discord","snapchat","twitch","spotify","itunes","soundcloud","pinterest","tumblr","reddit","linkedin","whatsapp","vimeo","insta","notif","notifs","notification","notifications","likez","partagez","email","enquiries","inquiries","contact","website","blog","post","posted","upload","uploaded","uploads","http","https","www","com",
  "new","old","first","second","third","last","next","latest","recent","today","tonight","tomorrow","yesterday","time","times","day","days","week","weeks","weekend","month","months","year","years","hour","hours","minute","minutes","moment","morning","evening","night","forever","recently",
  "one","two","three","four","five","six","seven","eight","nine","ten","hundred","thousand","half","couple","ton","tons",
  "uno","dos","tres","cuatro","cinco","seis","siete","ocho","nueve","diez","dois","duas","três","quatro","sete","oito","nove","dez","deux","trois","quatre","cinq","sept","huit","neuf","dix","zwei","drei","vier","fünf","sechs","sieben","acht","neun","zehn",
  "big","small","little","long","short","high","low","right","left","real","whole","full","huge","tiny","easy","hard","simple","different","important","happy","glad","excited","sad","honest","super","true","bad","worse","worst","wrong","free",
  "start","started","starting","stop","stopped","help","helped","helps","learn","learned","learnt","show","showed","shows","shown","explain","explained","explains","talk","talking","talked","ask","asked","question","questions","answer","answers","idea","ideas","reason","point","fact","example","problem","issue","case","side","top","end","rest","type","version","level","number","place","area","update","updated",
  "recommend","recommended","recommendation","suggest","suggestion","agree","agreed","absolutely","seriously","especially",
  "world","life","home","save","saved","saving","saves","buy","buying","bought","switch","switched","change","changed","ran","walked","happen","happened","turn","turned","wait","waiting","waited","hope","hoping","live","living","lived","remember","forgot","forget","worth","plus","far","quick","quickly","slow","slowly","fast","cheaper","expensive","pricey","back","off","work","works","worked","working","nothing","alot","man","girl","guy","lady","mate","bro","dude","buddy",
  // the same kinds of words in the other languages with taxonomy cues
  "vídeo","vídeos","canal","canales","suscríbete","suscribirse","suscriptores","comentario","comentarios","enlace","enlaces","descripción","hoy","mañana","día","días","hora","minuto","minutos","año","años","vez","veces","cosa","cosas","gracias","hola","saludos","bienvenido","bienvenida","bienvenidos","bienvenidas","gente","amigos","episodio","semana","mes","meses","primer","primera","nuevo","nueva","mejor","mejores","bueno","buena","gran","genial","increíble",
  "kanal","abonnieren","abo","kommentar","kommentare","beschreibung","heute","gestern","tag","tage","stunde","stunden","minuten","woche","wochen","monat","monate","folge","teil","danke","hallo","willkommen","leute","freunde","einfach","wirklich","toll","schön","mega","neues","tipps",
  "vidéo","vidéos","chaîne","abonnez","abonne","abonnés","commentaire","commentaires","lien","liens","aujourd'hui","hier","demain","jour","jours","heure","heures","ans","année","années","fois","chose","choses","merci","salut","bonjour","bienvenue","gens","amis","épisode","semaine","mois","premier","première","nouveau","nouvelle","meilleur","meilleure","génial","vraiment","trop",
  "inscreva","inscrever","inscritos","comentário","comentários","descrição","hoje","amanhã","dia","dias","ano","anos","vezes","coisa","coisas","obrigado","obrigada","olá","galera","pessoal","episódio","mês","meses","primeiro","novo","nova","melhor","melhores","bom","boa","legal","incrível",
];

/**
 * Weak words of one language only, as the list above has for English: praise, the verbs any video
 * uses, sign-offs. Kept apart because they are other words elsewhere ("changer" in "game changer",
 * "ensemble" in "jazz ensemble", "Dale", "Mira"). Sizes and "officiel" are left out: they head
 * names ("Grand Canyon", "Petit Bateau", "Bon Appétit").
 */
const WEAK_BY_LANG: Partial<Record<Lang, ReadonlySet<string>>> = {
  // prettier-ignore
  fr: new Set([
    "drôle","sympa","incroyable","énorme","dingue","partout","toujours","ensemble","maintenant",
    "regarder","voir","aller","faire","dire","prendre","mettre","connaître","savoir","perdre","trouver","donner","venir","partir","rester","aimer","vouloir","pouvoir","devoir","commencer","essayer",
    "montrer","parler","expliquer","découvrir","retrouver","suivre","partager","utiliser","changer","arriver","attendre","laisser","passer","penser","croire","sortir","revenir","apprendre","comprendre",
    "présenter","rejoindre","cliquer","soutenir","profiter","découvrez","retrouvez","rejoignez","profitez","réservez","cliquez","suivez","partagez","regardez","venez","allez","laissez",
    // the same calls said to one viewer ("Retrouve-moi sur", "Regarde ensuite tes résultats")
    "retrouve","découvre","rejoins","profite","regarde","viens",
    "pote","potes","bisous","coucou",
    // "en direct": live, as English "live" is weak
    "direct",
    // the platform's "content"
    "contenu","contenus",
    // a series' parts, as English "part" and "chapter": "partie 02" says where in it, not what
    "partie","parties","chapitre","chapitres",
  ]),
  // prettier-ignore
  es: new Set([
    "divertido","divertida","increíbles","súper",
    "ver","ir","hacer","decir","tomar","poner","conocer","saber","perder","encontrar","dar","venir","salir","quedar","querer","poder","deber","empezar","intentar","mostrar","hablar","explicar",
    "descubrir","seguir","compartir","usar","cambiar","llegar","esperar","dejar","pasar","pensar","creer","aprender","entender","presentar","ayudar","mirar","descubre","comparte","mira","dale",
    "besos","abrazos","chicos",
    // the like button's "Me gusta": "dale me gusta", "si te gustó el video"
    "gusta","gustó",
    // "en vivo", "en directo": live
    "vivo","directo",
    // a series' parts: "parte 2", "capítulo 3" ("temporada", a season, is a season of the year too)
    "parte","partes","capítulo","capítulos",
    // the platform's "content"
    "contenido","contenidos",
  ]),
};

/**
 * Words of the list above, as written or without their accents (weakSpelling), that another
 * language spells alike as a noun of its own: French "couple" ("dispute de couple", "vie de
 * couple"), not English "a couple of"; the Spanish and Portuguese drink "mate", not English "mate";
 * Spanish "ola" (a wave), not Portuguese "olá"; "marco" (a frame, a landmark), not Portuguese "março".
 */
const CONTENT_BY_LANG: Partial<Record<Lang, ReadonlySet<string>>> = {
  fr: new Set(['couple', 'couples']),
  es: new Set(['mate', 'ola', 'olas', 'marco', 'marcos']),
  pt: new Set(['mate', 'marco', 'marcos']),
  it: new Set(['marco']),
};

/** Weak words that are nouns and so may end a phrase ("van life", "pour over", "gps watch", "personal best"). */
// prettier-ignore
const TAIL_OK_LIST = [
  "video","videos","vid","vids","channel","channels","subscriber","subscribers","comment","comments","watch","watcher","viewer","viewers","view","views",
  "friend","friends","people","person","content","creator","episode","part","series","intro","outro","chapter","chapters","link","links","description",
  "sponsor","affiliate","commission","merch","newsletter","email","contact","website","blog","post","upload","uploads","time","times","day","days","week",
  "weeks","weekend","month","months","year","years","hour","hours","minute","minutes","moment","morning","evening","night","idea","ideas","reason","point",
  "fact","example","problem","issue","case","side","top","end","rest","type","version","level","number","place","area","update","question","questions",
  "answer","answers","world","life","home","work","fun","start","stop","help","show","best","plus","change","switch","turn","live","worth","free",
  "vídeo","vídeos","canal","canales","día","días","año","años","semana","mes","meses","episodio","tag","tage","woche","wochen","folge","teil","tipps",
  "vidéo","vidéos","chaîne","jour","jours","année","années","semaine","mois","épisode","dia","dias","ano","anos","mês","episódio",
  "partie","parties","chapitre","chapitres","parte","partes","capítulo","capítulos",
];

/** Words that signal buying intent; documents with them weigh more for in-market segments. */
// prettier-ignore
const INTENT_LIST = ["review","reviews","reviewed","vs","versus","buy","buying","bought","purchase","price","prices","priced","cost","costs","deal","deals","discount","sale","worth","budget","cheap","cheapest","affordable","upgrade","upgraded","comparison","compare","compared","recommend","recommendation","unboxing","gear","kit","setup","shopping","shop","order","ordered","best",
  "comprar","precio","precios","barato","oferta","reseña","análisis","mejor","kaufen","preis","preise","günstig","test","vergleich","acheter","prix","pas cher","avis","comparatif","comprar","preço","barato","análise","review"];

/**
 * Days, months and time zones: a date or an airing time ("December 15", "vendredi 17 novembre",
 * "5pm EST") says when, not what about. Nouns, so they may end a phrase ("black friday", "mardi
 * gras"); never a keyword on their own or with numbers alone. Left out: months that are also names
 * or other words in some language ("March", "June", "August", "Mars", "mayo", Rio de "Janeiro"),
 * and Portuguese weekdays ("segunda", "quinta": ordinals too).
 */
// prettier-ignore
const CALENDAR_LIST = [
  "monday","tuesday","wednesday","thursday","friday","saturday","sunday",
  "january","february","april","july","september","october","november","december",
  // the short forms of a date ("Dec 1st", "Nov 15"); "jan", "jun", "mar" are names or words too
  "feb","apr","jul","aug","sep","oct","nov","dec",
  "lundi","mardi","mercredi","jeudi","vendredi","samedi","dimanche","mercredis","dimanches","samedis","lundis","vendredis",
  "janvier","février","avril","juin","juillet","août","septembre","octobre","novembre","décembre",
  "lunes","miércoles","jueves","viernes","sábado",
  "enero","febrero","marzo","abril","junio","julio","agosto","septiembre","octubre","noviembre","diciembre",
  "montag","dienstag","mittwoch","donnerstag","freitag","samstag","sonntag",
  "januar","februar","märz","juni","juli","oktober","dezember",
  "fevereiro","março","maio","junho","julho","setembro","outubro","novembro","dezembro",
  "pm","est","pst","cst","edt","pdt","cdt","gmt","utc","cet","cest",
];

export const WEAK_WORDS: ReadonlySet<string> = new Set([...WEAK_LIST, ...CALENDAR_LIST]);

/**
 * The listed spelling of a weak word of the language, or null. YouTube text often drops accents
 * ("increible", "premiere", "decouvrir") as an ad platform's matching does, so outside English a
 * word written without them is the weak word they spell. English keeps its own accent-free words
 * ("premiere", "resume").
 */
const unaccentedWeak = new Map<Lang, ReadonlyMap<string, string>>();
function weakSpelling(low: string, lang: Lang): string | null {
  if (WEAK_WORDS.has(low) && !CONTENT_BY_LANG[lang]?.has(low)) return low;
  if (WEAK_BY_LANG[lang]?.has(low) || LISTED_NOUNS[lang]?.has(low) || locutionNouns(lang).has(low))
    return low;
  if (lang === 'en' || NON_ASCII.test(low)) return null;
  let plain = unaccentedWeak.get(lang);
  if (plain === undefined) {
    const m = new Map<string, string>();
    const content = CONTENT_BY_LANG[lang];
    const words = [
      ...WEAK_WORDS,
      ...(WEAK_BY_LANG[lang] ?? []),
      ...(LISTED_NOUNS[lang] ?? []),
      ...locutionNouns(lang),
    ];
    for (const w of words) {
      const plainW = withoutAccents(w);
      if (NON_ASCII.test(w) && !content?.has(w) && !content?.has(plainW)) m.set(plainW, w);
    }
    unaccentedWeak.set(lang, (plain = m));
  }
  return plain.get(low) ?? null;
}
const TAIL_OK: ReadonlySet<string> = new Set([...TAIL_OK_LIST, ...CALENDAR_LIST]);
const INTENT: ReadonlySet<string> = new Set(INTENT_LIST);

const NUMBER_RE = /^[0-9]+(?:[.,][0-9]+)*$/;
/**
 * An English ordinal ("Dec 1st", "the 19th"): a date's number. French ones head names as often
 * ("8e tour", "16e de finale"), so they stay words.
 */
const ORDINAL_RE = /^[0-9]+(?:st|nd|rd|th)$/;
/** a season or an episode of a series ("S10", "S02E05", "EP10"): its number, as a part's is */
const EPISODE_RE = /^(?:s[0-9]{1,2}(?:e[0-9]{1,3})?|ep[0-9]{1,3})$/;
/** a time of day ("11am", "5pm", "17h", "08h15"): a number, as a date's are */
const TIME_RE = /^[0-9]{1,2}(?:[.:h][0-9]{2})?(?:am|pm|h)?$/;
const HAS_UPPER = /\p{Lu}/u;
const STARTS_UPPER = /^\p{Lu}/u;
const HAS_LETTER = /\p{L}/u;
/**
 * A letter typed four times or more in a row ("uuuuuultra", "partiiiiii"): a voice stretched in
 * writing, which nobody types in a search. No word of the supported languages doubles a letter
 * more than three times (German "Schifffahrt").
 */
const ELONGATED = /(\p{L})\1{3}/u;
const STARTS_DIGIT = /^\p{N}/u;
/** an English past participle or past tense ("tested", "sponsored") */
const EN_PAST = /[^e]ed$/;
/**
 * English irregular past tenses that are no other word ("dinner table shook", "presenters stood",
 * "bill gates paid"); "met", "stole", "felt", "fell", "left", "lost", "rose", "saw" are nouns or
 * adjectives too ("the Met", "fell running").
 */
// prettier-ignore
const EN_IRREGULAR_PAST = new Set([
  'shook', 'stood', 'spoke', 'said', 'went', 'took', 'came', 'knew', 'gave', 'thought', 'told', 'became', 'brought', 'began',
  'kept', 'wrote', 'heard', 'meant', 'paid', 'understood', 'bought', 'chose', 'sought', 'threw', 'caught', 'forgot', 'hid',
  'ate', 'drank', 'sang', 'swam', 'flew', 'rode', 'woke', 'froze', 'fought', 'taught', 'slept',
]);

/**
 * A French verb's "vous" form ("visitez", "prenez soin", "retrouvez l'actu"): a call or an
 * address to the viewer, part of no keyword. Written lowercase only: capitalised, it is as often a
 * Spanish surname ("Lopez", "Rodriguez") unless it opens a sentence; French nouns in "-ez" are
 * short ("nez", "rez").
 */
const FR_VOUS_FORM = /^\p{Ll}{3,}ez$/u;

/**
 * An adverb of manner: French makes it of an adjective's feminine and "-ment" ("généralement",
 * "facilement", "complètement"), Spanish, Italian and Portuguese with "-mente" ("rápidamente",
 * "veramente"). It says how, never what, and is part of no keyword ("généralement présentés",
 * "explications éventuellement rationnelles"). French nouns in "-ment" are made of verbs
 * ("changement", "rangement", "gouvernement"), so only the endings of adjectives mark an adverb;
 * the few nouns of a verb that share one are listed. "-mente" ends no noun of eight letters or more
 * but a name ("Clemente").
 */
const FR_MANNER_ADVERB =
  /(?:[aei]lement|[^o]ulement|ellement|iennement|ivement|iquement|ilement|idement|eusement|ièrement|airement|ètement|èrement|ablement|iblement|ctement|ainement|[uû]rement|uitement|einement|êmement|amment|emment|[^l]ément|ûment)$/u;
// prettier-ignore
const FR_NOUNS_LIKE_ADVERBS = new Set([
  'signalement', 'étalement', 'emballement', 'ravalement', 'renouvellement', 'ruissellement', 'nivellement',
  'morcellement', 'amoncellement', 'ensorcellement', 'défilement', 'agrément', 'ensablement', 'accablement',
  'écœurement', 'ébruitement',
]);
/** Common French adverbs of manner no adjective's ending marks: "rarement", "autrement", "franchement". */
// prettier-ignore
const FR_ADVERBS = new Set([
  'rarement', 'autrement', 'justement', 'gravement', 'franchement', 'grandement', 'infiniment', 'grièvement', 'brièvement',
  'honnêtement', 'fortement', 'largement', 'lentement', 'longuement', 'doucement', 'fidèlement', 'parallèlement',
  'gentiment', 'joliment', 'poliment', 'absolument', 'résolument', 'aveuglément', 'sauvagement', 'tranquillement',
]);
const ROMANCE_MANNER_ADVERB = /^\p{L}{3,}mente$/u;
/**
 * English adverbs by the endings only adverbs have ("reportedly", "officially", "uncontrollably",
 * "seriously", "effectively", "surprisingly"): a keyword holds none ("reportedly deciding", "meek
 * lawyers officially"). Nouns and adjectives in "-ly" end otherwise ("family", "daily", "friendly",
 * "assembly", "rally").
 */
const EN_MANNER_ADVERB =
  /^\p{L}{3,}(?:ically|[^lr]ally|edly|ably|ibly|ously|ively|fully|lessly|ently|antly|ingly|ately)$/u;
function isMannerAdverb(low: string, lang: Lang): boolean {
  if (lang === 'en') return EN_MANNER_ADVERB.test(low);
  if (lang === 'fr')
    return FR_ADVERBS.has(low) || (FR_MANNER_ADVERB.test(low) && !FR_NOUNS_LIKE_ADVERBS.has(low));
  if (lang === 'es' || lang === 'it' || lang === 'pt')
    return ROMANCE_MANNER_ADVERB.test(low) && low !== 'clemente';
  return false;
}

/**
 * A verb in the future's third person plural, or Spanish's other future persons: "tenteront",
 * "dévoileront", "darán", "jugaremos". What people will do is part of no keyword ("darán pena"),
 * and no noun ends so (Portuguese "-rão" is left alone: "verão" is summer).
 */
const FUTURE_VERB: Partial<Record<Lang, RegExp>> = {
  fr: /^\p{Ll}{2,}(?:eront|iront|dront)$/u,
  es: /^\p{Ll}+[aeií]r(?:án|ás|emos|éis)$/u,
};

/**
 * The French future's third person singular, and both third persons of its irregular stems,
 * written in small letters: "fonctionnera", "rendra", "finira", "pourra", "verront", "saura"
 * ("boss fonctionnera", "centre ville pourra" name nothing). Names end so too ("Samira", "Sandra",
 * "Carlos Saura"), written with their capital, and a few nouns, listed (a plant, "monstera").
 */
const FR_FUTURE =
  /^(?:\p{Ll}{3,}(?:era|ira|dra)|(?:pou|ve|enve|cou|mou)rr(?:a|ont)|(?:saur|devr)(?:a|ont))$/u;
// prettier-ignore
const FR_NOUNS_LIKE_FUTURE = new Set([
  'camera', 'caldera', 'chimera', 'ephemera', 'monstera', 'riviera', 'sclera', 'tempera', 'toundra',
]);
function isFrenchFuture(orig: string, low: string, lang: Lang): boolean {
  return lang === 'fr' && orig === low && FR_FUTURE.test(low) && !FR_NOUNS_LIKE_FUTURE.has(low);
}

/**
 * The present of French "venir" and "tenir" and the verbs made of them ("devient", "revient",
 * "appartient", "obtiennent", "viens"): they say what happens to a thing, as any verb, and their forms
 * are a closed set, so they are no part of a keyword ("policier devient", "raiponce appartient"). No
 * noun shares them but "entretiens" (interviews) and "soutiens", whose first and second persons are
 * left alone; "patient" and "quotient" take no prefix of the list.
 */
const FR_VENIR_TENIR =
  /^(?:(?:re|de|con|ob|sou|appar|main|dé|entre|ad|pré|pro|sur|inter|par|circon|sub)?(?:vien|tien)(?:t|nent)|(?:re|de)?(?:vien|tien)s)$/u;
/**
 * The present and the imperfect of the commonest irregular French verbs (dire, savoir, vouloir,
 * devoir, pouvoir, prendre, croire, voir, mettre, faire, venir, aller, falloir) and aller's future,
 * where the stopword lists miss them: "dis", "veut", "prends", "allait", "voulait" ("travail
 * allait détruire", "voulait imposer tout" were keywords). A closed set; forms a noun shares
 * ("mets", "vis", "lit", "part", "sort", "bois", "sens") are left out, and "ira" (IRA).
 */
// prettier-ignore
const FR_IRREGULAR_PRESENT = new Set([
  'dis', 'disent', 'sais', 'savent', 'veux', 'veut', 'veulent', 'dois', 'doivent', 'prends', 'prend', 'prennent',
  'crois', 'croit', 'croient', 'vois', 'voit', 'voient', 'met', 'mettent',
  'disait', 'disaient', 'savait', 'savaient', 'voulait', 'voulaient', 'devait', 'devaient', 'pouvait', 'pouvaient',
  'prenait', 'prenaient', 'croyait', 'croyaient', 'voyait', 'voyaient', 'mettait', 'mettaient', 'faisait',
  'faisaient', 'venait', 'venaient', 'allait', 'allaient', 'fallait', 'irai', 'irons', 'iront',
]);

/**
 * "Of course" says "certainly": its "course" is then no noun ("and, of course, Jimmy's Thank You
 * Notes" gave "course"). Elsewhere it stays one ("golf course", "a course in French").
 */
const isOfCourse = (before: string, word: string) => word === 'course' && before === 'of';

/**
 * The letters that are words of a language on their own: "a", "I", "à", "y", "e", "o", "é". The
 * stopword lists hold every letter of the alphabet besides, which are no words.
 */
const LETTER_WORDS: Partial<Record<Lang, string>> = {
  en: 'ai',
  fr: 'aày',
  es: 'aeouy',
  pt: 'aàeéo',
  it: 'aeèio',
  nl: 'u',
};

/**
 * A capital letter alone that is no word of the text's language (nor English, which every text
 * mixes in) designates, as a number does: "iPhone X", "The X Factor", "Monsta X", "Plan B".
 */
function isDesignator(orig: string, lang: Lang): boolean {
  if (orig.length !== 1 || !STARTS_UPPER.test(orig)) return false;
  const low = orig.toLowerCase();
  return !LETTER_WORDS[lang]?.includes(low) && !LETTER_WORDS.en!.includes(low);
}

/** "kitten vs laser": a comparison joins two phrases, it is part of neither */
const VERSUS = new Set(['vs', 'versus', 'contra']);
/** "Tip Toe feat. French Montana": a credit joins a work and its guest, it is part of neither */
const FEATURING = new Set(['ft', 'feat', 'featuring']);
/**
 * "le clip de Salif intitulé Mufasa", "a song entitled Havana": the word that gives a work its title
 * joins the work and its name, and is part of neither ("salif intitulé mufasa" was a keyword)
 */
// prettier-ignore
const TITLED = new Set([
  'intitulé', 'intitulée', 'intitulés', 'intitulées', 'titled', 'entitled',
  'titulado', 'titulada', 'titulados', 'tituladas', 'intitulado', 'intitulada', 'intitulados', 'intituladas',
]);

/**
 * Units of length, speed and count as written in small letters, as the metric system writes its
 * symbols ("16 x 11 cm", "60 pcs", "6 mm drop"): a measure's unit, no keyword ("cm", "multicolores
 * 50 mm"). In capitals they are names ("CM Punk", "MM Sports"), so these are read here, by their
 * case, and not among lang.ts's units, which are function words however written. Not "km": a race
 * is named by its distance ("5 km", "les 10 km de Paris").
 */
const LOWERCASE_UNITS = new Set(['mm', 'cm', 'pcs', 'mph', 'kmh']);

const wordCaches = new Map<Lang, Map<string, WordInfo>>();
const WORD_CACHE_MAX = 200_000;

/**
 * Classifies a written word in a text of a language (cached per language: vocabularies are small
 * even when corpora are big). German capitalises every noun, so there only capitals inside a word
 * ("iPhone", "DJI") count as the mark of a name.
 */
export function wordInfo(orig: string, lang: Lang = 'en'): WordInfo {
  let cache = wordCaches.get(lang);
  if (cache === undefined) wordCaches.set(lang, (cache = new Map()));
  let info = cache.get(orig);
  if (info) return info;
  let low = orig.toLowerCase();
  let kind: number;
  /** with kind WEAK: the listed spelling of the weak word (the text may drop its accents) */
  let weakAs: string | null = null;
  if (low === '&') {
    info = {
      orig,
      low,
      key: 'and',
      kind: STOP,
      connector: true,
      particle: false,
      coordinator: true,
      articleApart: false,
      englishArticle: false,
      nameArticle: false,
      determiner: false,
      upper: false,
      past: false,
      cap: false,
      caseless: true,
      intent: false,
      tailOk: false,
      locution: false,
    };
    cache.set(orig, info);
    return info;
  }
  if (isDesignator(orig, lang)) kind = NUMBER;
  else if (
    isStopword(low, lang) ||
    VERSUS.has(low) ||
    FEATURING.has(low) ||
    TITLED.has(low) ||
    isDeterminer(low, lang) ||
    (lang === 'fr' &&
      (elidedFunctionWord(low, orig, lang) || isFrenchStopwordUnderCapital(orig, low)))
  )
    kind = STOP;
  else {
    // a possessive's "'s" goes where the language has one; elsewhere only an English
    // contraction's ("it's", "that's" in a French text), which leaves its function word
    if (low.endsWith("'s") && (apostropheSIsGrammar(lang) || isStopword(low.slice(0, -2), lang)))
      low = low.slice(0, -2);
    else if (low.endsWith("'")) low = low.slice(0, -1);
    if (isStopword(low, lang)) kind = STOP;
    else if (
      NUMBER_RE.test(low) ||
      TIME_RE.test(low) ||
      ORDINAL_RE.test(low) ||
      EPISODE_RE.test(low)
    )
      kind = NUMBER;
    else if (low.length === 1) kind = STOP;
    else if (lang === 'fr' && FR_VOUS_FORM.test(orig)) kind = STOP;
    // the modal in small letters ("Bella Hadid may have…"); "May" the month and the name stay
    else if (lang === 'en' && orig === 'may') kind = STOP;
    else if (LOWERCASE_UNITS.has(orig)) kind = STOP;
    else if (
      isMannerAdverb(low, lang) ||
      FUTURE_VERB[lang]?.test(low) ||
      isFrenchFuture(orig, low, lang) ||
      (lang === 'fr' && (FR_VENIR_TENIR.test(low) || FR_IRREGULAR_PRESENT.has(low)))
    )
      kind = STOP;
    else if (!HAS_LETTER.test(low)) kind = NUMBER;
    else if (isOtherScript(low, lang) || ELONGATED.test(low)) kind = STOP;
    // an elided article is no part of the word it is written onto: "l'année" is "année", weak
    else if ((weakAs = weakSpelling(withoutElidedArticle(low, lang), lang)) !== null) kind = WEAK;
    else kind = CONTENT;
  }
  const key = kind === CONTENT ? wordKey(low, lang) : low;
  const inner = orig.length > 1 && HAS_UPPER.test(orig.slice(1));
  info = {
    orig,
    low,
    key,
    kind,
    connector: isConnector(low, lang),
    particle: isParticle(low, lang),
    coordinator: isCoordinator(low, lang),
    articleApart: kind === STOP && takesArticleApart(low, lang),
    englishArticle: lang !== 'en' && low === 'the',
    nameArticle: isNameArticle(low, lang),
    determiner: isDeterminer(low, lang),
    upper: STARTS_UPPER.test(orig),
    past: lang === 'en' && ((low.length >= 5 && EN_PAST.test(low)) || EN_IRREGULAR_PAST.has(low)),
    cap: kind === NUMBER || inner || (lang !== 'de' && STARTS_UPPER.test(orig)),
    caseless: kind === NUMBER || STARTS_DIGIT.test(orig),
    intent: INTENT.has(low),
    tailOk:
      kind === NUMBER ||
      kind === CONTENT ||
      (kind === WEAK && (TAIL_OK.has(weakAs!) || LISTED_NOUNS[lang]?.has(weakAs!) === true)),
    locution: kind === WEAK && locutionNouns(lang).has(weakAs!),
  };
  if (cache.size >= WORD_CACHE_MAX) cache.clear();
  cache.set(orig, info);
  return info;
}

/**
 * French elides a pronoun, a negation or a conjunction before a vowel: "c'est", "j'ai", "n'est",
 * "qu'il", "s'il". What follows such a prefix is a verb or another function word, never the start
 * of a noun phrase, so the word is a function word ("c'est canteloup" is no keyword). An article or
 * preposition ("l'", "d'") before a function word is one too ("d'un", "l'on"); before a noun it is
 * part of the noun ("l'histoire").
 */
const FR_ELIDED_FUNCTION = /^(?:c|j|m|n|s|t|qu|lorsqu|puisqu|jusqu|quoiqu)'\p{L}/u;
const FR_ELIDED_ARTICLE = /^(?:l|d)'(\p{L}.*)$/u;
function withoutElidedArticle(low: string, lang: Lang): string {
  return lang === 'fr' ? (FR_ELIDED_ARTICLE.exec(low)?.[1] ?? low) : low;
}
function elidedFunctionWord(low: string, orig: string, lang: Lang): boolean {
  if (FR_ELIDED_FUNCTION.test(low)) return true;
  const m = FR_ELIDED_ARTICLE.exec(low);
  if (m === null) return false;
  const noun = m[1]!;
  return isStopword(noun, lang) || isFrenchStopwordUnderCapital(orig.slice(-noun.length), noun);
}

/**
 * A keyword as a person types it: French writes the article or "de" onto the noun it comes before
 * ("l'Allemagne", "d'Emmanuel Macron", "l'actu nba"), and the keyword is the noun's ("Allemagne").
 * A capital article belongs to a name ("L'Oréal", "L'Équipe"). Keys already drop it (wordKey).
 */
const FR_LEADING_ELISION = /^[ld]['’](?=\p{L})/u;
export function withoutLeadingElision(text: string, lang: Lang): string {
  return lang === 'fr' ? text.replace(FR_LEADING_ELISION, '') : text;
}

// ---------------------------------------------------------------- cleaning

/** http(s) URLs and bare hosts with a path or a www. prefix */
export const URL_RE = /\b(?:https?:\/\/[^\s<>"'`()[\]{}]+|www\.[^\s<>"'`()[\]{}]+)/gi;
/*
 * The patterns of links and addresses below start a dotted host only where its run of characters
 * starts (after no letter, digit or hyphen, nor after one and a dot): tried from every character of
 * a long run ("a.a.a.a…"), each try read the rest of the run, and a line of 5,000 characters took
 * a second. A try from inside a run finds what the try from its start finds, so they match what
 * they matched (but a host after a label with "_", which no host name has).
 */
/** A link as a description line holds one: a scheme or "www.", or a dotted host with a path. */
export const URLISH = /\b(?:https?:\/\/|www\.)\S+|(?<![\w-]|[\w-]\.)[\w-]+(?:\.[\w-]+)+\/\S*/gi;
/** e-mail addresses */
export const EMAIL_RE = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/**
 * bare domains with a common top-level domain ("shop.example.com", "kit.co/x"), and any dotted host
 * with a path: a shortener's code written without its scheme ("goo.gl/bmXW9J", "po.st/x",
 * "Atlantic.lnk.to/Bright") is a link whatever its top-level domain, and its code no word
 */
const BARE_HOST_RE =
  /(?<![a-z0-9]\.)\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:(?:com|net|org|io|co|uk|de|fr|es|it|nl|eu|us|ca|au|nz|info|biz|shop|store|app|dev|ai|tv|me|ly|gg|example)\b|[a-z]{2,24}(?=\/))(?:\/[^\s<>"'`()[\]{}]*)?\b/gi;
const MENTION_RE = /(?:^|\s)@[\p{L}\p{N}_.-]+/gu;
const TIMESTAMP_RE = /\b\d{1,2}:\d{2}(?::\d{2})?\b/g;
export const HASHTAG_RE = /#([\p{L}\p{N}_]+)/gu;
/** emoji and pictographs, variation selectors, zero-width joiners, keycaps */
const EMOJI_RE = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{200D}\u{20E3}]+/gu;
/**
 * Words with a letter of the phonetic alphabet ("ʇoɯ ǝl", "ɹǝɔɐld"): text written upside down to
 * be looked at, or a transcription; no word of the languages read has one.
 */
const TURNED_RE = /[\p{L}\p{N}]*[\u0250-\u02af\u01dd][\p{L}\p{N}]*/gu;
const HAS_TURNED = /[\u0250-\u02af\u01dd]/u;
const NON_ASCII = /[^\x00-\x7f]/;
const MAYBE_HOST = /[a-z0-9]\.[a-z]{2}/i;
/**
 * A full stop with no space after it, between a lowercase word and a capitalised one
 * ("juntos.Sitio oficial"): a sentence typed without its space, or a line break lost when a
 * description was copied. A host, a file or an abbreviation does not look so ("Amazon.com",
 * "node.js", "U.S.", "O.J."): its part after the dot is lowercase, or its part before is one letter.
 */
const MISSING_SPACE_RE = /(\p{Ll}{2})\.(?=\p{Lu}\p{Ll})/gu;
/**
 * An initial glued to a surname ("A.Lacazette", "T.Werner": a line-up or a scorers' list): the
 * name is the surname, as where the space is typed. "U.S.Army" and "J.K.Rowling" join initials.
 */
const GLUED_INITIAL_RE = /(?<![\p{L}\p{N}.])(\p{Lu})\.(?=\p{Lu}\p{Ll}{2,})/gu;

/**
 * Nouns the stopword lists hold ("things", "stuff"), capitalised in running text right after a
 * capitalised word: the end of a name ("the Stranger Things kids", "Weird Stuff"), no function word.
 */
const NAME_NOUN_STOPWORDS: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set(['things', 'thing', 'stuff']),
};
function endsName(before: WordInfo, w: WordInfo, lang: Lang): boolean {
  return (
    w.kind === STOP &&
    w.upper &&
    before.upper &&
    before.kind === CONTENT &&
    NAME_NOUN_STOPWORDS[lang]?.has(w.low) === true
  );
}

/**
 * Prepares a text for tokenising: NFKC, curly apostrophes, and every URL, e-mail, @mention,
 * timestamp, emoji and upside-down word replaced by a hard boundary ("|"). Hashtags are returned
 * separately, split into words ("#TrailRunning" → "trail running"), because they carry no sentence.
 */
export function cleanText(text: string): { text: string; hashtags: string[] } {
  let s = NON_ASCII.test(text)
    ? text.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'")
    : text;
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
  if (NON_ASCII.test(s)) {
    s = s.replace(EMOJI_RE, ' | ');
    if (HAS_TURNED.test(s)) s = s.replace(TURNED_RE, ' | ');
  }
  if (s.includes('.')) s = s.replace(MISSING_SPACE_RE, '$1. ').replace(GLUED_INITIAL_RE, '$1. ');
  return { text: s, hashtags };
}

/** "TrailRunning" → "trail running", "van_life" → "van life", "sub4sub" stays one word. */
export function splitHashtag(tag: string): string {
  // a tag written in CamelCase marks its words, a number among them too ("PitchPerfect3")
  const camel = /\p{Ll}\p{Lu}/u.test(tag);
  return (
    camel ? tag.replace(/(\p{L})(\p{N})/gu, '$1 $2').replace(/(\p{N})(\p{L})/gu, '$1 $2') : tag
  )
    .replace(/_/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .trim();
}

// ---------------------------------------------------------------- tokenising

// a mark inside a stage name ("P!nk", "Ke$ha", "A$AP"); before a capital it ends a sentence ("Wow!Great")
const WORD_RE =
  /[\p{L}\p{N}]+(?:['.&+\u2011][\p{L}\p{N}]+|[!$](?:(?<=\p{L}.)(?=\p{Ll})|(?<=\p{Lu}.)(?=\p{Lu}))\p{L}+)*'?/gu;
const SENTENCE_END = /[.!?:;\n\r•·]/;
/** "N°61", "nº 3": the sign of a number, as "#" is, part of no keyword ("images du foot n"). */
const NUMBER_SIGN = /^n[°º]$/iu;
/**
 * Abbreviated titles written before a name with a full stop that ends no sentence ("Dr. Phil",
 * "St. Louis", "Rep. Jordan", "Mme. Figaro", "Sr. López"). "Jr." and English "Sr." follow a name.
 */
// prettier-ignore
const TITLE_ABBREVIATIONS = new Set(['Dr', 'Mr', 'Mrs', 'Ms', 'St', 'Prof', 'Rep', 'Sen', 'Gov', 'Gen', 'Capt', 'Lt', 'Sgt', 'Col', 'Mme', 'Mlle', 'Pr', 'Ste', 'Gén', 'Sra', 'Srta', 'Dra', 'Sta', 'Sto']);
/** Spanish "Sr." (señor) comes before a name. */
const titleAbbreviation = (word: string, lang: Lang) =>
  TITLE_ABBREVIATIONS.has(word) || (lang === 'es' && word === 'Sr');
/** The full stop after such a title, then the name. */
const TITLE_STOP = /^\.[ \t]+$/;
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
export function segmentText(text: string, mode: CaseMode, lang: Lang = 'en'): Segment[] {
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
    } else if (gap.length && !SPACE_ONLY.test(gap) && !titleBeforeName(gap, m[0])) {
      flushSeg();
      if (SENTENCE_END.test(gap)) {
        closeSentence(flatWords.length);
        sentStart = flatWords.length;
        sentenceStartNext = true;
      }
    }
    // a letter before a full stop is an initial ("Craig T. Nelson"), no designator
    pushWord(
      m[0],
      m[0].length === 1 && text[prevEnd] === '.',
      NUMBER_SIGN.test(text.slice(m.index, prevEnd + 1)),
    );
  }
  closeSentence(flatWords.length);
  flushSeg();
  // copy the sentence-level decisions back into segments
  let k = 0;
  for (const seg of segments) {
    for (let i = 0; i < seg.words.length; i++, k++) {
      seg.informative[i] = flatInf[k]!;
      if (i > 0 && flatInf[k] && endsName(seg.words[i - 1]!, seg.words[i]!, lang))
        seg.words[i] = {
          ...seg.words[i]!,
          kind: CONTENT,
          key: wordKey(seg.words[i]!.low, lang),
          tailOk: true,
        };
    }
  }
  return segments;

  /** Whether the gap is a title's full stop before a name ("Dr. Phil"): no boundary. */
  function titleBeforeName(gap: string, next: string): boolean {
    const before = words[words.length - 1];
    return (
      before !== undefined &&
      TITLE_STOP.test(gap) &&
      STARTS_UPPER.test(next) &&
      titleAbbreviation(before.orig, lang)
    );
  }

  function pushWord(written: string, initial = false, numberSign = false) {
    const orig = written.includes(KEPT_HYPHEN) ? written.replaceAll(KEPT_HYPHEN, '-') : written;
    // "Téléchargez l'application": opening a sentence, a "vous" form is capitalised and still a verb
    let info =
      initial || (sentenceStartNext && lang === 'fr' && FR_VOUS_FORM.test(orig.toLowerCase()))
        ? wordInfo(orig.toLowerCase(), lang)
        : wordInfo(orig, lang);
    if (
      numberSign ||
      (info.kind !== STOP &&
        words.length > 0 &&
        lang === 'en' &&
        isOfCourse(words[words.length - 1]!.low, info.low))
    )
      info = { ...info, kind: STOP, key: info.low, tailOk: false };
    words.push(info);
    const inf = mode === 'text' && !sentenceStartNext;
    informative.push(inf);
    flatWords.push(info);
    flatInf.push(inf);
    sentenceStartNext = false;
  }
}

/** Tokenises raw text: cleanText + segmentText, hashtags as extra segments with no case evidence. */
export function tokenize(text: string, mode: CaseMode = 'text', lang: Lang = 'en'): Segment[] {
  const { text: cleaned, hashtags } = cleanText(text);
  const segs = segmentText(preJoinHyphens(cleaned, lang), mode, lang);
  for (const h of hashtags)
    for (const seg of segmentText(h, 'none', lang)) segs.push({ ...seg, hashtag: true });
  return segs;
}

/** A hyphenated compound, with the elided articles of its parts ("Monclar-d'Agenais"). */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)?)+/gu;
/** A compound of a letter and a word, either way round ("G-Eazy", "Jay-Z"). */
const LETTER_COMPOUND = /^(?:\p{L}-\p{L}{2,}|\p{L}{2,}-\p{L})$/u;
/**
 * French names an event by its date, hyphenated, the month capitalised ("le 13-Novembre", "le
 * 11-Septembre", "le 14-Juillet"), where a date is written "13 novembre": the day's name, one word.
 */
const FRENCH_EVENT_DAY = /^(?:[1-9]|[12][0-9]|3[01])(?:er)?$/;
const FRENCH_MONTHS_CAPITALISED =
  /^(?:Janvier|Février|Mars|Avril|Mai|Juin|Juillet|Août|Septembre|Octobre|Novembre|Décembre)$/u;
/** The non-breaking hyphen: what joins the parts of a compound kept as one word. */
const KEPT_HYPHEN = '\u2011';

/**
 * "thru-hike" and "trail-running" are one phrase: a hyphen between letters becomes a space. A
 * capitalised compound with a function word inside is one word, a name ("Lot-et-Garonne",
 * "Aix-en-Provence", "Monclar-d'Agenais", "Stratford-upon-Avon"): its parts split apart would read
 * as a list across "et", or leave "lot" and "garonne" alone. Lowercase ones stay phrases
 * ("state-of-the-art" says nothing alone), and a function word at the end is a pronoun after its
 * verb ("vaut-il", "sommes-nous"), no compound. A compound with a single letter is one word too
 * ("G-Eazy", "X-Men", "T-shirt", "K-pop"): a letter alone is no word, and "eazy" alone no name.
 */
export function preJoinHyphens(s: string, lang: Lang = 'en'): string {
  if (!s.includes('-')) return s;
  return s.replace(HYPHENATED, (compound) => {
    const parts = compound.split('-');
    const last = parts[parts.length - 1]!;
    const inner = parts.slice(1, -1).some((p) => isStopword(p.toLowerCase(), lang));
    if (
      lang === 'fr' &&
      parts.length === 2 &&
      FRENCH_EVENT_DAY.test(parts[0]!) &&
      FRENCH_MONTHS_CAPITALISED.test(last)
    )
      return parts.join(KEPT_HYPHEN);
    const named = /^\p{Lu}/u.test(parts[0]!) && /^(?:[ldLD]')?\p{Lu}/u.test(last);
    const kept = named && (inner || /^[ld]'/iu.test(last)) && !isStopword(last.toLowerCase(), lang);
    return parts.join(kept || LETTER_COMPOUND.test(compound) ? KEPT_HYPHEN : ' ');
  });
}

// ---------------------------------------------------------------- phrases

/** The ad platforms' limits for a keyword. */
export const MAX_PHRASE_WORDS = 10;
export const MAX_PHRASE_CHARS = 80;

/**
 * Whether words[i..i+n) make a valid phrase: no stopword at either end (but an English particle
 * may end a two-word compound: "pour over", and a phrase may start with the article a name opens
 * with when `opens` says so: an English title's by default, opensName where the caller knows which
 * capitals tell something), the last word one a phrase may end in (no weak modifier), at least one
 * content word (and a lone word no English past tense: "tested"), and a stopword inside only as a
 * connector between two words that are no stopwords ("leave no trace", "grams of carbs", "Tour du
 * Mont Blanc"), a preposition and the article it takes apart counting as one ("fête de la
 * musique": isLinkArticle), at most one connector per two other words.
 */
export function validPhrase(
  words: readonly WordInfo[],
  i: number,
  n: number,
  opens = opensEnglishTitle(words, i),
): boolean {
  const first = words[i]!;
  const last = words[i + n - 1]!;
  if ((first.kind === STOP && !opens) || first.locution) return false;
  if (last.kind === STOP) return n === 2 && last.particle && first.kind === CONTENT;
  if (!last.tailOk) return false;
  if (n === 1) return first.kind === CONTENT && !first.past;
  let content = first.kind === CONTENT || last.kind === CONTENT;
  let stops = 0;
  let articles = 0;
  for (let k = i + 1; k < i + n - 1; k++) {
    const w = words[k]!;
    if (w.kind === STOP) {
      if (!w.connector) return false;
      if (words[k - 1]!.kind === STOP) {
        if (!isLinkArticle(words, k) || k - 2 < i) return false;
        articles++; // one link with its preposition
      } else stops++;
    } else if (w.kind === CONTENT) content = true;
  }
  const m = n - articles;
  if (!content || stops * 2 > m - 1) return false;
  // a connector joins two words that carry meaning: "grams of carbs", not "first of many"
  if (stops > 0 && m === 3 && (first.kind !== CONTENT || last.kind !== CONTENT)) return false;
  return true;
}

/**
 * Whether words[i] is English "The" opening a capitalised title in a text of another language
 * ("THE PRISON Bande Annonce VF", "la finale de The Voice"): an English film's or show's name,
 * which keeps its article ("voice" alone is a word, "The Voice" a show).
 */
export function opensEnglishTitle(words: readonly WordInfo[], i: number): boolean {
  const w = words[i]!;
  const next = words[i + 1];
  return (
    w.englishArticle &&
    w.cap &&
    next !== undefined &&
    next.cap &&
    !next.caseless &&
    (next.kind === CONTENT || next.kind === WEAK)
  );
}

/**
 * Whether words[i] opens a name though a function word: an English title's article in another
 * language, or a Romance article capitalised in running text before a capitalised word ("les
 * sondages de Les Républicains", "l'émission Le Grand Jury"). `inf` says where a capital tells
 * something (not a sentence's first word, not a Title Case line); a word in capitals is no name's
 * article ("REJOIGNEZ LA SOUILLE"), and the word before it is written in small letters.
 */
export function opensName(words: readonly WordInfo[], inf: readonly boolean[], i: number): boolean {
  if (opensEnglishTitle(words, i)) return true;
  const w = words[i]!;
  const next = words[i + 1];
  const before = words[i - 1];
  return (
    w.nameArticle &&
    inf[i] === true &&
    TITLE_CAPITAL.test(w.orig) &&
    next !== undefined &&
    next.kind !== STOP &&
    TITLE_CAPITAL.test(next.orig) &&
    before !== undefined &&
    /\p{Ll}/u.test(before.orig)
  );
}
/** A capital and small letters: "Les", "Républicains", not "LES" nor "les". */
const TITLE_CAPITAL = /^\p{Lu}\p{Ll}/u;

/**
 * Whether words[k] is the article of the preposition before it, written apart where the language
 * writes another joined (lang.ts, takesArticleApart): French "de la" beside "du" ("fête de la
 * musique", "salon du livre"), Spanish "de los" beside "del". With its preposition it is one link
 * of a phrase.
 */
export function isLinkArticle(words: readonly WordInfo[], k: number): boolean {
  const w = words[k]!;
  const prep = words[k - 1];
  const before = words[k - 2];
  return (
    w.kind === STOP &&
    w.connector &&
    w.determiner &&
    prep !== undefined &&
    prep.articleApart &&
    before !== undefined &&
    before.kind !== STOP
  );
}

/**
 * Whether a whole tag (or channel keyword) is a phrase: written as one by a person, it may hold any
 * stopword inside ("dialing in espresso", "bali on a budget"); still no stopword at either end, a
 * word that may end a phrase, at least one content word, at most 10 words.
 */
export function validWhole(words: readonly WordInfo[]): boolean {
  const n = words.length;
  if (n === 0 || n > MAX_PHRASE_WORDS) return false;
  if (n <= 3 && validPhrase(words, 0, n)) return true;
  const first = words[0]!;
  const last = words[n - 1]!;
  if (first.kind === STOP || last.kind === STOP || !last.tailOk) return false;
  return words.some((w) => w.kind === CONTENT);
}

/**
 * Whether a name written whole (a channel's or a show's, as its videos say it) is a phrase: one that
 * holds a content word, whatever function words open or close it ("Les Anges", "C'est Canteloup",
 * "The Young Turks"), or a weak word and the number that tells it from others of its kind ("TOP
 * 14", the rugby league): the number is part of the name, though "top" alone is no keyword.
 */
export function validName(words: readonly WordInfo[]): boolean {
  if (validWhole(words)) return true;
  const n = words.length;
  if (n < 2 || n > MAX_PHRASE_WORDS) return false;
  if (words.some((w) => w.kind === CONTENT)) return true;
  if (words[0]!.kind === STOP || words[n - 1]!.kind === STOP) return false;
  return words.some((w) => w.kind === NUMBER) && words.some((w) => w.kind === WEAK);
}

/**
 * Whether a part of a music title is a phrase: a song or an artist named whole, whose last word
 * may be one no phrase ends in ("Fake Happy") and whose first an article ("The Plan", "Mon
 * Frèro"), as a work is named; not a preposition or a credit's mark ("from Bright", "feat Boostee").
 */
export function validTitlePart(words: readonly WordInfo[]): boolean {
  if (validWhole(words)) return true;
  const n = words.length;
  if (n < 2 || n > MAX_PHRASE_WORDS) return false;
  const first = words[0]!;
  if ((first.kind === STOP && !first.determiner) || words[n - 1]!.kind === STOP) return false;
  return words.some((w) => w.kind === CONTENT);
}

/**
 * Whether the title of a work is a phrase: a song is named with any words ("Too Much To Ask", "Hold
 * Me Tight or Don't"), so it may start and end with function words; at most 10 words, one not a
 * function word.
 */
export function validWork(words: readonly WordInfo[]): boolean {
  return words.length <= MAX_PHRASE_WORDS && words.some((w) => w.kind !== STOP);
}

/** Key of words[i..i+n): the folded words joined by spaces. */
export function phraseKey(words: readonly WordInfo[], i: number, n: number): string {
  if (n === 1) return words[i]!.key;
  if (n === 2) return words[i]!.key + ' ' + words[i + 1]!.key;
  let s = words[i]!.key;
  for (let k = i + 1; k < i + n; k++) s += ' ' + words[k]!.key;
  return s;
}

/** The words of a text of one segment, or null when punctuation splits it. */
function oneSegment(text: string, lang: Lang): WordInfo[] | null {
  const segs = tokenize(text, 'none', lang);
  return segs.length === 1 ? segs[0]!.words : null;
}

/** Key of a free text phrase (a cue, a seed keyword); null when it is not one valid phrase. */
export function keyOf(text: string, lang: Lang = 'en'): string | null {
  const w = oneSegment(text, lang);
  if (!w || w.length < 1 || w.length > MAX_PHRASE_WORDS || !validPhrase(w, 0, w.length))
    return null;
  return phraseKey(w, 0, w.length);
}

/**
 * Key of a name or label written as a whole by a person (a channel's title): like a tag, it may hold
 * any stopword inside ("Road to Saiyan" in a French store); null when it is not one valid whole.
 */
export function wholeKeyOf(text: string, lang: Lang = 'en'): string | null {
  const w = oneSegment(text, lang);
  return w && validWhole(w) ? phraseKey(w, 0, w.length) : null;
}

/** Key of a name written whole (validName: "Les Anges", "TOP 14"), or null when it is none. */
export function nameKeyOf(text: string, lang: Lang = 'en'): string | null {
  const w = oneSegment(text, lang);
  return w && validName(w) ? phraseKey(w, 0, w.length) : null;
}

/** Keys of the content words of a text (objective, seed tags): used for biasing. */
export function contentKeys(text: string, lang: Lang = 'en'): Set<string> {
  const out = new Set<string>();
  for (const seg of tokenize(text, 'none', lang))
    for (const w of seg.words) if (w.kind === CONTENT) out.add(w.key);
  return out;
}
