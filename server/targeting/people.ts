/**
 * People's names among the names a store's text capitalises. A name of a place or a product
 * ("Colorado Trail", "Salomon Speedcross") is EXACT, as what a search for it types; a person's
 * ("Taylor Swift", "Jean-Luc Lemoine") is not, unless the objective or the brand names it: EXACT on
 * it would serve only on searches of that name alone, and a person in a video is rarely what a
 * campaign is about. A person's name is a given name and one or two more words; the given names
 * below are common ones of the languages with taxonomy cues, and the titles written before a family
 * name. A name whose given name is not listed ("Meek Mill") is a person's by how the text uses it:
 * one of its words alone in the possessive ("Meek's lawyers"), as a person is named after a first
 * mention in full. A given name or a title alone ("Jennifer", "Dr") is no keyword at all: it names
 * no one in particular. A larger list of given names was weighed and left out: English first-name
 * lists of a few thousand names hold brands and words ("Mercedes", "Ford", "Harley", "Salomon",
 * "Star", "King") that head products' and places' names, and still miss stage names. Pure and
 * deterministic.
 */
import { withoutAccents } from './lang.ts';
import { isNameWord } from './phrase.ts';
import { CONTENT, type WordInfo } from './tokens.ts';

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
 * Whether a word alone is a given name or a title ("jennifer", "Tom", "Dr"): on its own it names no
 * one in particular, and as a keyword it would reach everyone called so.
 */
export function isGivenNameOrTitle(word: string): boolean {
  const low = word.toLowerCase().replace(/\./g, '');
  const plain = withoutAccents(low);
  return GIVEN_NAMES.has(low) || GIVEN_NAMES.has(plain) || TITLES.has(low) || TITLES.has(plain);
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
 * Whether a name (as displayed) is a person's: a given name or a title, then one or two words, no
 * number; or a given name and a family name in capitals.
 */
export function isPersonName(text: string): boolean {
  if (FAMILY_NAME_IN_CAPITALS.test(text)) return true;
  const words = text
    .toLowerCase()
    .replace(/\./g, '')
    .split(/[\s-]+/);
  if (words.length < 2 || words.length > 3 || /\d/.test(text)) return false;
  const first = words[0]!;
  const plain = withoutAccents(first);
  return GIVEN_NAMES.has(first) || GIVEN_NAMES.has(plain) || TITLES.has(first) || TITLES.has(plain);
}

/**
 * Whether a name of two or three words (key and display) is a person's by its use in the store's
 * text: its first or last word is written alone in the possessive (Analyzer.possessives). A product
 * is rarely owned by its model's name alone, and a two-word place seldom by one of its words.
 */
export function isPersonByUse(
  key: string,
  text: string,
  possessives: ReadonlySet<string>,
): boolean {
  const words = key.split(' ');
  if (words.length < 2 || words.length > 3 || /\d/.test(text)) return false;
  return possessives.has(words[0]!) || possessives.has(words[words.length - 1]!);
}

/**
 * Adds to `into` the keys of the words a text writes alone, capitalised mid-sentence, with an
 * English possessive ("Meek's lawyers", "Merkel's coalition"): after a first mention in full, a
 * person is named by one of their names alone, and a person is what "'s" most often owns. A word
 * right after another name word is the whole name's ("Meek Mill's"), not one of its words alone.
 */
export function notePossessives(
  words: readonly WordInfo[],
  inf: readonly boolean[],
  into: Set<string>,
): void {
  for (let k = 0; k < words.length; k++) {
    const x = words[k]!;
    if (!inf[k] || !x.cap || x.kind !== CONTENT || !/'s$/i.test(x.orig)) continue;
    if (k > 0 && isNameWord(words[k - 1]!)) continue;
    into.add(x.key);
  }
}
