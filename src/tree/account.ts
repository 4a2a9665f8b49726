import { Argument, type Command } from 'commander';
import { EXIT } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import { examples, HELP_TOPICS } from '../lib/help.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

const auth = () => import('../commands/auth.ts');
const profiles = () => import('../commands/profiles.ts');

/** auth, profiles, completion and `help [command… | exit-codes | environment]`. */
export function registerAccount(program: Command, f: Factory): void {
  const authCmd = examples(
    program
      .command('auth')
      .description('Log in to an API deployment, show which one is in use, log out'),
    'adcli auth login --base-url https://api.example.com/api/v1 --with-token < key.txt',
    'adcli auth status',
  );
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
      .action(async (_o, cmd) => (await auth()).login(f, cmd)),
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
      .action(async (_o, cmd) => (await auth()).status(f, cmd)),
    'adcli auth status',
    'adcli auth status --profile local --json',
  );
  examples(
    authCmd
      .command('logout')
      .description(
        'Remove a profile and its key (default: the current one); the current profile falls back to local',
      )
      .action(async (_o, cmd) => (await auth()).logout(f, cmd)),
    'adcli auth logout',
    'adcli auth logout --profile staging',
  );

  const profilesCmd = examples(
    program.command('profiles').description('List the saved profiles, and choose the current one'),
    'adcli profiles list',
    'adcli profiles use local',
  );
  examples(
    profilesCmd
      .command('list')
      .description('List profiles (the current one marked; local is built in)')
      .action(async (_o, cmd) => (await profiles()).list(f, cmd)),
    'adcli profiles list',
  );
  examples(
    profilesCmd
      .command('use')
      .description('Make a profile current (a saved one, or local)')
      .argument('<name>', 'profile name')
      .action(async (name, _o, cmd) => (await profiles()).use(f, name, cmd)),
    'adcli profiles use local',
  );

  examples(
    program
      .command('completion')
      .description(
        'Print a shell completion script (bash, zsh or fish) for adcli\n\n' +
          'The same scripts ship in the completions/ folder of the package. In zsh, restart the shell after installing.',
      )
      .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
      .action(async (shell, _o, cmd) =>
        (await import('../commands/completion.ts')).completion(f, shell, cmd),
      ),
    'adcli completion bash > ~/.local/share/bash-completion/completions/adcli',
    'adcli completion zsh > "${fpath[1]}/_adcli"',
    'adcli completion fish > ~/.config/fish/completions/adcli.fish',
  );

  // Commander's own help command knows commands only; this one also knows the help topics. The real
  // one is hidden (so it is found first when parsing) and a look-alike is what completions offer.
  const topics = HELP_TOPICS.map((t) => t.name);
  examples(
    program
      .command('help', { hidden: true })
      .description('Show help for a command, or a help topic: exit-codes, environment')
      .argument('[command...]', `command path, or a topic: ${topics.join(', ')}`)
      .action((words: string[], _o, cmd: Command) =>
        help(f, program, words, Boolean(cmd.optsWithGlobals().json)),
      ),
    'adcli help campaigns create',
    'adcli help exit-codes',
    'adcli help environment',
  );
  program.addHelpCommand(
    program
      .createCommand('help')
      .description('Show help for a command, or a help topic: exit-codes, environment')
      .addArgument(new Argument('[command...]').choices(topics)),
  );
}

async function help(f: Factory, program: Command, words: string[], json: boolean): Promise<void> {
  if (words.length === 1 && (words[0] === 'exit-codes' || words[0] === 'environment'))
    return topic(f, words[0], json);
  let target = program;
  for (const word of words) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      program.error(
        `unknown command '${words.join(' ')}' (see adcli --help; topics: adcli help exit-codes, adcli help environment)`,
        {
          exitCode: EXIT.usage,
          code: 'commander.unknownCommand',
        },
      );
    }
    target = next;
  }
  target.help();
}

async function topic(f: Factory, name: 'exit-codes' | 'environment', json: boolean): Promise<void> {
  const { ENVIRONMENT, EXIT_CODES, environmentHelp } = await import('./help-topics.ts');
  if (name === 'exit-codes') {
    if (json) return void f.io.stdout.write(JSON.stringify(EXIT_CODES) + '\n');
    const lines = EXIT_CODES.map((e) => `  ${String(e.code).padEnd(4)} ${e.meaning}`);
    return void f.io.stdout.write(`Exit codes of adcli:\n${lines.join('\n')}\n`);
  }
  if (json) return void f.io.stdout.write(JSON.stringify(ENVIRONMENT) + '\n');
  f.io.stdout.write(environmentHelp(f.io.terminalWidth()));
}
