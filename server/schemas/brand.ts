/** The brand, declared once (server/schemas/resource.ts): the API, the store, fixtures, snapshots and the CLI derive from it. */
import { z } from 'zod';
import { defineResource, descriptionField, nameField } from './resource.ts';

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

export const brandResource = defineResource({
  title: 'Brand',
  table: 'brands',
  fields: {
    name: nameField('brand'),
    website: {
      input: website,
      output: z.string(),
      column: 'website',
      default: '',
      label: 'Website',
      flag: { value: 'url', help: 'http(s) URL of the brand ("" clears it)' },
    },
    description: descriptionField(),
  },
});
