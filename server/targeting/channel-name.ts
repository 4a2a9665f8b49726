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

/** A word with a dot, a slash or an at sign inside: a link, a host, a handle, an address. */
const ADDRESS = /\S*(?:[\p{L}\p{N}_-]\.[\p{L}\p{N}_-]|[/@])\S*/gu;

/** The words of a video's title and description, addresses left out, as `dedupeKey` writes them. */
function proseKey(title: string, description: string): string {
  return ` ${dedupeKey(`${title}\n${description}`.replace(ADDRESS, ' '))} `;
}

/** Ids of the corpus' channels whose videos name them in words. */
export function channelsNamedInProse(corpus: Corpus): Set<string> {
  const names = new Map<string, string>();
  for (const ch of corpus.channels) {
    const key = dedupeKey(ch.title);
    if (key) names.set(ch.id, ` ${key} `);
  }
  const named = new Set<string>();
  for (const v of corpus.videos) {
    const name = names.get(v.channelId);
    if (name === undefined || named.has(v.channelId)) continue;
    if (proseKey(v.title, v.description).includes(name)) named.add(v.channelId);
  }
  return named;
}
