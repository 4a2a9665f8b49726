import type { Command } from 'commander';
import { API_METHODS, BOUNDS } from '../../generated/contract.ts';
import { OPERATIONS } from '../../generated/operations.ts';
import { chars } from '../../lib/args.ts';
import type { Factory } from '../../lib/factory.ts';
import { helpSection } from '../../lib/help.ts';
import { collect } from '../../lib/validate.ts';
import { operationsHelp } from './operations-help.ts';

/** The arguments, flags, action and OPERATIONS of `adcli api METHOD PATH` (declared in api.ts). */
export function registerApiTree(api: Command, f: Factory): void {
  api
    .argument('<method>', `HTTP method, any case: {${API_METHODS.join(', ')}}`)
    .argument('<path>', 'path under the base URL, e.g. /campaigns or /campaigns?limit=5')
    .option('--data <json>', 'request body: JSON text, @file, or - for stdin')
    .option('--query <key=value>', 'a query parameter; repeatable', collect)
    .option(
      '--idempotency-key <key>',
      `Idempotency-Key of a write, ${chars(BOUNDS.idempotencyKey)} (default: generated)`,
    )
    .action(async (method, path, _o, cmd) =>
      (await import('./api-command.ts')).api(f, method, path, cmd),
    );
  helpSection(api, 'OPERATIONS', (width) => operationsHelp(OPERATIONS, width));
}
