import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli serve` (the local backend), `serve keys` and `serve ads` (the simulated ad platform). */
export async function registerServe(program: Command, f: Factory, deep: boolean): Promise<void> {
  const serve = examples(
    program.command('serve'),
    'adcli serve --seed demo',
    '# a throw-away server on a free port; its URL and key as one JSON line',
    'adcli serve --memory --seed demo --port 0 --json',
    '# run a command against a fresh server, then stop it (ADCLI_BASE_URL and ADCLI_API_KEY are set)',
    "adcli serve --memory --seed demo --exec 'adcli campaigns list'",
    'adcli serve --memory --clock 2030-12-01T09:00:00Z --job-delay 0',
    '# one of several replicas on one Postgres database (the password from PGPASSWORD)',
    'adcli serve --database postgres://adcli@db.internal:5432/adcli --host 0.0.0.0',
    '# check a real deployment against the contract: point the client here instead of there',
    'adcli serve --memory --proxy https://ads.example.com/api/v1',
    '# with ADCLI_YOUTUBE_API_KEY set: data stores collect channels the catalog lacks from YouTube',
    'adcli serve --youtube-quota 5000',
  ).description('Run the whole API locally: a stateful backend with a simulated ad platform');
  if (deep) (await import('./serve-tree.ts')).registerServeTree(serve, f);
}
