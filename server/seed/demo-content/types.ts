// The demo content's shapes: YouTube Data API v3 resources, and the hand-written definitions they are built from.
import type { z } from 'zod';
import type { ytChannel, ytCommentThread, ytVideo } from '../../schemas/youtube.ts';

export type ChannelResource = z.input<typeof ytChannel>;
export type VideoResource = z.input<typeof ytVideo>;
export type CommentThreadResource = z.input<typeof ytCommentThread>;

export const DEMO_THEMES = ['hiking', 'trail', 'coffee', 'travel'] as const;
export type DemoTheme = (typeof DEMO_THEMES)[number];

export interface DemoContent {
  channels: ChannelResource[];
  videos: VideoResource[];
  commentThreads: CommentThreadResource[];
  /** Channel ids per theme, in the order they were written. */
  themes: Record<DemoTheme, string[]>;
}

export interface VideoDef {
  id: string;
  at: string;
  duration: string;
  views: number;
  title: string;
  description: string;
  tags: string[];
  /** Comments written for this very video; the rest come from the theme's pools. */
  comments: string[];
}

export interface ChannelDef {
  theme: DemoTheme;
  id: string;
  handle: string;
  title: string;
  country: string;
  since: string;
  subscribers: number;
  videoCount: number;
  keywords: string;
  description: string;
  /** Appended to every video description, as creators do. */
  footer: string;
  /** The creator's replies to a remark, and to a question. */
  thanks: string[];
  answers: string[];
  videos: VideoDef[];
}

export interface ThemePool {
  bodies: string[];
  /** Questions another viewer can answer (a). */
  questions: { q: string; a: string }[];
  /** Replies that fit any pooled remark of the theme (they share an experience). */
  agree: string[];
}
