import { Argument, type Command } from 'commander';
import { EXIT } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** `adcli help exit-codes` (design brief §5); every value of EXIT has a line. */
export const EXIT_CODES: { code: number; name: keyof typeof EXIT; meaning: string }[] = [
  { code: EXIT.ok, name: 'ok', meaning: 'ok' },
  { code: EXIT.unexpected, name: 'unexpected', meaning: 'unexpected error (a bug, or a failure adcli does not know)' },
  { code: EXIT.usage, name: 'usage', meaning: 'usage: a bad or missing flag or argument, a prompt needed but no terminal to ask on, a delete without --yes' },
  { code: EXIT.refused, name: 'refused', meaning: 'the API refused the request: 400 invalid, 404 not found, 409 conflict' },
  { code: EXIT.auth, name: 'auth', meaning: 'authentication: no key, a bad key (401), or a key without the scope or access (403)' },
  { code: EXIT.unavailable, name: 'unavailable', meaning: 'the API is unavailable: a network error, a 5xx, or a 429 still after the retries' },
  { code: EXIT.waitTimeout, name: 'waitTimeout', meaning: '--wait timed out (the job goes on; wait again to resume)' },
  { code: EXIT.jobFailed, name: 'jobFailed', meaning: 'the job ended in error' },
  { code: EXIT.interrupted, name: 'interrupted', meaning: 'interrupted (Ctrl-C)' },
];

const auth = () => import('../commands/auth.ts');
const profiles = () => import('../commands/profiles.ts');

/** auth, profiles, completion and `help [command… | exit-codes]`. */
export function registerAccount(program: Command, f: Factory): void {
  const authCmd = program.command('auth').description('Log in to an API deployment, show which one is in use, log out');
  // --profile and --base-url belong to the root but mean something here: show them in the help.
  authCmd.configureHelp({ ...authCmd.configureHelp(), showGlobalOptions: true });
  authCmd
    .command('login')
    .description('Check an API key with GET /workspace, then save it as a profile and make that profile current')
    .option('--with-token', 'read the key from stdin (one line) instead of asking for it')
    .addHelpText(
      'after',
      '\n--profile NAME names the profile to save (default: $ADCLI_PROFILE, else default). --base-url URL is the\n' +
        'API to log in to (default: $ADCLI_BASE_URL, else the profile\'s, else asked for on a terminal).\n' +
        'The key is never accepted as an argument:\n' +
        '  adcli auth login --base-url https://api.example.com --with-token < key.txt',
    )
    .action(async (_o, cmd) => (await auth()).login(f, cmd));
  authCmd
    .command('status')
    .description('Show the profile, base URL and workspace in use, and where the key comes from (never the key)')
    .action(async (_o, cmd) => (await auth()).status(f, cmd));
  authCmd
    .command('logout')
    .description('Remove a profile and its key (default: the current one); the current profile falls back to local')
    .action(async (_o, cmd) => (await auth()).logout(f, cmd));

  const profilesCmd = program.command('profiles').description('List the saved profiles, and choose the current one');
  profilesCmd
    .command('list')
    .description('List profiles (the current one marked; local is built in)')
    .action(async (_o, cmd) => (await profiles()).list(f, cmd));
  profilesCmd
    .command('use')
    .description('Make a profile current (a saved one, or local)')
    .argument('<name>', 'profile name')
    .action(async (name, _o, cmd) => (await profiles()).use(f, name, cmd));

  program
    .command('completion')
    .description('Print a shell completion script (bash, zsh or fish) for adcli')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      '\nInstall:\n' +
        '  bash  adcli completion bash > ~/.local/share/bash-completion/completions/adcli\n' +
        '  zsh   adcli completion zsh > "${fpath[1]}/_adcli"   (then restart zsh)\n' +
        '  fish  adcli completion fish > ~/.config/fish/completions/adcli.fish\n' +
        'The same scripts ship in the completions/ folder of the package.',
    )
    .action(async (shell, _o, cmd) => (await import('../commands/completion.ts')).completion(f, shell, cmd));

  // Commander's own help command knows commands only; this one also knows `exit-codes`. The real one
  // is hidden (so it is found first when parsing) and a look-alike is what the help lists, last.
  program
    .command('help', { hidden: true })
    .description('display help for a command')
    .argument('[command...]', 'command path, or exit-codes')
    .action((words: string[], _o, cmd: Command) => help(f, program, words, Boolean(cmd.optsWithGlobals().json)));
  program.addHelpCommand(
    program
      .createCommand('help')
      .description('display help for a command; adcli help exit-codes lists the exit codes')
      .addArgument(new Argument('[command...]').choices(['exit-codes'])),
  );
  program.addHelpText('after', '\nExit codes: adcli help exit-codes');
}

function help(f: Factory, program: Command, words: string[], json: boolean): void {
  if (words.length === 1 && words[0] === 'exit-codes') {
    if (json) {
      f.io.stdout.write(JSON.stringify(EXIT_CODES) + '\n');
      return;
    }
    const lines = EXIT_CODES.map((e) => `  ${String(e.code).padEnd(4)} ${e.meaning}`);
    f.io.stdout.write(`Exit codes of adcli:\n${lines.join('\n')}\n`);
    return;
  }
  let target = program;
  for (const word of words) {
    const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      program.error(`unknown command '${words.join(' ')}' (see adcli --help, or adcli help exit-codes)`, {
        exitCode: EXIT.usage,
        code: 'commander.unknownCommand',
      });
    }
    target = next;
  }
  target.help();
}
