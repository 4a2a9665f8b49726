import { RESOURCE_FLAGS } from '../../generated/flags.ts';
import { crud, when } from '../../lib/crud.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { bold, fields } from '../../lib/output.ts';
import { bodyFieldsOf } from '../../lib/resource-flags.ts';

/** Flag → API field, from the audience's declaration. */
const FLAGS = bodyFieldsOf(RESOURCE_FLAGS.audience);

export function showAudience(io: IOStreams, x: any): void {
  fields(io, [
    ['ID', x.id],
    ['Name', bold(x.name)],
    ['Kind', x.kind],
    ['Description', x.description],
    ['Keywords', x.keywords.join(', ')],
    ['Topics', x.topics.join(', ')],
    ['Tags', x.tags.join(', ')],
    ['Data stores', x.dataStoreIds.join(' ')],
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
