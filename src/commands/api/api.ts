import type { Command } from 'commander';
import { API_METHODS, BOUNDS } from '../../generated/contract.ts';
import { OPERATIONS } from '../../generated/operations.ts';
import { chars } from '../../lib/args.ts';
import type { Factory } from '../../lib/factory.ts';
import { examples, helpSection } from '../../lib/help.ts';
import { collect } from '../../lib/validate.ts';
import { operationsHelp } from './operations-help.ts';

/** `adcli api METHOD PATH`. */
export function registerApi(program: Command, f: Factory): void {
  const api = program
    .command('api')
    .description(
      "Send a raw API request with the profile's key and print the response JSON\n\n" +
        'The response JSON goes to stdout. A refused request prints the error JSON on stderr and exits ' +
        '3 (400, 404, 409), 4 (401, 403) or 5 (429 after retries, 5xx).',
    )
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
  examples(
    api,
    'adcli api GET /workspace',
    'adcli api GET /campaigns --query limit=5 --query name=spring',
    `adcli api POST /campaigns --data '{"name": "Spring launch"}'`,
    `adcli api PATCH /campaigns/65f0c1d2e3a4b5c6d7e8f901 --data '{"budget": 80}'`,
    'cat body.json | adcli api PATCH /campaigns/65f0c1d2e3a4b5c6d7e8f901 --data -',
  );
}
