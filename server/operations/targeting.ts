import { z } from 'zod';
import { hexId, isoTimeOrEmpty, recordId } from '../schemas/common.ts';
import { TARGETING_STATUSES } from '../schemas/records.ts';
import { MAX_SLOT_EXCLUSIONS, MAX_SLOT_ITEMS } from '../schemas/limits.ts';
import { editTargetingBody, itemInput, SECTIONS } from '../schemas/targeting-input.ts';
import { defineOperation, readOnly, updates } from './operation.ts';
import {
  itemRefsListed,
  itemsListed,
  slotIdsRename,
  targetingFilters,
} from './tool-presentation.ts';

export { MATCH_TYPES, SECTIONS } from '../schemas/targeting-input.ts';

const targetingItem = z
  .strictObject({
    section: z.enum(SECTIONS),
    label: z.string(),
    text: z.string(),
    matchType: z
      .string()
      .meta({ description: 'EXACT, PHRASE or BROAD for keywords; empty for the other sections' }),
    source: z.string().meta({
      description:
        'where it came from: titles, descriptions, tags, comments, channels, links, taxonomy, audience, or manual',
    }),
  })
  .meta({ title: 'TargetingItem' });

export const targeting = z
  .strictObject({
    campaignId: recordId,
    campaignType: z.string(),
    audiences: z.array(
      z.strictObject({
        id: recordId.meta({ description: 'the audience slot id' }),
        name: z.string(),
        audienceId: recordId.nullable(),
        status: z.enum(TARGETING_STATUSES),
        error: z.string(),
        updatedAt: isoTimeOrEmpty.meta({
          description: 'when its items last changed; empty if never generated',
        }),
        items: z.array(targetingItem),
      }),
    ),
  })
  .meta({ title: 'Targeting' });

/** An item named by section and text (case-insensitive), as remove and restore take it. */
const itemRef = z.strictObject({
  section: z.enum(SECTIONS),
  text: z.string().min(1).max(2000),
});

export const targetingExclusion = z
  .strictObject({
    section: z.enum(SECTIONS),
    text: z.string(),
    reason: z.string().meta({
      description:
        '"removed by hand", or why the generator left it out (another brand of the workspace, a sponsor)',
    }),
  })
  .meta({ title: 'TargetingExclusion' });

const sectionCount = z.number().int().min(0);

export const targetingChange = z
  .strictObject({
    campaignId: recordId,
    slotId: recordId,
    status: z.enum(TARGETING_STATUSES),
    itemCount: z.number().int().min(0).meta({ description: 'items the slot holds now' }),
    itemCounts: z.strictObject({
      keywords: sectionCount,
      segments: sectionCount,
      topics: sectionCount,
      websites: sectionCount,
    }),
    added: z.array(
      z.strictObject({ section: z.enum(SECTIONS), text: z.string(), matchType: z.string() }),
    ),
    removed: z.array(z.strictObject({ section: z.enum(SECTIONS), text: z.string() })).meta({
      description: 'items taken out (a removal of an item not there only adds the exclusion)',
    }),
    restored: z
      .array(z.strictObject({ section: z.enum(SECTIONS), text: z.string() }))
      .meta({ description: 'exclusions lifted' }),
    exclusions: z.array(targetingExclusion).meta({ description: "the slot's exclusions now" }),
  })
  .meta({ title: 'TargetingChange' });

/** What regenerating keeps, said by the targeting operations that edit. */
const REGENERATING_KEEPS = 'Regenerating keeps manual items and exclusions.';

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
      "Every audience slot's targeting: status (not_generated, generating, ready, error) and items (keywords with match types, segments, topics, websites) with their source, best first per section. All items go to the ad platform at the next sync.",
    params: campaignPath,
    response: targeting,
    errors: [400, 403, 404],
    hints: readOnly,
    tool: {
      detail: true,
      args: targetingFilters,
      view: 'targeting',
      slotArgs: ['slotIds'],
    },
    handler: (actor, { params }, s) => s.targeting.get(actor, params.campaignId),
  }),
  defineOperation({
    name: 'generate_targeting',
    rowLocked: true,
    method: 'POST',
    path: '/campaigns/{campaignId}/targeting/generate',
    scope: 'campaigns:write',
    tag: 'targeting',
    summary: 'Generate targeting',
    description:
      "Generates targeting in the background from the slots' data stores: without audienceIds, the slots not generated yet (or in error); named slots (ids from get_targeting) are regenerated, keeping manual items (first in their section) and never re-adding exclusions. Skipped slots say why; naming a generating slot is 409. Poll get_targeting for the result.",
    params: campaignPath,
    body: z.strictObject({
      audienceIds: z
        .array(
          z
            .string()
            .min(1)
            .max(200)
            .meta({ openapi: { pattern: '^[a-f0-9]{24}$' } }),
        )
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
      started: z.array(recordId),
      skipped: z.array(z.strictObject({ id: recordId, reason: z.string() })),
    }),
    errors: [400, 403, 404, 409],
    // regenerating a named slot replaces its generated items
    hints: { readOnly: false, destructive: true, idempotent: false },
    tool: {
      renames: { slotIds: slotIdsRename },
      listedAs: { audienceIds: z.array(z.string()).max(25).optional() },
      wait: 'targeting',
      view: 'targetingOfAskedSlots',
      slotArgs: ['slotIds'],
      note: 'wait: true waits for the slots (also ones generating) instead of 409.',
    },
    handler: (actor, { params, body }, s) =>
      s.targeting.generate(actor, params.campaignId, body.audienceIds),
  }),
  defineOperation({
    name: 'edit_targeting',
    rowLocked: true,
    method: 'PUT',
    path: '/campaigns/{campaignId}/targeting/audiences/{slotId}/items',
    scope: 'campaigns:write',
    tag: 'targeting',
    summary: "Replace an audience slot's targeting items",
    description: `Sets a slot's items to the list: items left out become exclusions (removed by hand), new ones manual. ${REGENERATING_KEEPS} An empty list clears it (not_generated; exclusions kept), else it is ready. 409 while generating. Keywords: ≤ 80 characters, ≤ 10 words; matchType EXACT, PHRASE or BROAD (default).`,
    params: z.strictObject({ campaignId: hexId('campaign'), slotId: hexId('audience slot') }),
    body: editTargetingBody,
    bodyRequired: true,
    response: targeting,
    errors: [400, 403, 404, 409],
    hints: updates,
    tool: { view: 'targetingOfSlot', slotArgs: ['slotId'], listedAs: { items: itemsListed } },
    handler: (actor, { params, body }, s) =>
      s.targeting.editItems(actor, params.campaignId, params.slotId, body.items),
  }),
  defineOperation({
    name: 'change_targeting_items',
    rowLocked: true,
    method: 'PATCH',
    path: '/campaigns/{campaignId}/targeting/audiences/{slotId}/items',
    scope: 'campaigns:write',
    tag: 'targeting',
    summary: "Change some of an audience slot's targeting items",
    description: `In order: remove takes items out (any case) and excludes them, even absent ones; restore lifts exclusions; add puts items in as manual (one there gets the new matchType), lifting its exclusion. ${REGENERATING_KEEPS} Left empty: not_generated. 409 while generating or past ${MAX_SLOT_ITEMS} items or ${MAX_SLOT_EXCLUSIONS} exclusions.`,
    params: z.strictObject({ campaignId: hexId('campaign'), slotId: hexId('audience slot') }),
    body: z
      .strictObject({
        add: z.array(itemInput).max(MAX_SLOT_ITEMS).optional().meta({
          description:
            'items as edit_targeting takes them; one whose section and text are there (any case) replaces it',
        }),
        remove: z.array(itemRef).max(MAX_SLOT_ITEMS).optional().meta({
          description:
            'items to take out (section and text, any case) and exclude with the reason "removed by hand"; one not there is excluded all the same',
        }),
        restore: z.array(itemRef).max(MAX_SLOT_ITEMS).optional().meta({
          description: 'exclusions to lift (section and text, any case); the item is not added',
        }),
      })
      .refine(
        (b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) + (b.restore?.length ?? 0) > 0,
        {
          message: 'give at least one item to add, remove or restore',
        },
      )
      .meta({
        openapi: {
          anyOf: (['add', 'remove', 'restore'] as const).map((k) => ({
            required: [k],
            properties: { [k]: { minItems: 1 } },
          })),
          description: 'At least one item to add, remove or restore.',
        },
      }),
    bodyRequired: true,
    response: targetingChange,
    errors: [400, 403, 404, 409],
    hints: updates,
    tool: {
      view: 'targetingChange',
      slotArgs: ['slotId'],
      listedAs: {
        add: itemsListed.optional(),
        remove: itemRefsListed.optional(),
        restore: itemRefsListed.optional(),
      },
    },
    handler: (actor, { params, body }, s) =>
      s.targeting.changeItems(actor, params.campaignId, params.slotId, body),
  }),
  defineOperation({
    name: 'list_targeting_exclusions',
    method: 'GET',
    path: '/campaigns/{campaignId}/targeting/audiences/{slotId}/exclusions',
    scope: 'campaigns:read',
    tag: 'targeting',
    summary: "List an audience slot's targeting exclusions",
    description:
      'What regenerating the slot never adds back, and why (removed by hand, another brand, a sponsor). Not sent to the ad platform.',
    params: z.strictObject({ campaignId: hexId('campaign'), slotId: hexId('audience slot') }),
    response: z.strictObject({ data: z.array(targetingExclusion) }),
    errors: [400, 403, 404],
    hints: readOnly,
    tool: { view: 'exclusions', slotArgs: ['slotId'] },
    handler: (actor, { params }, s) =>
      s.targeting.exclusions(actor, params.campaignId, params.slotId),
  }),
];
