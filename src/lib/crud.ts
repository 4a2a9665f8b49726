import type { Command } from 'commander';
import { BOUNDS } from '../generated/contract.ts';
import { optionsOf } from './context.ts';
import { usageError } from './errors.ts';
import type { Factory } from './factory.ts';
import type { IOStreams } from './iostreams.ts';
import { runList, type ListFlags } from './list.ts';
import { printJson, say, table, type Column, type Text } from './output.ts';
import type { Prompter } from './prompt.ts';
import { route } from './route.ts';
import { flagsOf } from './flag-words.ts';
import { operation, validateLocally } from './validate.ts';

/**
 * The request body from the flags, by a flag → field map: flags not given are left out, and a
 * `--no-X` (false) means `cleared`: the empty list for list fields, null for nullable settings.
 */
export function bodyFrom(
  opts: Record<string, unknown>,
  map: Record<string, string>,
  cleared: [] | null = [],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(map)) {
    const v = opts[flag];
    if (v === undefined || v === true) continue;
    body[field] = v === false ? (cleared === null ? null : []) : v;
  }
  return body;
}

export function requireChanges(body: Record<string, unknown>, command: string): void {
  if (Object.keys(body).length === 0)
    throw usageError(
      `nothing to change: give at least one field flag (see adcli ${command} --help)`,
    );
}

/** Asks for a missing name on a terminal; without one, a usage error naming --name. */
export async function askName(prompter: Prompter, what: string): Promise<string> {
  const { min, max } = BOUNDS.name;
  return prompter.ask('--name', `${what} name`, {
    validate: (v) => (v.length >= min && v.length <= max) || `between ${min} and ${max} characters`,
  });
}

export const when = (iso: string | null | undefined) =>
  iso ? iso.slice(0, 16).replace('T', ' ') : null;

/** Deleted: the API's object with --json, a line on stderr otherwise. */
export function deletedLine(io: IOStreams, o: { json?: boolean }, r: unknown, what: string): void {
  if (o.json) printJson(io, r);
  else say(io, `Deleted ${what}.`);
}

/** A resource with the usual five verbs; its operations are named list_<plural>, get_<noun>, … */
export interface Resource {
  /** singular, as in messages and operation names: 'brand', 'data store' */
  noun: string;
  /** the command group: 'brands', 'data-stores' */
  command: string;
  /** the path parameter of one item: 'brandId' */
  idParam: string;
  /** flag → API field, for create and update */
  flags: Record<string, string>;
  show(io: IOStreams, record: any): void;
  head: (string | Column)[];
  row(io: IOStreams, record: any): Text[];
  /** list query parameters beyond name */
  listQuery?(opts: Record<string, unknown>): Record<string, string | undefined>;
  /** said on stderr after a create (e.g. that collection runs in the background) */
  afterCreate?(io: IOStreams, opts: { json?: boolean }, record: any): void;
}

/** list / get / create / update / remove for a resource, each checked locally before any request. */
export function crud(r: Resource) {
  const snake = r.noun.replace(/ /g, '_');
  const opName = (verb: string) =>
    verb === 'list' ? `list_${r.command.replace(/-/g, '_')}` : `${verb}_${snake}`;
  const op = (verb: string) => operation(opName(verb));
  const params = (id: string) => ({ [r.idParam]: id });
  const output = (io: IOStreams, o: { json?: boolean }, x: unknown) =>
    o.json ? printJson(io, x) : r.show(io, x);
  const checkId = async (verb: string, id: string) =>
    validateLocally((await op(verb)).params!, { [r.idParam]: id }, 'path');

  return {
    async list(f: Factory, cmd: Command): Promise<void> {
      const o = optionsOf<ListFlags & Record<string, unknown>>(cmd);
      const query = { name: o.name, ...r.listQuery?.(o) };
      await validateLocally((await op('list')).query!, { ...query, limit: o.limit }, 'query', {
        name: '--name',
        limit: '--limit',
      });
      const client = await f.apiClient(o);
      const filtered = Object.values(query).some((v) => v !== undefined);
      await runList<any>(f.io, client, route(opName('list')).path, query, o, {
        render: (items) =>
          table(
            f.io,
            r.head,
            items.map((x) => r.row(f.io, x)),
          ),
        empty: `No ${r.noun}s ${filtered ? 'match' : 'yet'}.`,
      });
    },
    async get(f: Factory, id: string, cmd: Command): Promise<void> {
      const o = optionsOf(cmd);
      await checkId('get', id);
      const client = await f.apiClient(o);
      output(f.io, o, await client.call(opName('get'), { params: params(id) }));
    },
    async create(f: Factory, cmd: Command): Promise<void> {
      const o = optionsOf<Record<string, unknown>>(cmd);
      const body = bodyFrom(o, r.flags);
      if (body.name === undefined)
        body.name = await askName(f.prompter, r.noun[0]!.toUpperCase() + r.noun.slice(1));
      await validateLocally((await op('create')).body!, body, 'body', flagsOf(r.flags));
      const client = await f.apiClient(o);
      const record = await client.call(opName('create'), {
        body,
        idempotencyKey: o.idempotencyKey as string | undefined,
      });
      output(f.io, o, record);
      r.afterCreate?.(f.io, o, record);
    },
    async update(f: Factory, id: string, cmd: Command): Promise<void> {
      const o = optionsOf<Record<string, unknown>>(cmd);
      const body = bodyFrom(o, r.flags);
      await checkId('update', id);
      await validateLocally((await op('update')).body!, body, 'body', flagsOf(r.flags));
      requireChanges(body, `${r.command} update`);
      const client = await f.apiClient(o);
      output(
        f.io,
        o,
        await client.call(opName('update'), {
          params: params(id),
          body,
          idempotencyKey: o.idempotencyKey as string | undefined,
        }),
      );
    },
    async remove(f: Factory, id: string, cmd: Command): Promise<void> {
      const o = optionsOf<{ yes?: boolean }>(cmd);
      await checkId('delete', id);
      await f.prompter.confirmDelete(`${r.noun} ${id}`, o.yes);
      const client = await f.apiClient(o);
      deletedLine(
        f.io,
        o,
        await client.call(opName('delete'), {
          params: params(id),
          idempotencyKey: o.idempotencyKey as string | undefined,
        }),
        `${r.noun} ${id}`,
      );
    },
  };
}
