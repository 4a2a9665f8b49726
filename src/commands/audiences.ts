import type { Command } from 'commander';
import { clientFor, optionsOf } from '../lib/context.ts';
import { runList, type ListFlags } from '../lib/list.ts';
import { c, fields, printJson, table } from '../lib/output.ts';
import { confirmDelete } from '../lib/prompt.ts';
import { operation, validateLocally } from '../lib/validate.ts';
import { askName, bodyFrom, checkIdempotencyKey, deletedLine, requireChanges, when } from './brands.ts';

/** Flag name → API field. */
const FLAGS = {
  name: 'name',
  description: 'description',
  kind: 'kind',
  keyword: 'keywords',
  topic: 'topics',
  tag: 'tags',
  dataStore: 'dataStoreIds',
};
const path = (id: string) => `/audiences/${encodeURIComponent(id)}`;

export function showAudience(x: any): void {
  fields([
    ['ID', x.id],
    ['Name', c().bold(x.name)],
    ['Kind', x.kind],
    ['Description', x.description],
    ['Keywords', x.keywords.join(', ')],
    ['Topics', x.topics.join(', ')],
    ['Tags', x.tags.join(', ')],
    ['Data stores', x.dataStoreIds.join(' ')],
    ['Created', x.createdAt],
    ['Updated', x.updatedAt],
  ]);
}

const output = (o: { json?: boolean }, x: unknown) => (o.json ? printJson(x) : showAudience(x));

export async function list(cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  await validateLocally((await operation('list_audiences')).query!, { name: o.name, limit: o.limit }, 'query');
  const client = await clientFor(o);
  await runList<any>(client, '/audiences', { name: o.name }, o, (items) =>
    table(
      ['ID', 'NAME', 'KIND', 'KEYWORDS', 'TOPICS', 'DATA STORES', 'UPDATED'],
      items.map((x) => [x.id, x.name, x.kind, x.keywords.length, x.topics.length, x.dataStoreIds.length, when(x.updatedAt)]),
    ),
  );
}

export async function get(id: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  await validateLocally((await operation('get_audience')).params!, { audienceId: id }, 'path');
  const client = await clientFor(o);
  output(o, await client.request('GET', path(id)));
}

export async function create(cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFrom(o, FLAGS);
  const idempotencyKey = checkIdempotencyKey(o.idempotencyKey);
  if (body.name === undefined) body.name = await askName('Audience');
  await validateLocally((await operation('create_audience')).body!, body, 'body');
  const client = await clientFor(o);
  output(o, await client.request('POST', '/audiences', { body, idempotencyKey }));
}

export async function update(id: string, cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFrom(o, FLAGS);
  const idempotencyKey = checkIdempotencyKey(o.idempotencyKey);
  const op = await operation('update_audience');
  await validateLocally(op.params!, { audienceId: id }, 'path');
  await validateLocally(op.body!, body, 'body');
  requireChanges(body, 'audiences update');
  const client = await clientFor(o);
  output(o, await client.request('PATCH', path(id), { body, idempotencyKey }));
}

export async function remove(id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  const idempotencyKey = checkIdempotencyKey(o.idempotencyKey);
  await validateLocally((await operation('delete_audience')).params!, { audienceId: id }, 'path');
  await confirmDelete(`audience ${id}`, o.yes);
  const client = await clientFor(o);
  deletedLine(o, await client.request('DELETE', path(id), { idempotencyKey }), `audience ${id}`);
}
