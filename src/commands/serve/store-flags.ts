import type { Command } from 'commander';

/**
 * --data and --database of the operator's commands that work on a backend's store directly (serve
 * keys, migrate, ads): its SQLite data dir, or its Postgres database.
 */
export function withBackendStore(cmd: Command): Command {
  return cmd
    .option('--data <dir>', 'data dir of the backend')
    .option(
      '--database <url>',
      'the Postgres database of the backend instead (default $ADCLI_DATABASE_URL)',
    );
}
