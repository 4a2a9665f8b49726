import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

const authCommands = () => import('./auth-commands.ts');

/** `adcli auth login|status|logout`. */
export function registerAuth(program: Command, f: Factory, deep: boolean): void {
  const authCmd = examples(
    program
      .command('auth')
      .description('Log in to an API deployment, show which one is in use, log out'),
    'adcli auth login --base-url https://api.example.com/api/v1 --with-token < key.txt',
    'adcli auth status',
  );
  if (!deep) return;
  examples(
    authCmd
      .command('login')
      .description(
        'Check an API key with GET /workspace, then save it as a profile and make that profile current\n\n' +
          '--profile NAME names the profile to save (default: $ADCLI_PROFILE, else default). --base-url URL is the ' +
          "API to log in to (default: $ADCLI_BASE_URL, else the profile's, else asked for on a terminal). " +
          'The key is never accepted as an argument: it is read from stdin, or asked for on a terminal without echo.',
      )
      .option('--with-token', 'read the key from stdin (one line) instead of asking for it')
      .action(async (_o, cmd) => (await authCommands()).login(f, cmd)),
    'adcli auth login --base-url https://api.example.com/api/v1 --with-token < key.txt',
    '# a second deployment, under its own profile',
    'adcli auth login --profile staging --base-url https://staging.example.com/api/v1',
  );
  examples(
    authCmd
      .command('status')
      .description(
        'Show the profile, base URL and workspace in use, and where the key comes from (never the key)',
      )
      .action(async (_o, cmd) => (await authCommands()).status(f, cmd)),
    'adcli auth status',
    'adcli auth status --profile local --json',
  );
  examples(
    authCmd
      .command('logout')
      .description(
        'Remove a profile and its key (default: the current one); the current profile falls back to local',
      )
      .action(async (_o, cmd) => (await authCommands()).logout(f, cmd)),
    'adcli auth logout',
    'adcli auth logout --profile staging',
  );
}
