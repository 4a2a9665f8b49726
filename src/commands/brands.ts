import type { Command } from 'commander';
import { clientFor, optionsOf } from '../lib/context.ts';
import { usageError } from '../lib/errors.ts';
import { runList, type ListFlags } from '../lib/list.ts';
import { c, fields, printJson, table } from '../lib/output.ts';
import { ask, confirmDelete } from '../lib/prompt.ts';
import { operation, validateLocally } from '../lib/validate.ts';

// Helpers shared by the resource commands (audiences, data stores, brands).

/**
 * The request body from the flags, by a flag → field map: flags not given are left out, and a
 * `--no-X` (false) of a list flag means the empty list.
 */
export function bodyFrom(opts: Record<string, unknown>, map: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(map)) {
    const v = opts[flag];
    if (v === undefined || v === true) continue;
    body[field] = v === false ? [] : v;
  }
  return body;
}

/** The contract: an Idempotency-Key is 1 to 200 characters (checked before any request, exit 2). */
export function checkIdempotencyKey(key: unknown, max = 200): string | undefined {
  if (key === undefined) return undefined;
  const k = String(key);
  if (k.length < 1 || k.length > max) throw usageError(`Idempotency-Key must be 1 to ${max} characters`);
  return k;
}

export function requireChanges(body: Record<string, unknown>, command: string): void {
  if (Object.keys(body).length === 0) throw usageError(`nothing to change: give at least one field flag (see adcli ${command} --help)`);
}

/** Asks for a missing name on a terminal; without one, a usage error naming --name. */
export async function askName(what: string): Promise<string> {
  return ask('--name', `${what} name`, { validate: (v) => (v.length >= 1 && v.length <= 160) || 'between 1 and 160 characters' });
}

export const when = (iso: string | null | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : null);

/** Deleted: the API's object with --json, a line on stderr otherwise. */
export function deletedLine(o: { json?: boolean }, r: unknown, what: string): void {
  if (o.json) printJson(r);
  else process.stderr.write(`Deleted ${what}.\n`);
}

// brands

const FLAGS = { name: 'name', website: 'website', description: 'description' };
const path = (id: string) => `/brands/${encodeURIComponent(id)}`;

export function showBrand(x: any): void {
  fields([
    ['ID', x.id],
    ['Name', c().bold(x.name)],
    ['Website', x.website],
    ['Description', x.description],
    ['Created', x.createdAt],
    ['Updated', x.updatedAt],
  ]);
}

const output = (o: { json?: boolean }, x: unknown) => (o.json ? printJson(x) : showBrand(x));

export async function list(cmd: Command): Promise<void> {
  const o = optionsOf<ListFlags>(cmd);
  await validateLocally((await operation('list_brands')).query!, { name: o.name, limit: o.limit }, 'query');
  const client = await clientFor(o);
  await runList<any>(client, '/brands', { name: o.name }, o, (items) =>
    table(
      ['ID', 'NAME', 'WEBSITE', 'UPDATED'],
      items.map((x) => [x.id, x.name, x.website, when(x.updatedAt)]),
    ),
  );
}

export async function get(id: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  await validateLocally((await operation('get_brand')).params!, { brandId: id }, 'path');
  const client = await clientFor(o);
  output(o, await client.request('GET', path(id)));
}

export async function create(cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFrom(o, FLAGS);
  const idempotencyKey = checkIdempotencyKey(o.idempotencyKey);
  if (body.name === undefined) body.name = await askName('Brand');
  await validateLocally((await operation('create_brand')).body!, body, 'body');
  const client = await clientFor(o);
  output(o, await client.request('POST', '/brands', { body, idempotencyKey }));
}

export async function update(id: string, cmd: Command): Promise<void> {
  const o = optionsOf<Record<string, unknown>>(cmd);
  const body = bodyFrom(o, FLAGS);
  const idempotencyKey = checkIdempotencyKey(o.idempotencyKey);
  const op = await operation('update_brand');
  await validateLocally(op.params!, { brandId: id }, 'path');
  await validateLocally(op.body!, body, 'body');
  requireChanges(body, 'brands update');
  const client = await clientFor(o);
  output(o, await client.request('PATCH', path(id), { body, idempotencyKey }));
}

export async function remove(id: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  const idempotencyKey = checkIdempotencyKey(o.idempotencyKey);
  await validateLocally((await operation('delete_brand')).params!, { brandId: id }, 'path');
  await confirmDelete(`brand ${id}`, o.yes);
  const client = await clientFor(o);
  deletedLine(o, await client.request('DELETE', path(id), { idempotencyKey }), `brand ${id}`);
}
