/**
 * A labelled store of the evaluation: content written for it (our own writing, no downloads) and
 * what a marketer would target from it, written down before any system was run on it.
 */
export type EvalKind = 'themed' | 'single-video' | 'sponsor-heavy' | 'sparse';

export interface EvalChannel {
  id: string;
  title: string;
  handle: string;
  description: string;
  /** the channel's own keywords, space-separated, quotes for phrases */
  keywords?: string;
}

export interface EvalVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  tags?: string[];
  comments?: string[];
}

export interface EvalStore {
  id: string;
  /** the campaign's language (and the store's) */
  lang: 'en' | 'es' | 'de' | 'fr' | 'pt';
  kind: EvalKind;
  channels: EvalChannel[];
  videos: EvalVideo[];
  gold: {
    /** keyword concepts a marketer would target; each lists the spellings that count as it */
    keywords: string[][];
    /** acceptable top topics (taxonomy paths), the most specific first */
    topics: string[];
  };
}
