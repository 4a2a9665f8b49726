import { z } from 'zod';
import { deleted, hexId, listQuery, page } from '../schemas/common.ts';
import { brandResource } from '../schemas/brand.ts';
import { brand } from '../schemas/records.ts';
import { creates, defineOperation, deletes, readOnly, updates } from './operation.ts';

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
    tool: { detail: true, view: 'brandPage' },
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
    body: brandResource.createBody,
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
    body: brandResource.updateBody,
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
