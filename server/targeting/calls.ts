/**
 * Calls to action: the sentences creators write under a video to ask for a subscription, a like, a
 * share or a follow elsewhere ("Subscribe to my channel!", "hit the bell icon", "Abonne-toi à la
 * chaîne", "dale like y suscríbete"). They say nothing of what the video is about, and in a store of
 * one video they are not repeated, so the boilerplate finder (which needs repetition) cannot tell
 * them; their words would become keywords ("bell icon", "thumb"). Pure and deterministic.
 */
import { anyWordOf } from '../lib/regexp.ts';
import { sentencesOf } from './sentences.ts';
import { HASHTAG_RE } from './tokens.ts';

/**
 * The verbs of calls to action in the languages with taxonomy cues, in the imperative (or the
 * infinitive French and German use on screens). "like" and "follow" alone are ordinary words ("feels
 * like home", "follow the trail"): a sentence is a call only with one of the objects below too, or
 * with two of these verbs ("like, comment and share").
 */
// prettier-ignore
const VERBS = [
  'subscribe', 'follow', 'like', 'share', 'comment', 'click', 'tap', 'hit', 'smash', 'turn on', 'join', 'check out', 'sign up', 'sign-up',
  'abonne', 'abonnez', 'inscris', 'inscrivez', "t'abonner", "s'abonner", 'abonner', 'suis', 'suivez', 'suivre', 'likez', 'liker', 'partage', 'partagez', 'partager', 'commente', 'commentez', 'commenter', 'clique', 'cliquez', 'cliquer', 'rejoins', 'rejoignez', 'active', 'activez', 'retrouve', 'retrouvez',
  'suscríbete', 'suscribete', 'suscríbanse', 'suscribirse', 'síguenos', 'siguenos', 'sígueme', 'sigueme', 'dale', 'comparte', 'comenta', 'únete', 'activa',
  'inscreva', 'inscrevam', 'inscreve', 'siga', 'sigam', 'curta', 'curtam', 'compartilhe', 'comente', 'ative',
  'abonniere', 'abonniert', 'abonnieren', 'folge', 'folgt', 'teile', 'teilt', 'kommentiere', 'klicke', 'klickt',
];

/** What a call to action asks for: the channel, its bell, a like, the platforms, the links. */
// prettier-ignore
const OBJECTS = [
  'channel', 'bell', 'notification', 'notifications', 'notifs', 'thumbs up', 'thumb up', 'link in bio', 'links below', 'link below',
  'social media', 'social medias', 'socials', 'social networks', 'website', 'comments', 'comment section', 'newsletter', 'mailing list', 'fan club', 'fanclub',
  'chaîne', 'chaine', 'cloche', 'pouce', 'lien', 'liens', 'réseaux sociaux', 'reseaux sociaux', 'site internet', 'site web', 'commentaires',
  'canal', 'campana', 'campanita', 'notificaciones', 'enlace', 'redes sociales', 'sitio web', 'página web', 'pagina web', 'comentarios',
  'sininho', 'notificações', 'notificacoes',
  'kanal', 'glocke', 'benachrichtigungen',
  'youtube', 'instagram', 'insta', 'twitter', 'facebook', 'snapchat', 'tiktok', 'twitch', 'discord', 'patreon',
];

/**
 * The like button named as French creators name it ("un pouce bleu", "un pouce vers le haut"): the
 * words mean YouTube's button and nothing else, so a sentence with them asks for it whatever its
 * verb ("Donne à ma vidéo un pouce bleu", "Pour mettre un pouce bleu ⬆️").
 */
const LIKE_BUTTON = new RegExp(
  anyWordOf(['pouce bleu', 'pouces bleus', 'pouce vers le haut', 'pouces vers le haut']),
  'iu',
);
/**
 * Sending the viewer to a link ("For tickets visit http://…", "For more info on the game, or to opt
 * in to the beta, head to https://…", "rendez-vous sur www.…"): the sentence is the link's caption.
 * Only with the link right after the verb, or a colon that ends the line before it ("For more
 * videos and articles visit:"): "we visit Lisbon" is what the video shows.
 */
// prettier-ignore
const GOING = ['visit', 'go to', 'head to', 'head over to', 'rendez-vous sur', 'allez sur', 'visitez', 'visita', 'consultez'];
const GO_TO_LINK = new RegExp(
  anyWordOf(GOING) +
    '\\s*(?::\\s*$|:?\\s*(?:https?://|www\\.|[\\p{L}\\p{N}-]+\\.\\p{Ll}{2,}(?![\\p{L}\\p{N}])))',
  'iu',
);
const VERB_RE = new RegExp(anyWordOf(VERBS), 'giu');
const OBJECT_RE = new RegExp(anyWordOf(OBJECTS), 'iu');

/**
 * Words that may stand beside an object in a heading of links ("Mes réseaux sociaux officiels",
 * "All my socials", "Official website: example.com").
 */
// prettier-ignore
const HEADING_WORDS = new Set([
  'my', 'our', 'the', 'all', 'and', 'official',
  'mes', 'mon', 'ma', 'nos', 'notre', 'les', 'le', 'tous', 'toutes', 'et', 'officiel', 'officiels', 'officielle',
  'mis', 'mi', 'tus', 'nuestras', 'nuestros', 'nuestra', 'todas', 'todos', 'las', 'los', 'y', 'oficial', 'oficiales',
  'meus', 'minhas', 'meu', 'minha', 'nossas', 'nossos', 'as', 'os', 'e',
  'meine', 'unsere', 'alle', 'die', 'und',
]);
const OBJECTS_RE = new RegExp(OBJECT_RE.source, 'giu');
/**
 * What a heading of links points to: a link, or a dotted name, host or handle ("princekader.fr",
 * "mava.chou"), which tokens.ts's hosts of known endings would miss.
 */
const POINTED_TO =
  /(?:https?:\/\/|www\.)\S+|(?<![\p{L}\p{N}-]|[\p{L}\p{N}-]\.)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{Ll}{2,}(?:\/\S*)?/gu;

/**
 * Whether a sentence is a call to action: a verb of the list and an object, or two verbs; or the
 * heading of a list of links that names nothing but what it asks to follow ("Mes réseaux sociaux ⬇️",
 * "Redes sociales:"), while "TPMP sur les réseaux sociaux" names the show.
 */
export function isCallToAction(sentence: string): boolean {
  const low = sentence.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  if (LIKE_BUTTON.test(low) || GO_TO_LINK.test(low)) return true;
  VERB_RE.lastIndex = 0;
  const verbs = new Set<string>();
  for (let m = VERB_RE.exec(low); m !== null; m = VERB_RE.exec(low)) verbs.add(m[0]);
  if (verbs.size === 0) return isLinksHeading(low);
  return verbs.size >= 2 || OBJECT_RE.test(low);
}

function isLinksHeading(low: string): boolean {
  if (!OBJECT_RE.test(low)) return false;
  // what it points to is no word of it
  const rest =
    low
      .replace(POINTED_TO, ' ')
      .replace(OBJECTS_RE, ' ')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return rest.every((w) => HEADING_WORDS.has(w));
}

/**
 * A line of a description without its calls to action (the rest of it as written, and the hashtags
 * a call carried; '' if none is left).
 */
export function withoutCallsToAction(line: string): string {
  if (!line.trim()) return line;
  const sentences = sentencesOf(line);
  if (!sentences.length) return line;
  const kept: string[] = [];
  const tags: string[] = [];
  let changed = false;
  for (const s of sentences) {
    if (!isCallToAction(s)) {
      const named = headsLinks(s) ? withoutObjects(s) : s;
      changed ||= named !== s;
      kept.push(named);
    }
    // a hashtag is a label of the video whatever sentence carries it
    else if (s.includes('#')) tags.push(...(s.match(HASHTAG_RE) ?? []));
  }
  if (!changed && kept.length === sentences.length) return line;
  return [kept.join('').trim(), ...tags].filter(Boolean).join(' ');
}

/** A heading's end: a colon or an arrow after its words, before what it points to or the line's end. */
const HEADING_END = /[:：►▶➜➡→⬇👇]\s*$/u;

/**
 * Whether a sentence heads links, what it points to after a colon or an arrow ("TPMP sur les
 * réseaux sociaux :", "Liens des produits sur le site internet : http://…").
 */
function headsLinks(sentence: string): boolean {
  return HEADING_END.test(
    sentence
      .replace(POINTED_TO, ' ')
      .replace(/\uFE0F/gu, '')
      .trimEnd(),
  );
}

/**
 * A heading of links without what it asks to follow: the rest names what is there ("TPMP"), the
 * objects name only the links' kind ("réseaux sociaux" and "site internet" became keywords).
 */
function withoutObjects(sentence: string): string {
  // the links stay whole: "youtube" is in their hosts too
  const words = (part: string) => part.replace(OBJECTS_RE, ' ').replace(/ {2,}/g, ' ');
  let out = '';
  let from = 0;
  for (const m of sentence.matchAll(POINTED_TO)) {
    out += words(sentence.slice(from, m.index)) + m[0];
    from = m.index + m[0].length;
  }
  return out + words(sentence.slice(from));
}
