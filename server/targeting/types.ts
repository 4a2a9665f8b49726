/** Input and output of the targeting generator: plain data, no store, no clock, no HTTP. */

export interface CorpusComment {
  id: string;
  text: string;
  likeCount: number;
  author: string;
}

export interface CorpusVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  tags: string[];
  publishedAt: string | null;
  viewCount: number;
  comments: CorpusComment[];
}

export interface CorpusChannel {
  id: string;
  title: string;
  description: string;
  handle: string;
  /** the channel's own keywords (brandingSettings.channel.keywords), space-separated, quotes for phrases */
  keywords: string;
  country: string;
  subscribers: number;
}

export interface Corpus {
  channels: CorpusChannel[];
  videos: CorpusVideo[];
}

/** What a saved audience adds (a slot's copy of it); empty for a campaign's primary audience. */
export interface AudienceSeed {
  name: string;
  description: string;
  kind: 'custom' | 'affinity' | 'in_market';
  keywords: string[];
  topics: string[];
  tags: string[];
}

/** A brand the workspace knows (its brands), as the generator sees it. */
export interface KnownBrand {
  name: string;
  website: string;
  description: string;
}

export interface GenerateInput {
  /** the content of the slot's data stores */
  corpus: Corpus;
  /** other catalog content, against which phrases are scored (document frequency) */
  background: Corpus;
  seed: AudienceSeed | null;
  campaign: {
    objective: string;
    campaignType: 'SEARCH' | 'DEMAND_GEN' | 'VIDEO' | 'DISPLAY' | null;
    language: string;
  };
  /**
   * The workspace's brands: the campaign's own (its name and products may be targeted) and every
   * other one (never targeted: what names one is excluded, and said so). Absent: none known.
   */
  brands?: { own: KnownBrand | null; others: KnownBrand[] };
}

/** Something the generator found but left out on purpose, for a person to see (and override). */
export interface ExcludedItem {
  section: Section;
  text: string;
  /** why, in a few words: "another brand of the workspace (Northwind Outdoor)", "a sponsor of …" */
  reason: string;
}

export type Section = 'keywords' | 'segments' | 'topics' | 'websites';
export type MatchType = 'EXACT' | 'PHRASE' | 'BROAD' | '';

export interface TargetingItem {
  section: Section;
  /** what a person reads, e.g. "Affinity › Outdoor Enthusiasts" or the keyword itself */
  label: string;
  /** what goes to the ad platform: the keyword, the segment or topic path, the domain or channel URL */
  text: string;
  matchType: MatchType;
  /** where it came from, e.g. "titles", "comments", "taxonomy", "links", "channels" */
  source: string;
}
