import type { Command } from 'commander';
import { ApiClient } from './client.ts';
import { notice } from './output.ts';
import { isLocal, resolveTarget, type GlobalOptions } from './target.ts';
import { localTransport, remoteTransport } from './transport.ts';
import { redact } from './client.ts';

/** The options of a command merged with the global ones (commander gives globals to the root). */
export function optionsOf<T = Record<string, any>>(cmd: Command): GlobalOptions & T {
  return cmd.optsWithGlobals() as GlobalOptions & T;
}

/** An API client for the resolved target: the local backend in-process, or a remote API. */
export async function clientFor(opts: GlobalOptions): Promise<ApiClient> {
  const target = resolveTarget(opts);
  const local = isLocal(target);
  const transport = local ? await localTransport() : await remoteTransport();
  if (local) notice('Using the local backend (built-in profile "local"); adcli auth login points adcli at a real deployment.');
  const debug = opts.debug ? (line: string) => process.stderr.write(redact(line) + '\n') : undefined;
  return new ApiClient(target, transport, { debug });
}
