import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli api METHOD PATH`. */
export async function registerApi(program: Command, f: Factory, deep: boolean): Promise<void> {
  const api = examples(
    program
      .command('api')
      .description(
        "Send a raw API request with the profile's key and print the response JSON\n\n" +
          'The response JSON goes to stdout. A refused request prints the error JSON on stderr and exits ' +
          '3 (400, 404, 409), 4 (401, 403) or 5 (429 after retries, 5xx).',
      ),
    'adcli api GET /workspace',
    'adcli api GET /campaigns --query limit=5 --query name=spring',
    `adcli api POST /campaigns --data '{"name": "Spring launch"}'`,
    `adcli api PATCH /campaigns/65f0c1d2e3a4b5c6d7e8f901 --data '{"budget": 80}'`,
    'cat body.json | adcli api PATCH /campaigns/65f0c1d2e3a4b5c6d7e8f901 --data -',
  );
  if (deep) (await import('./api-tree.ts')).registerApiTree(api, f);
}
