/**
 * How the campaign type shapes the mix of targeting (caps per section).
 *
 * - SEARCH: keywords are what a search campaign runs on, so it gets the most keywords (50), a few
 *   segments and topics (used as observation/bid signals), no linked websites, and the stores' own
 *   YouTube channels as placements (up to 5): they are where this audience watches, the slot's
 *   evidence a person reads, and what a video or display campaign of the same audience reuses.
 * - VIDEO and DEMAND_GEN: they run on YouTube (and, for Demand Gen, Discover/Gmail), so the stores'
 *   channels come first as placements (up to 25), with segments and topics; fewer keywords (30),
 *   which these campaigns use for contextual/custom-segment targeting; a few linked websites.
 * - DISPLAY: websites and topics are its core (25 domains, 15 topics, channel placements after the
 *   domains), plus segments; 30 keywords for contextual targeting.
 * - no type yet: a balanced mix.
 */
import type { GenerateInput } from './types.ts';

export interface CampaignTypeMix {
  keywords: number;
  segments: number;
  topics: number;
  /** linked websites */
  domains: number;
  /** YouTube channel placements */
  channels: number;
  /** list channel placements before domains in the websites section */
  channelsFirst: boolean;
}

const MIXES: Record<
  NonNullable<GenerateInput['campaign']['campaignType']> | 'NONE',
  CampaignTypeMix
> = {
  SEARCH: { keywords: 50, segments: 10, topics: 6, domains: 0, channels: 5, channelsFirst: false },
  VIDEO: { keywords: 30, segments: 16, topics: 12, domains: 10, channels: 25, channelsFirst: true },
  DEMAND_GEN: {
    keywords: 30,
    segments: 16,
    topics: 12,
    domains: 5,
    channels: 25,
    channelsFirst: true,
  },
  DISPLAY: {
    keywords: 30,
    segments: 16,
    topics: 15,
    domains: 25,
    channels: 10,
    channelsFirst: false,
  },
  NONE: { keywords: 40, segments: 12, topics: 12, domains: 15, channels: 15, channelsFirst: false },
};

export function mixFor(type: GenerateInput['campaign']['campaignType']): CampaignTypeMix {
  return MIXES[type ?? 'NONE'] ?? MIXES.NONE;
}
