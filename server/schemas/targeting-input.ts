/** A targeting item as a person writes it, with the rules per section (the operation table and the snapshot check read it here). */
import { z } from 'zod';
import { MAX_SLOT_ITEMS } from './limits.ts';

export const SECTIONS = ['keywords', 'segments', 'topics', 'websites'] as const;
export const MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'] as const;

/** An item as the domain takes it: a keyword's match type filled in (BROAD), empty for the others. */
export interface ItemInput {
  section: (typeof SECTIONS)[number];
  text: string;
  label?: string | undefined;
  matchType: (typeof MATCH_TYPES)[number] | '';
  source?: string | undefined;
}

/** Whitespace-separated words of a keyword: at most 10 (`text.trim().split(/\s+/)`, as superRefine counts). */
const AT_MOST_10_WORDS = '^\\s*(?:\\S+(?:\\s+\\S+){0,9})?\\s*$';

/**
 * The rules per section, for the OpenAPI document: one branch for keywords, one for the others (the
 * item's own schema holds what they share).
 */
const ITEM_BY_SECTION = {
  oneOf: [
    {
      title: 'KeywordItemInput',
      description:
        'A keyword: at most 80 characters and 10 words; matchType EXACT, PHRASE or BROAD (default BROAD).',
      required: ['section'],
      properties: {
        section: { const: 'keywords' },
        text: { type: 'string', maxLength: 80, pattern: AT_MOST_10_WORDS },
        matchType: { enum: [...MATCH_TYPES] },
      },
    },
    {
      title: 'OtherItemInput',
      description: 'A segment, topic or website: no matchType (or an empty one).',
      required: ['section'],
      properties: {
        section: { enum: SECTIONS.filter((x) => x !== 'keywords') },
        matchType: { const: '' },
      },
    },
  ],
};

/** An item as a person writes it; an omitted matchType is filled in, label and source by the domain (from what is there). */
export const itemInput = z
  .strictObject({
    section: z.enum(SECTIONS),
    text: z.string().min(1).max(2000).meta({
      description: 'keyword (≤ 80 chars, ≤ 10 words), segment or topic path, domain or URL',
    }),
    label: z.string().max(200).optional(),
    matchType: z
      .enum([...MATCH_TYPES, ''])
      .optional()
      .meta({ description: 'keywords only; default BROAD' }),
    source: z.string().max(60).optional().meta({ description: 'default manual' }),
  })
  .superRefine((item, ctx) => {
    if (item.section === 'keywords') {
      if (item.text.length > 80)
        ctx.addIssue({
          code: 'custom',
          path: ['text'],
          message: 'a keyword must be at most 80 characters',
        });
      if (item.text.trim().split(/\s+/).length > 10)
        ctx.addIssue({
          code: 'custom',
          path: ['text'],
          message: 'a keyword must be at most 10 words',
        });
      if (item.matchType === '')
        ctx.addIssue({
          code: 'custom',
          path: ['matchType'],
          message: 'matchType of a keyword must be EXACT, PHRASE or BROAD',
        });
    } else if (item.matchType) {
      ctx.addIssue({
        code: 'custom',
        path: ['matchType'],
        message: `matchType applies to keywords only, not ${item.section}`,
      });
    }
  })
  .meta({ openapi: ITEM_BY_SECTION })
  .transform((i): ItemInput => ({
    section: i.section,
    label: i.label,
    text: i.text,
    matchType: i.section === 'keywords' ? i.matchType || 'BROAD' : '',
    source: i.source,
  }));

/** edit_targeting's body: a slot's whole list of items. */
export const editTargetingBody = z.strictObject({ items: z.array(itemInput).max(MAX_SLOT_ITEMS) });
