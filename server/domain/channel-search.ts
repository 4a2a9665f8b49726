/**
 * Channel search of audience exploration: the words of a query against each channel's title,
 * handle, taxonomy topics, keywords and description, compared as stems (Porter's English stemmer,
 * the `stemmer` package: "espressos" finds "espresso", "runners" "runner"). A channel is found when
 * any word of the query matches; channels matching more of the words come first, then those with
 * more of them in the title, then by where the words were found (title, handle, topics, keywords,
 * description, in that order of weight), then the bigger channel. Function words ("for", "the") are
 * left out of a query that has other words.
 */
type Stem = (word: string) => string;

let stemmer: Promise<Stem> | undefined;
/** The stemmer, loaded on the first search (the server's; never the CLI's start-up). */
export function loadStemmer(): Promise<Stem> {
  stemmer ??= import('stemmer').then((m) => m.stemmer);
  return stemmer;
}

export interface SearchableChannel {
  title: string;
  handle: string;
  keywords: string;
  description: string;
  /** taxonomy topic paths, e.g. /Food & Drink/Beverages/Coffee & Tea */
  topics: readonly string[];
}

export interface SearchMatch {
  /** how many of the query's words the channel matches */
  matched: number;
  /** how many of them are in its title */
  inTitle: number;
  /** where they were found, by the weight of each field */
  weight: number;
}

const WEIGHTS = { title: 8, handle: 6, topics: 4, keywords: 3, description: 1 } as const;
type Field = keyof typeof WEIGHTS;

/** The words of a text: lower case runs of letters and digits. */
function words(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The stems a query looks for: its words, without function words unless it has nothing else. */
export async function queryStems(query: string, stem: Stem): Promise<string[]> {
  // The stopword lists load with the first search, as the stemmer does.
  const { isStopword } = await import('../targeting/lang.ts');
  const all = words(query);
  const content = all.filter((w) => !isStopword(w, 'en'));
  return [...new Set((content.length ? content : all).map(stem))];
}

/** How a channel matches the query's stems; `matched` 0 when it does not. */
export function matchChannel(
  stems: readonly string[],
  channel: SearchableChannel,
  stem: Stem,
): SearchMatch {
  const fields: Record<Field, Set<string>> = {
    title: new Set(words(channel.title).map(stem)),
    handle: new Set(words(channel.handle).map(stem)),
    topics: new Set(words(channel.topics.join(' ')).map(stem)),
    keywords: new Set(words(channel.keywords).map(stem)),
    description: new Set(words(channel.description).map(stem)),
  };
  const out: SearchMatch = { matched: 0, inTitle: 0, weight: 0 };
  for (const s of stems) {
    let weight = 0;
    for (const f of Object.keys(WEIGHTS) as Field[]) if (fields[f].has(s)) weight += WEIGHTS[f];
    if (weight === 0) continue;
    out.matched++;
    out.weight += weight;
    if (fields.title.has(s)) out.inTitle++;
  }
  return out;
}

/** Best match first (see the header); ties go to the bigger channel. */
export function compareMatches(a: SearchMatch, b: SearchMatch): number {
  return b.matched - a.matched || b.inTitle - a.inTitle || b.weight - a.weight;
}
