/**
 * People's names among the names a store's text capitalises. A name of a place or a product
 * ("Colorado Trail", "Salomon Speedcross") is EXACT, as what a search for it types; a person's
 * ("Taylor Swift", "Jean-Luc Lemoine") is not, unless the objective or the brand names it: EXACT on
 * it would serve only on searches of that name alone, and a person in a video is rarely what a
 * campaign is about. A person's name is a given name and one or two more words; the given names
 * below are common ones of the languages with taxonomy cues, and the titles and honorifics written
 * before a family name. A name whose given name is not listed ("Meek Mill", "Vladimir Poutine") is
 * a person's by how the text uses it (NameUses): one of its words alone in the possessive ("Meek's
 * lawyers"), or its last word alone ("Poutine a félicité"), as a person is named after a first
 * mention in full; a role before it ("star Liza Koshy"); "and" with a person's name. A given name
 * or a title alone ("Jennifer", "Dr") is no keyword at all: it names no one in particular. A larger
 * list of given names was weighed and left out: English first-name lists of a few thousand names
 * hold brands and words ("Mercedes", "Ford", "Harley", "Salomon", "Star", "King") that head
 * products' and places' names, and still miss stage names. The roles and the verbs a headline says
 * of a person (HEADLINE_VERBS) also tell where a name ends (name-windows.ts). Pure and
 * deterministic.
 */
import { withoutAccents, type Lang } from './lang.ts';
import { isNameWord } from './phrase.ts';
import { CONTENT, phraseKey, type WordInfo } from './tokens.ts';

/**
 * The given names, accents and all, and as they are written without them: French drops accents
 * on capitals and in handles ("Edouard Philippe", "Gerald", "Emilie").
 */
// prettier-ignore
const GIVEN_NAMES_WRITTEN = [
  // English
  'aaron','adam','alan','albert','alex','alexander','alexis','alice','alicia','allison','amanda','amy','andrea','andrew','andy','angela','anna','anne','annie','anthony','ashley','austin',
  'barbara','ben','benjamin','beth','betty','bill','billy','bob','bobby','brad','bradley','brandon','brenda','brian','brittany','bruce','bruno','bryan','cameron','carl','carol','caroline','carrie','catherine','charles','charlie','chloe','chris','christian','christina','christine','christopher','cindy','claire','courtney','craig',
  'dan','daniel','danny','dave','david','dean','deborah','dennis','derek','diana','donald','doug','douglas','drew','dylan','ed','eddie','edward','elizabeth','ellen','ellie','emily','emma','eric','ethan','eva','evan',
  'frank','gary','gene','george','greg','gregory','hannah','harry','heather','helen','henry','hillary','hugh','ian','jack','jackie','jacob','jake','james','jamie','jane','janet','jason','jay','jeff','jeffrey','jennifer','jenny','jeremy','jerry','jessica','jim','jimmy','joe','joel','john','johnny','jon','jonathan','jordan','joseph','josh','joshua','julia','julie','justin',
  'karen','kate','katie','katy','keith','kelly','ken','kevin','kim','kimberly','kristen','kyle','larry','laura','lauren','leo','liam','lily','linda','lisa','logan','louis','lucy','luke','mark','martha','martin','mary','matt','matthew','megan','melissa','michael','michelle','mike','mitch',
  'nancy','natalie','nathan','nick','nicholas','nicole','noah','oliver','olivia','owen','pamela','patrick','paul','peter','philip','phil','rachel','randy','rebecca','richard','rick','rob','robert','robin','ron','ronald','russell','ryan',
  'sam','samantha','samuel','sandra','sara','sarah','scott','sean','seth','shawn','sophia','sophie','stephanie','stephen','steve','steven','susan','taylor','ted','terry','thomas','tiffany','tim','timothy','tina','todd','tom','tommy','tony','travis','tyler','victoria','vincent','walter','wendy','william','zach','zachary','zoe',
  // French
  'agnès','alain','amélie','andré','antoine','arnaud','aurélie','bernard','brigitte','camille','cédric','céline','christophe','claude','clément','cyril','damien','didier','dominique','élodie','emmanuel','éric','fabien','françois','françoise','frédéric','gérard','gilles','guillaume','hélène','hugo','isabelle','jacques','jean','jérôme','julien','laurent','léa','lucas','manon','marc','marie','marine','mathieu','maxime','michel','nathalie','nicolas','olivier','pascal','patrice','philippe','pierre','quentin','raphaël','rémi','sébastien','sophie','stéphane','sylvie','thierry','thibault','valérie','vincent','yann','yves',
  'adrien','alexandre','arthur','aurélien','axel','baptiste','bastien','benoît','boris','corentin','denis','émile','enzo','étienne','fabrice','florent','franck','gaël','gaëtan','geoffrey','grégory','hervé','jérémy','joël','kévin','loïc','luc','ludovic','marcel','mathis','matthieu','maxence','mickaël','noé','régis','romain','simon','sylvain','théo','timothée','tristan','valentin','victor','xavier','yannick','yoann','yohan',
  'alexandra','amandine','anaïs','audrey','cécile','chloé','clara','coralie','delphine','élise','émilie','estelle','fanny','gaëlle','inès','jeanne','juliette','justine','karine','laetitia','lucie','margaux','marion','mathilde','mélanie','mélissa','morgane','noémie','océane','ophélie','pauline','sabrina','sandrine','séverine','solène','sonia','vanessa','véronique','virginie','zoé',
  'bilal','farid','hamza','ibrahim','kamel','karim','leïla','mehdi','mohamed','mohammed','moussa','nabil','nadia','rachid','samir','sofiane','walid','yanis','yasmine','yassine','youssef',
  'brice','édouard','gaspard','gérald','jules','lionel','roland','agathe','élisabeth','geneviève','jacqueline','louise','margot','monique','patricia','ségolène',
  // Spanish and Portuguese
  'alejandro','ana','andrés','antonio','carlos','carmen','diego','eduardo','fernando','francisco','gabriel','gonzalo','guillermo','ignacio','javier','jesús','joão','jorge','josé','juan','julio','luis','luiz','manuel','marcelo','marcos','maría','mariana','miguel','pablo','pedro','rafael','ricardo','roberto','rodrigo','santiago','sergio','valentina',
  // German and Italian
  'andreas','christoph','florian','giovanni','giuseppe','hans','jan','jürgen','klaus','lukas','marco','markus','matteo','paolo','sabine','stefan','thorsten','uwe','wolfgang',
];
/** Written without its accent, "Jesús" is English's "Jesus", whom a text names as a topic. */
const ACCENT_MARKS_NAME = new Set(['jesús']);
const GIVEN_NAMES = new Set(
  GIVEN_NAMES_WRITTEN.flatMap((n) => (ACCENT_MARKS_NAME.has(n) ? [n] : [n, withoutAccents(n)])),
);

/** Titles written before a person's family name ("President Trump", "Dr Dre"). */
// prettier-ignore
const TITLES = new Set(['mr','mrs','ms','dr','sir','president','président','presidente','senator','coach','madame','monsieur','mme']);

/**
 * What a family or a station calls a person before their name ("Tonton Séne", "Ministre Maal",
 * "Uncle Roger"): it heads a person's name as a title does, but alone it is a word of its own.
 * Not those that also head a brand's or a show's name of common nouns ("Tata Motors", "Mamie
 * Cuisine", "Papi Chulo").
 */
// prettier-ignore
const HONORIFICS = new Set(['uncle','aunt','auntie','tonton','tatie','tantie','tante','minister','ministre','doctor','docteur','professor','professeur','maître','maitre','sheikh','cheikh','imam','abbé','abbe']);

/**
 * A small word inside a family name ("Marc Antoine Le Bret", "Jean Claude Van Damme", "Luis de
 * la Fuente"): with it a person's name runs to four words.
 */
// prettier-ignore
const NAME_PARTICLES = new Set(['le','la','de','du','des','van','von','der','den','da','di','del','della','dos','das','bin','ben','al','el']);

/**
 * Whether a word alone is a given name or a title ("jennifer", "Tom", "Dr"): on its own it names no
 * one in particular, and as a keyword it would reach everyone called so.
 */
export function isGivenNameOrTitle(word: string): boolean {
  const low = word.toLowerCase().replace(/\./g, '');
  const plain = withoutAccents(low);
  return GIVEN_NAMES.has(low) || GIVEN_NAMES.has(plain) || TITLES.has(low) || TITLES.has(plain);
}

/** Whether a word is a given name ("jean", "Luc"), not a title. */
export function isGivenName(word: string): boolean {
  const low = word.toLowerCase();
  return GIVEN_NAMES.has(low) || GIVEN_NAMES.has(withoutAccents(low));
}

/**
 * A name written as French (and much of Europe) writes a person's in lists and credits: the given
 * name capitalised, the family name in capitals ("Soazig QUÉMÉNER", "Jean-Luc MÉLENCHON", "Marine
 * LE PEN"). The family name has a vowel and four letters or more: a model's or a league's letters
 * after a capitalised word are mostly fewer, or none ("Sony XLR", "Bellator MMA", "Team USA").
 */
const FAMILY_NAME_IN_CAPITALS =
  /^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?\s+(?:\p{Lu}{2,3}\s+)?(?:\p{Lu}['’])?(?=\p{Lu}*[AEIOUYÀ-ÖØ-Ý])\p{Lu}{4,}(?:-\p{Lu}{2,})?$/u;

/**
 * Whether a name (as displayed) is a person's: a given name, a title or an honorific, then one or
 * two words, no number (three after two given names or with a particle); or a given name and a
 * family name in capitals.
 */
export function isPersonName(text: string): boolean {
  if (FAMILY_NAME_IN_CAPITALS.test(text)) return true;
  const words = text
    .toLowerCase()
    .replace(/\./g, '')
    .split(/[\s-]+/);
  if (words.length < 2 || words.length > 4 || /\d/.test(text)) return false;
  const first = words[0]!;
  const plain = withoutAccents(first);
  const given = GIVEN_NAMES.has(first) || GIVEN_NAMES.has(plain);
  if (!given && !TITLES.has(first) && !TITLES.has(plain) && !HONORIFICS.has(first)) return false;
  // four words only as a given name's: two given names, or a family name with its particle
  if (words.length < 4) return true;
  return (
    given && (isGivenNameOrTitle(words[1]!) || words.slice(1, 3).some((w) => NAME_PARTICLES.has(w)))
  );
}

/** Whether the words [from, end) of a segment, as written, are a person's name (isPersonName). */
export function isPersonRun(words: readonly WordInfo[], from: number, end: number): boolean {
  return isPersonName(
    words
      .slice(from, end)
      .map((w) => w.orig)
      .join(' '),
  );
}

/** How a store's text uses names: what tells a person's from a product's or a place's. */
export interface NameUses {
  /** words capitalised mid-sentence with an English possessive ("Meek's lawyers", "Merkel's coalition") */
  possessive: Set<string>;
  /** words capitalised mid-sentence with no other name word beside it ("… a félicité Poutine") */
  alone: Set<string>;
  /** keys of whole names said of a person: after a role, or listed with a person's name */
  people: Set<string>;
}

/**
 * What a text calls a person right before their name, in small letters ("YouTube star Liza Koshy",
 * "l'entraîneur Lucien Favre", "el cantante …"): a closed class of jobs that are people's only.
 */
// prettier-ignore
const ROLES_BEFORE_NAME = new Set([
  'star','stars','actor','actors','actress','singer','rapper','comedian','host','coach','player','striker','goalkeeper','quarterback','journalist','youtuber','vlogger','author','writer','director','founder','ceo','senator','governor','congressman','congresswoman','mayor',
  'chairman','chairwoman','editor','anchor','correspondent','reporter','general','commissioner','secretary','spokesman','spokeswoman','spokesperson','procureur','commissaire',
  'ministre','minister','président','présidente','president','acteur','actrice','chanteur','chanteuse','rappeur','rappeuse','humoriste','comédien','comédienne','animateur','animatrice','entraîneur','entraineur','joueur','joueuse','attaquant','gardien','défenseur','journaliste','youtubeur','youtubeuse','chroniqueur','chroniqueuse','réalisateur','réalisatrice','député','députée','maire','sénateur',
  'actriz','cantante','humorista','presentador','presentadora','entrenador','jugador','jugadora','delantero','portero','periodista','directora','alcalde','alcaldesa',
]);

/**
 * Whether a name of two or three words (key and display) is a person's by its use in the store's
 * text: its first or last word is written alone in the possessive, or its last word alone. After a
 * first mention in full a person is named by their family name ("Vladimir Poutine … Poutine"); a
 * product by its brand, its first word ("iPhone X … iPhone"), and rarely by its model's name; a
 * place or a competition with a small word inside ("Coupe de France") is no person's.
 */
export function isPersonByUse(key: string, text: string, uses: NameUses): boolean {
  const words = key.split(' ');
  if (words.length < 2 || words.length > 3 || /\d/.test(text)) return false;
  const last = words[words.length - 1]!;
  if (uses.people.has(key) || uses.possessive.has(words[0]!) || uses.possessive.has(last))
    return true;
  return uses.alone.has(last) && text.split(/\s+/u).every((w) => /^\p{Lu}/u.test(w));
}

/**
 * Adds to `uses` what a segment says of its names. The words it writes alone, capitalised
 * mid-sentence: with an English possessive ("Meek's lawyers"), as a person is what "'s" most often
 * owns, or with no other name word beside it; a word beside another name word is the whole name's
 * ("Meek Mill's"). And the names of two or three words it says are people's: after a role in small
 * letters ("star Liza Koshy"), or joined by "and" to a person's name ("Gaten Matarazzo and Joe
 * Keery"), as a pair is named alike.
 */
export function noteNameUses(
  words: readonly WordInfo[],
  inf: readonly boolean[],
  uses: NameUses,
): void {
  // any capital letter counts beside it, a roman numeral's too: "X Factor", "SOS Milla" are names
  const capital = (w: WordInfo | undefined) => w !== undefined && /^\p{Lu}/u.test(w.orig);
  for (let k = 0; k < words.length; k++) {
    const x = words[k]!;
    if (!inf[k] || !x.cap || x.kind !== CONTENT) continue;
    if (k > 0 && isNameWord(words[k - 1]!)) continue;
    if (/'s$/i.test(x.orig) && !x.low.endsWith("'s")) uses.possessive.add(x.key);
    else if (!capital(words[k - 1]) && !capital(words[k + 1])) uses.alone.add(x.key);
  }
  notePeople(words, inf, uses.people);
}

/**
 * What a headline says a person does, in the present, right after their name ("Denzel Washington
 * Wonders If…", "Harry Styles returns to…", "Thierry Ardisson répond à…"): the name is the keyword,
 * the verb none of it. A closed class of reporting and appearance verbs; forms that are as often a
 * plural noun after a name are left out ("hits", "shows", "stars", "hosts", "reviews", "tours",
 * "tests", "wins"; French "critique", "visite", "rencontre", "cuisine").
 */
// prettier-ignore
const HEADLINE_VERBS: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set([
    'says','asks','reveals','wonders','returns','answers','backs','meets','dishes','speaks','talks','explains','reacts','responds','admits','slams','tells','shares','joins','visits','surprises','performs','sings','confirms','denies','defends','announces','discusses','teases','praises','blasts','recalls','remembers','describes','gets','makes','takes','gives','tries','plays','calls','loses','becomes','leads','accuses','addresses','apologizes','apologises','claims','insists','jokes','laughs','cries','opens','weighs','sits','goes','urges','warns','vows','pushes','presses','mocks','roasts','rips','destroys','unveils','launches','drops','releases','bakes','cooks','eats','tastes','rates','ranks','unboxes','interviews','invites','challenges','imitates','impersonates','breaks','attempts','learns','teaches','hints','fires','quits','leaves','sues','thanks',
  ]),
  fr: new Set([
    'répond','réagit','explique','raconte','dévoile','annonce','révèle','parle','tacle','clashe','présente','confie','évoque','défend','quitte','rejoint','débarque','accuse','dénonce','chante','interprète','imite','reçoit','recadre','craque','pleure','félicite','attaque','remercie','affirme','assure','estime','lance','publie','tente','avoue','répondent','réagissent','expliquent','racontent',
  ]),
  es: new Set([
    'responde','reacciona','explica','cuenta','revela','anuncia','habla','presenta','confiesa','defiende','canta','imita','recibe','llora','felicita','ataca','agradece','afirma','asegura','lanza','publica','prueba','confirma','niega',
  ]),
};

/**
 * Of those, the ones no noun shares in any position: a headline says them after any name, a band's
 * or a one-word stage name's too ("Kesha performs", "Vox explains"). Not "returns" (tax returns),
 * "backs" (running backs), "presses" (bench presses), "dishes", "shares", "talks", "plays", "calls",
 * "leads", "drops", "fires", "leaves"; nor French "annonce" (bande annonce).
 */
// prettier-ignore
const HEADLINE_VERBS_AFTER_ANY_NAME: Partial<Record<Lang, ReadonlySet<string>>> = {
  en: new Set([
    'says','asks','reveals','wonders','answers','speaks','explains','reacts','responds','admits','slams','tells','joins','visits','surprises','performs','sings','confirms','denies','defends','announces','discusses','teases','praises','recalls','remembers','describes','becomes','accuses','apologizes','apologises','insists','urges','warns','vows','mocks','roasts','unveils','unboxes','invites','imitates','impersonates','hints','quits','sues',
  ]),
  fr: new Set([
    'répond','réagit','explique','raconte','dévoile','révèle','parle','tacle','clashe','confie','évoque','quitte','rejoint','débarque','accuse','dénonce','chante','imite','reçoit','recadre','craque','pleure','félicite','remercie','affirme','avoue','publie','assure',
  ]),
  es: new Set([
    'responde','reacciona','explica','revela','habla','confiesa','canta','imita','recibe','llora','felicita','agradece','afirma','asegura','confirma','niega',
  ]),
};

/**
 * Whether a word is a verb a headline says of the name right before it ("reveals", "répond"): any of
 * them after a person's name, those no noun shares after any other.
 */
export function isHeadlineVerb(w: WordInfo, lang: Lang, afterPerson = true): boolean {
  return (afterPerson ? HEADLINE_VERBS : HEADLINE_VERBS_AFTER_ANY_NAME)[lang]?.has(w.low) === true;
}

/** Whether a word is a role in small letters, that a person's name follows ("star", "l'entraîneur"). */
export function isRoleBeforeName(w: WordInfo): boolean {
  return !w.cap && isRole(w);
}

/** Whether a word is a role, however written ("Chairman", "star", "l'entraîneur"). */
export function isRole(w: WordInfo): boolean {
  return ROLES_BEFORE_NAME.has(w.low.replace(ELISION, ''));
}

/** A French article or pronoun elided onto the word: "l'entraîneur". */
const ELISION = /^(?:[cdjlmnst]|qu)['’]/u;

/** The capitalised runs of a segment, as [first, end) word indexes. */
function nameRunsOf(words: readonly WordInfo[], inf: readonly boolean[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let k = 0; k < words.length;) {
    if (!inf[k] || !isNameWord(words[k]!)) {
      k++;
      continue;
    }
    let end = k + 1;
    while (end < words.length && inf[end] && isNameWord(words[end]!)) end++;
    runs.push([k, end]);
    k = end;
  }
  return runs;
}

function notePeople(words: readonly WordInfo[], inf: readonly boolean[], into: Set<string>): void {
  const runs = nameRunsOf(words, inf).filter(([a, b]) => b - a >= 2 && b - a <= 3);
  const keyOfRun = ([a, b]: [number, number]) => phraseKey(words, a, b - a);
  for (const [i, run] of runs.entries()) {
    if (run[0] > 0 && isRoleBeforeName(words[run[0] - 1]!)) into.add(keyOfRun(run));
    const next = runs[i + 1];
    if (next === undefined || next[0] !== run[1] + 1 || !words[run[1]]!.coordinator) continue;
    if (isPersonRun(words, ...next)) into.add(keyOfRun(run));
    if (isPersonRun(words, ...run)) into.add(keyOfRun(next));
  }
}
