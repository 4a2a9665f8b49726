/** The saved audience, declared once (server/schemas/resource.ts): the API, the store, fixtures, snapshots and the CLI derive from it. */
import { z } from 'zod';
import { hexId, recordId } from './common.ts';
import { defineResource, descriptionField, nameField } from './resource.ts';

export const AUDIENCE_KINDS = ['custom', 'affinity', 'in_market'] as const;

export const audienceResource = defineResource({
  title: 'Audience',
  table: 'audiences',
  fields: {
    name: nameField('audience'),
    description: descriptionField(),
    kind: {
      input: z
        .enum(AUDIENCE_KINDS)
        .meta({ description: 'custom (default), affinity or in_market' }),
      output: z.enum(AUDIENCE_KINDS),
      column: 'kind',
      default: 'custom',
      label: 'Kind',
      flag: { value: 'kind', help: 'audience kind' },
    },
    keywords: {
      input: z.array(z.string().min(1).max(80)).max(200),
      output: z.array(z.string()),
      column: 'keywords',
      list: true,
      default: [],
      label: 'Keywords',
      flag: { name: 'keyword', value: 'text', help: 'a keyword', clears: 'the keywords' },
    },
    topics: {
      input: z.array(z.string().min(1).max(120)).max(50),
      output: z.array(z.string()),
      column: 'topics',
      list: true,
      default: [],
      label: 'Topics',
      flag: { name: 'topic', value: 'text', help: 'a topic', clears: 'the topics' },
    },
    tags: {
      input: z.array(z.string().min(1).max(60)).max(50),
      output: z.array(z.string()),
      column: 'tags',
      list: true,
      default: [],
      label: 'Tags',
      flag: { name: 'tag', value: 'text', help: 'a tag', clears: 'the tags' },
    },
    dataStoreIds: {
      input: z
        .array(hexId('data store'))
        .max(20)
        .meta({
          description: 'data stores the targeting is generated from',
          openapi: {
            description:
              'data stores the targeting is generated from: each one of this workspace or a library store (list_data_stores); another id is refused (400)',
          },
        }),
      output: z.array(recordId),
      column: 'data_store_ids',
      list: true,
      default: [],
      label: 'Data stores',
      flag: {
        name: 'data-store',
        value: 'id',
        help: 'a data store the targeting is generated from',
        clears: 'the data stores',
      },
    },
  },
});
