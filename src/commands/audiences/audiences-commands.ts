import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import { crud, when } from '../../lib/crud.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { fields } from '../../lib/output.ts';
import { bodyFieldsOf, declaredFields } from '../../lib/resource-flags.ts';

/** Flag → API field, from the audience's declaration. */
const FLAGS = bodyFieldsOf(RESOURCE_FLAGS.audience);

export function showAudience(io: IOStreams, x: any): void {
  fields(io, [
    ['ID', x.id],
    ...declaredFields(RESOURCE_FLAGS.audience, x),
    ['Created', when(x.createdAt)],
    ['Updated', when(x.updatedAt)],
  ]);
}

export const { list, get, create, update, remove } = crud({
  noun: 'audience',
  command: 'audiences',
  idParam: 'audienceId',
  flags: FLAGS,
  show: showAudience,
  head: [
    { header: 'ID', id: true },
    'NAME',
    { header: 'KIND', cut: false },
    { header: 'KEYWORDS', cut: false, drop: 3, align: 'right' },
    { header: 'TOPICS', cut: false, drop: 2, align: 'right' },
    { header: 'DATA STORES', cut: false, drop: 4, align: 'right' },
    { header: 'UPDATED', cut: false, drop: 1 },
  ],
  row: (_io, x) => [
    x.id,
    x.name,
    x.kind,
    x.keywords.length,
    x.topics.length,
    x.dataStoreIds.length,
    when(x.updatedAt),
  ],
});
