/**
 * `adcli backend export [FILE] [--json]`: the workspace as a fixtures file (YAML by default, with the
 * schema line editors read), through the export_fixtures control. Applied with `adcli backend apply`
 * to an empty workspace, it makes the same records; applied to this one, it changes nothing.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CONTROL_PREFIX } from '../../generated/operations.ts';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson, say } from '../../lib/output.ts';
import { isLocal } from '../../lib/target.ts';
import { loadYaml } from './backend-apply.ts';
import { callControl } from './control-call.ts';

/** Where an adcli serve publishes the fixtures' JSON Schema, beside its controls. */
export const FIXTURES_SCHEMA_PATH = `${CONTROL_PREFIX}/fixtures.schema.json`;

/** The document as YAML, headed by the schema line of yaml-language-server (VS Code, Neovim, …). */
export async function fixturesYaml(document: unknown, schemaUrl?: string): Promise<string> {
  const body = (await loadYaml()).stringify(document, {
    lineWidth: 0,
    aliasDuplicateObjects: false,
  });
  return (schemaUrl ? `# yaml-language-server: $schema=${schemaUrl}\n` : '') + body;
}

export async function exportFixtures(f: Factory, file: string | undefined, cmd: Command) {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const document = await callControl<Record<string, unknown>>(client, 'export_fixtures');
  // the local profile has no server to publish the schema: adcli serve's address is for editors
  const schemaUrl = isLocal(client.target)
    ? undefined
    : client.url('', undefined, FIXTURES_SCHEMA_PATH);
  if (file === undefined || file === '-') {
    if (o.json) return printJson(f.io, document);
    f.io.stdout.write(await fixturesYaml(document, schemaUrl));
    return;
  }
  const text = o.json
    ? JSON.stringify(schemaUrl ? { $schema: schemaUrl, ...document } : document, null, 2) + '\n'
    : await fixturesYaml(document, schemaUrl);
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw usageError(
      `cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const count = (key: string, one: string) => {
    const n = (document[key] as unknown[] | undefined)?.length ?? 0;
    return `${n} ${one}${n === 1 ? '' : 's'}`;
  };
  say(
    f.io,
    `Exported the workspace to ${file}: ${count('brands', 'brand')}, ${count('dataStores', 'data store')}, ${count('audiences', 'saved audience')}, ${count('campaigns', 'campaign')}.`,
  );
}
