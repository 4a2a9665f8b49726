import { z } from 'zod';
import { hexId, isoTimeOrEmpty } from '../schemas/common.ts';
import { TARGETING_STATUSES } from '../schemas/records.ts';
import type { TargetingItem } from '../targeting/types.ts';
import { defineOperation, readOnly, updates } from './operation.ts';

export const SECTIONS = ['keywords', 'segments', 'topics', 'websites'] as const;
export const MATCH_TYPES = ['EXACT', 'PHRASE', 'BROAD'] as const;

const targetingItem = z
  .strictObject({
  section: z.enum(SECTIONS),
  label: z.string(),
  text: z.string(),
  matchType: z.string().meta({ description: 'EXACT, PHRASE or BROAD for keywords; empty for the other sections' }),
  source: z.string().meta({ description: 'where it came from: titles, descriptions, tags, comments, channels, links, taxonomy, audience, or manual' }),
  })
  .meta({ title: 'TargetingItem' });

export const targeting = z
  .strictObject({
    campaignId: z.string(),
    campaignType: z.string(),
    audiences: z.array(
      z.strictObject({
        id: z.string().meta({ description: 'the audience slot id' }),
        name: z.string(),
        audienceId: z.string().nullable(),
        status: z.enum(TARGETING_STATUSES),
        error: z.string(),
        updatedAt: isoTimeOrEmpty.meta({ description: 'when its items last changed; empty if never generated' }),
        items: z.array(targetingItem),
      }),
    ),
  })
  .meta({ title: 'Targeting' });

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
      description: 'A keyword: at most 80 characters and 10 words; matchType EXACT, PHRASE or BROAD (default BROAD).',
      required: ['section'],
      properties: {
        section: { const: 'keywords' },
        text: { maxLength: 80, pattern: AT_MOST_10_WORDS },
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

/** An item as a person writes it; omitted label, matchType and source are filled in. */
const itemInput = z
  .strictObject({
    section: z.enum(SECTIONS),
    text: z.string().min(1).max(2000).meta({ description: 'keyword (≤ 80 chars, ≤ 10 words), segment or topic path, domain or URL' }),
    label: z.string().max(200).optional(),
    matchType: z.enum([...MATCH_TYPES, '']).optional().meta({ description: 'keywords only; default BROAD' }),
    source: z.string().max(60).optional().meta({ description: 'default manual' }),
  })
  .superRefine((item, ctx) => {
    if (item.section === 'keywords') {
      if (item.text.length > 80) ctx.addIssue({ code: 'custom', path: ['text'], message: 'a keyword must be at most 80 characters' });
      if (item.text.trim().split(/\s+/).length > 10) ctx.addIssue({ code: 'custom', path: ['text'], message: 'a keyword must be at most 10 words' });
      if (item.matchType === '') ctx.addIssue({ code: 'custom', path: ['matchType'], message: 'matchType of a keyword must be EXACT, PHRASE or BROAD' });
    } else if (item.matchType) {
      ctx.addIssue({ code: 'custom', path: ['matchType'], message: `matchType applies to keywords only, not ${item.section}` });
    }
  })
  .meta({ openapi: ITEM_BY_SECTION })
  .transform(
    (i): TargetingItem => ({
      section: i.section,
      label: i.label ?? i.text,
      text: i.text,
      matchType: i.section === 'keywords' ? (i.matchType || 'BROAD') : '',
      source: i.source ?? 'manual',
    }),
  );

const campaignPath = z.strictObject({ campaignId: hexId('campaign') });

export const targetingOperations = [
  defineOperation({
    name: 'get_targeting',
    method: 'GET',
    path: '/campaigns/{campaignId}/targeting',
    scope: 'campaigns:read',
    tag: 'targeting',
    summary: "Get a campaign's targeting",
    description:
      'Returns the targeting of every audience slot: status (not_generated, generating, ready, error) and items (keywords with match types, segments, topics, websites), each with its source. Everything listed goes to the ad platform at the next sync. Poll this after generate_targeting until the slots are ready.',
    params: campaignPath,
    response: targeting,
    errors: [400, 403, 404],
    hints: readOnly,
    handler: (actor, { params }, s) => s.targeting.get(actor, params.campaignId),
  }),
  defineOperation({
    name: 'generate_targeting',
    method: 'POST',
    path: '/campaigns/{campaignId}/targeting/generate',
    scope: 'campaigns:write',
    tag: 'targeting',
    summary: 'Generate targeting',
    description:
      'Starts generating targeting in the background from the audience slots\' data stores. Without audienceIds, every slot with no targeting yet is generated; naming slots (ids from get_targeting) regenerates them. Slots without data stores, or already ready/generating when not named, are skipped with a reason; naming a slot that is generating is 409. Poll get_targeting for the result.',
    params: campaignPath,
    body: z.strictObject({
      audienceIds: z
        .array(z.string().min(1).max(200).meta({ openapi: { pattern: '^[a-f0-9]{24}$' } }))
        .max(25)
        .optional()
        .meta({
          description: 'audience slot ids to (re)generate',
          openapi: {
            description:
              "audience slot ids of this campaign to (re)generate (get_targeting's audiences[].id, not saved audience ids); an id that names no slot of the campaign is refused (400)",
          },
        }),
    }),
    response: targeting.extend({
      started: z.array(z.string()),
      skipped: z.array(z.strictObject({ id: z.string(), reason: z.string() })),
    }),
    errors: [400, 403, 404, 409],
    // regenerating a named slot replaces its items, hand edits included
    hints: { readOnly: false, destructive: true, idempotent: false },
    handler: (actor, { params, body }, s) => s.targeting.generate(actor, params.campaignId, body.audienceIds),
  }),
  defineOperation({
    name: 'edit_targeting',
    method: 'PUT',
    path: '/campaigns/{campaignId}/targeting/audiences/{slotId}/items',
    scope: 'campaigns:write',
    tag: 'targeting',
    summary: "Replace an audience slot's targeting items",
    description:
      'Replaces all items of one audience slot with the given list (the slot becomes ready). 409 while the slot generates. Keywords are at most 80 characters and 10 words, with matchType EXACT, PHRASE or BROAD (default BROAD).',
    params: z.strictObject({ campaignId: hexId('campaign'), slotId: hexId('audience slot') }),
    body: z.strictObject({ items: z.array(itemInput).max(500) }),
    bodyRequired: true,
    response: targeting,
    errors: [400, 403, 404, 409],
    hints: updates,
    handler: (actor, { params, body }, s) => s.targeting.editItems(actor, params.campaignId, params.slotId, body.items),
  }),
];
