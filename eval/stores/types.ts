/**
 * A labelled store of the evaluation: content written for it (our own writing, no downloads) and
 * what a marketer would target from it, written down before any system was run on it.
 */
import type { KnownBrand } from '../../server/targeting/types.ts';

/**
 * - themed: a channel on one theme; single-video: a store of one video; sponsor-heavy: sponsor reads
 *   and footers in every description; sparse: 2006-style uploads of a few words; small: a store of two
 *   videos; brands: a store whose campaign's workspace has brands (its own and competitors').
 */
export type EvalKind = 'themed' | 'single-video' | 'sponsor-heavy' | 'sparse' | 'small' | 'brands';

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
  /** the workspace's brands, as the generator gets them: the campaign's own and the others */
  brands?: { own: KnownBrand | null; others: KnownBrand[] };
  gold: {
    /** keyword concepts a marketer would target; each lists the spellings that count as it */
    keywords: string[][];
    /** acceptable top topics (taxonomy paths), the most specific first */
    topics: string[];
    /**
     * Words and phrases of the theme beyond the gold concepts: a keyword that holds one (whole words)
     * is on theme; a single-word keyword only when it is one of them or a gold spelling.
     */
    theme?: string[];
    /** names never to target: other brands of the workspace and their products, sponsors */
    never?: string[];
  };
}
