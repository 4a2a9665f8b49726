import { z } from 'zod';
import { deleted, hexId, listQuery, page } from '../schemas/common.ts';
import { brand } from '../schemas/records.ts';
import { creates, defineOperation, deletes, readOnly, updates } from './operation.ts';

/** An http(s) URL (the scheme in any case), or empty; `not` more characters a URL cannot hold. */
const websitePattern = (not = '') =>
  `^(?:|[Hh][Tt][Tt][Pp][Ss]?://[^\\s${not}/$.?#][^\\s${not}]*)$`;
const websiteRe = new RegExp(websitePattern());

const website = z
  .string()
  .max(2000)
  .refine((s) => websiteRe.test(s), { message: 'website must be an http(s) URL or empty' })
  .meta({
    description: 'http(s) URL of the brand, or empty',
    openapi: {
      // the document's pattern also says what no text may hold (a NUL, refused everywhere)
      pattern: websitePattern('\\u0000'),
      description:
        'http(s) URL of the brand (http:// or https://, then a host; no spaces), or empty',
    },
  });

const brandFields = {
  name: z.string().min(1).max(160),
  website,
  description: z.string().max(4000),
};
const brandPath = z.strictObject({ brandId: hexId('brand') });

export const brandOperations = [
  defineOperation({
    name: 'list_brands',
    method: 'GET',
    path: '/brands',
    scope: 'brands:read',
    tag: 'brands',
    summary: 'List brands',
    description: 'Lists the brands of the workspace, newest first, one page at a time.',
    query: z.strictObject(listQuery),
    response: page(brand),
    errors: [400, 403],
    hints: readOnly,
    handler: (actor, { query }, s) => s.brands.list(actor, query),
  }),
  defineOperation({
    name: 'create_brand',
    rowLocked: true,
    method: 'POST',
    path: '/brands',
    scope: 'brands:write',
    tag: 'brands',
    summary: 'Create a brand',
    description:
      'Creates a brand (name, website, description) that campaigns can use through brandId.',
    body: z.strictObject({
      name: brandFields.name,
      website: website.optional(),
      description: brandFields.description.optional(),
    }),
    bodyRequired: true,
    response: brand,
    successStatus: 201,
    errors: [400, 403],
    hints: creates,
    handler: (actor, { body }, s) => s.brands.create(actor, body),
  }),
  defineOperation({
    name: 'get_brand',
    method: 'GET',
    path: '/brands/{brandId}',
    scope: 'brands:read',
    tag: 'brands',
    summary: 'Get a brand',
    description: 'Returns one brand.',
    params: brandPath,
    response: brand,
    errors: [400, 403, 404],
    hints: readOnly,
    handler: (actor, { params }, s) => s.brands.get(actor, params.brandId),
  }),
  defineOperation({
    name: 'update_brand',
    rowLocked: true,
    method: 'PATCH',
    path: '/brands/{brandId}',
    scope: 'brands:write',
    tag: 'brands',
    summary: 'Update a brand',
    description:
      'Changes the given fields of a brand. Campaigns using it show the new values at once.',
    params: brandPath,
    body: z.strictObject({
      name: brandFields.name.optional(),
      website: website.optional(),
      description: brandFields.description.optional(),
    }),
    bodyRequired: true,
    response: brand,
    errors: [400, 403, 404],
    hints: updates,
    handler: (actor, { params, body }, s) => s.brands.update(actor, params.brandId, body),
  }),
  defineOperation({
    name: 'delete_brand',
    method: 'DELETE',
    path: '/brands/{brandId}',
    scope: 'brands:write',
    tag: 'brands',
    summary: 'Delete a brand',
    description:
      'Removes a brand. Campaigns that used it keep going without a brand (their brandId becomes null).',
    params: brandPath,
    response: deleted,
    errors: [400, 403, 404],
    hints: deletes,
    handler: (actor, { params }, s) => s.brands.delete(actor, params.brandId),
  }),
];
