import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './lib/errors.ts';
import { VERSION } from './version.ts';
import { registerCampaigns } from './tree/campaigns.ts';
import { registerResources } from './tree/resources.ts';
import { registerWork } from './tree/work.ts';
import { registerAccount } from './tree/account.ts';
import { registerLocal } from './tree/local.ts';
import { registerBackend } from './tree/backend.ts';

/** The top-level commands each group declares, so a run registers only the group it uses. */
const GROUPS: { commands: string[]; register: (program: Command) => void }[] = [
  { commands: ['campaigns'], register: registerCampaigns },
  { commands: ['workspace', 'audiences', 'data-stores', 'brands'], register: registerResources },
  { commands: ['targeting', 'performance', 'ads', 'explore', 'api'], register: registerWork },
  { commands: ['auth', 'profiles', 'completion', 'help'], register: registerAccount },
  { commands: ['serve', 'mcp'], register: registerLocal },
  { commands: ['backend'], register: registerBackend },
];

/** Root options that take a value, so their value is not mistaken for the command. */
const VALUE_OPTIONS = new Set(['--profile', '--base-url']);

/**
 * The groups a command line needs: none for a bare --version, the named command's group, and the
 * whole tree for help, completion, an unknown command (for suggestions) or no command at all.
 */
export function groupsFor(argv: string[]): typeof GROUPS {
  const args = argv.slice(2);
  let first: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith('-')) {
      first = a;
      break;
    }
  }
  if (first === undefined) {
    const versionOnly = args.some((a) => a === '-v' || a === '--version') && !args.some((a) => a === '-h' || a === '--help');
    return versionOnly ? [] : GROUPS;
  }
  if (first === 'help' || first === 'completion') return GROUPS;
  const group = GROUPS.find((g) => g.commands.includes(first));
  return group ? [group] : GROUPS;
}

/**
 * The command tree. Only commander and the tree declarations load at start-up; each command's module
 * is imported when it runs, so `adcli --version` never pays for the server, the HTTP client or the UI
 * libraries. Without argv, the whole tree (completions and tests walk it).
 */
export function buildProgram(argv?: string[]): Command {
  const program = new Command('adcli')
    .description('Manage advertising campaigns from the terminal, and run the API locally with `adcli serve`.')
    .version(VERSION, '-v, --version')
    .option('--profile <name>', 'profile to use (default: the current one; see adcli profiles)')
    .option('--base-url <url>', 'API base URL, e.g. https://api.example.com/api/v1 (overrides the profile)')
    .option('--json', 'print JSON: records as the API returns them, lists as one array')
    .option('--debug', 'log each HTTP exchange to stderr (the key redacted)')
    .showSuggestionAfterError(true)
    .exitOverride();

  for (const group of argv ? groupsFor(argv) : GROUPS) group.register(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram(argv);
  const json = argv.includes('--json');
  // Ctrl-C: Node's default SIGINT handling ends the process at once, and the shell sees 130. Only
  // commands that must do something first (--wait, prompts, serve) install a handler of their own.
  try {
    await program.parseAsync(argv);
    return process.exitCode === undefined ? EXIT.ok : Number(process.exitCode);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version are not errors; commander already printed them.
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    if (err instanceof CliError) {
      process.stderr.write(json ? JSON.stringify(err.toJSON()) + '\n' : `adcli: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`adcli: unexpected error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.ADCLI_DEBUG) process.stderr.write(`${(err as Error)?.stack}\n`);
    return EXIT.unexpected;
  }
}

const code = await main(process.argv);
// Long-running commands (serve) keep the event loop alive themselves; the others end here, even if
// an idle keep-alive socket or a timer of the local backend would hold the process open.
if (process.argv[2] !== 'serve' || code !== EXIT.ok) process.exit(code);
