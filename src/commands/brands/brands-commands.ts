import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import { crud, when } from '../../lib/crud.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { fields } from '../../lib/output.ts';
import { bodyFieldsOf, declaredFields } from '../../lib/resource-flags.ts';

export function showBrand(io: IOStreams, x: any): void {
  fields(io, [
    ['ID', x.id],
    ...declaredFields(RESOURCE_FLAGS.brand, x),
    ['Created', when(x.createdAt)],
    ['Updated', when(x.updatedAt)],
  ]);
}

export const { list, get, create, update, remove } = crud({
  noun: 'brand',
  command: 'brands',
  idParam: 'brandId',
  flags: bodyFieldsOf(RESOURCE_FLAGS.brand),
  show: showBrand,
  head: [
    { header: 'ID', id: true },
    'NAME',
    // a URL is pasted: never cut, it goes when there is no room
    { header: 'WEBSITE', id: true, drop: 2 },
    { header: 'UPDATED', cut: false, drop: 1 },
  ],
  row: (_io, x) => [x.id, x.name, x.website, when(x.updatedAt)],
});
