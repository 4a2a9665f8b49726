import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
// from json-output.ts, not output.ts: --json loads neither chalk nor the table
import { printJson } from '../../lib/json-output.ts';

/** `adcli workspace`: the slug, the counts and the newest campaigns; --json the API's object. */
export async function show(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  const ws = await client.call<any>('get_workspace');
  if (o.json) {
    printJson(io, ws);
    return;
  }
  // The table and its cells load only for a person to read: --json never pays for them.
  (await import('./print-workspace.ts')).printWorkspace(io, ws);
}
