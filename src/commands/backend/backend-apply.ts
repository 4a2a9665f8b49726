/**
 * `adcli backend apply FILE [--prune] [--dry-run]`: a fixtures file (YAML or JSON; `-` for stdin) applied to the
 * workspace through the apply_fixtures control. The file is read here and sent as JSON; the server
 * checks it whole (errors name the file, the record and the field) and applies it in one transaction.
 * The YAML parser loads only when a file needs it.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { jsonDepth, MAX_JSON_DEPTH, measureValue } from '../../../server/lib/json.ts';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { notice, printJson, say, warn } from '../../lib/output.ts';
import { callControl } from './control-call.ts';

interface Counts {
  created: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

export interface ApplyAnswer extends Counts {
  workspace: string;
  dryRun: boolean;
  kinds: Record<string, Counts>;
  refs: Record<string, { kind: string; id: string }>;
  notes: string[];
}

/**
 * The YAML library (eemeli's `yaml`), loaded only by the commands that read or write YAML. It is
 * CommonJS: its module object is the default export (in Node and in the bundle alike).
 */
export const loadYaml = async () => (await import('yaml')).default;

/** How each list of the document is said. */
const KIND_NAMES: Record<string, string> = {
  clock: 'clock',
  brands: 'brands',
  dataStores: 'data stores',
  audiences: 'saved audiences',
  campaigns: 'campaigns',
};

/**
 * A fixtures file's document: JSON for a `.json` file, else YAML (which reads JSON too, so stdin may
 * be either). A file that cannot be read or parsed is a usage error naming it (and the line, for YAML).
 */
export async function readFixturesFile(file: string, io?: IOStreams): Promise<unknown> {
  const name = file === '-' ? 'stdin' : file;
  let text: string;
  if (file === '-') {
    if (!io) throw usageError('- (stdin) is for adcli backend apply');
    if (io.isStdinTTY()) notice(io, 'Reading fixtures from the terminal; end them with Ctrl-D.');
    text = await io.readAll();
  } else {
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw usageError(
        `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  }
  return parseFixturesText(text, name);
}

/**
 * How many times a YAML file may expand its aliases (`*anchor`), counted as yaml's `maxAliasCount`
 * counts them (each use of an anchor, times the aliases inside it): enough for a file that reuses its
 * lists, far too few for an alias bomb ("billion laughs").
 */
export const MAX_YAML_ALIASES = 1000;
/** The most a YAML fixtures document may take as JSON once its aliases are expanded. */
export const MAX_EXPANDED_BYTES = 16 * 1024 * 1024;

/** A document nested deeper than the API takes a body (MAX_JSON_DEPTH): its usage error. */
const tooDeep = (where: string) =>
  usageError(
    `${where} nests objects and lists more than ${MAX_JSON_DEPTH} levels deep; a fixtures document needs far fewer`,
  );

export async function parseFixturesText(text: string, name: string): Promise<unknown> {
  let document: unknown;
  if (/\.json$/i.test(name)) {
    // counted on the text, before JSON.parse builds anything
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw tooDeep(name);
    try {
      document = JSON.parse(text);
    } catch (e) {
      throw usageError(`${name} is not JSON: ${(e as Error).message}`);
    }
  } else {
    const doc = (await loadYaml()).parseDocument(text, { prettyErrors: true, uniqueKeys: true });
    const error = doc.errors[0];
    if (error) {
      const at = error.linePos?.[0];
      const where = `${name}${at ? `:${at.line}:${at.col}` : ''}`;
      // the parser ran out of stack: what nests that deep is refused below anyway
      if (error.code === 'RESOURCE_EXHAUSTION') throw tooDeep(where);
      throw usageError(`${where} is not YAML: ${error.message.split('\n')[0]}`);
    }
    try {
      document = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
    } catch (e) {
      if (/alias count/i.test((e as Error).message))
        throw usageError(
          `${name} expands its YAML aliases (*anchor) more than ${MAX_YAML_ALIASES} times; a fixtures file needs far fewer (an alias bomb?)`,
        );
      throw usageError(`${name} is not YAML: ${(e as Error).message.split('\n')[0]}`);
    }
    // aliases inside aliases nest, and repeat, what the text shows once
    const size = measureValue(document, { depth: MAX_JSON_DEPTH, bytes: MAX_EXPANDED_BYTES });
    if (size.depth > MAX_JSON_DEPTH) throw tooDeep(name);
    if (size.bytes > MAX_EXPANDED_BYTES)
      throw usageError(
        `${name} takes more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MB as JSON once its YAML aliases (*anchor) are expanded; a fixtures file needs far less (an alias bomb?)`,
      );
  }
  if (document === null || document === undefined)
    throw usageError(`${name} is empty: a fixtures file is an object (brands, campaigns, …)`);
  if (typeof document !== 'object' || Array.isArray(document))
    throw usageError(
      `${name} is not a fixtures document: it must be an object (brands, dataStores, audiences, campaigns, clock), not ${Array.isArray(document) ? 'a list' : `a ${typeof document}`}`,
    );
  return document;
}

/**
 * `backend apply FILE`: prints what changed, `N created, N updated`, with the counts of each kind;
 * with --dry-run what would change (the same apply, rolled back by the server).
 */
export async function apply(f: Factory, file: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ prune?: boolean; dryRun?: boolean }>(cmd);
  const name = file === '-' ? 'stdin' : file;
  const document = await readFixturesFile(file, f.io);
  const client = await f.apiClient(o);
  const r = await callControl<ApplyAnswer>(client, 'apply_fixtures', {
    body: document,
    query: {
      file: name,
      ...(o.prune ? { prune: true } : {}),
      ...(o.dryRun ? { dryRun: true } : {}),
    },
  });
  if (o.json) return printJson(f.io, r);
  const counts = (c: Counts) =>
    r.dryRun
      ? `${c.created} to create, ${c.updated} to update${o.prune ? `, ${c.deleted} to delete` : ''}`
      : `${c.created} created, ${c.updated} updated${o.prune ? `, ${c.deleted} deleted` : ''}`;
  const lines = [
    r.dryRun
      ? `Checked ${name} against workspace ${r.workspace} (--dry-run, nothing changed): ${counts(r)}.`
      : `Applied ${name} to workspace ${r.workspace}: ${counts(r)}.`,
  ];
  for (const [kind, c] of Object.entries(r.kinds)) {
    if (c.created + c.updated + c.deleted + c.unchanged === 0) continue;
    lines.push(`  ${(KIND_NAMES[kind] ?? kind).padEnd(16)}${counts(c)}, ${c.unchanged} unchanged`);
  }
  say(f.io, lines.join('\n'));
  for (const note of r.notes) warn(f.io, `Note: ${note}.`);
}
