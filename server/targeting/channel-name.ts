/**
 * When a channel's own name is a keyword. The channel is a placement already (websites.ts); its name
 * is a keyword too when its videos say the name in words, in a title or a description's prose: the
 * channel is then a show or a brand that its viewers know and search by that name ("Hot Ones",
 * "First We Feast", "Touche pas à mon poste"). A name found only in links, handles and addresses
 * ("rouelibre.example", "@malapronta") says nothing of the kind, and most channels are named with an
 * ordinary phrase of their language ("Roue Libre", "Mala Pronta") that would reach content about
 * anything.
 */
import { dedupeKey } from './text.ts';
import type { Corpus } from './types.ts';

/** What marks a written word as a link, a host, a handle or an address: a dot inside, a slash, an at sign. */
const ADDRESS = /[/@]|[\p{L}\p{N}_-]\.[\p{L}\p{N}_-]/u;
const SPACE = /\s/u;

interface Name {
  /** its longest word: a line without it cannot hold the name */
  longest: string;
  /** its words in order, anything but letters and digits between them, a whole word at each end */
  pattern: RegExp;
}

function nameOf(title: string): Name | null {
  const words = dedupeKey(title).split(' ').filter(Boolean);
  if (words.length === 0) return null;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    longest: words.reduce((a, b) => (b.length > a.length ? b : a)),
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])${escaped.join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`,
      'gu',
    ),
  };
}

/** Whether a line says the name outside links, handles and addresses. */
function saysName(line: string, name: Name): boolean {
  const lower = line.toLowerCase();
  if (!lower.includes(name.longest)) return false;
  name.pattern.lastIndex = 0;
  for (let m = name.pattern.exec(lower); m !== null; m = name.pattern.exec(lower)) {
    // the written words the match spans, from the space before it to the space after it
    let start = m.index;
    while (start > 0 && !SPACE.test(lower[start - 1]!)) start--;
    let end = m.index + m[0].length;
    while (end < lower.length && !SPACE.test(lower[end]!)) end++;
    if (
      !lower
        .slice(start, end)
        .split(/\s+/u)
        .some((w) => ADDRESS.test(w))
    )
      return true;
  }
  return false;
}

/** Ids of the corpus' channels whose videos name them in words. */
export function channelsNamedInProse(corpus: Corpus): Set<string> {
  const names = new Map<string, Name>();
  for (const ch of corpus.channels) {
    const name = nameOf(ch.title);
    if (name) names.set(ch.id, name);
  }
  const named = new Set<string>();
  for (const v of corpus.videos) {
    const name = names.get(v.channelId);
    if (name === undefined || named.has(v.channelId)) continue;
    // a name is written on one line
    for (const line of `${v.title}\n${v.description}`.split('\n'))
      if (saysName(line, name)) {
        named.add(v.channelId);
        break;
      }
  }
  return named;
}
