import { Command } from 'commander';
import type { Factory } from './lib/factory.ts';
import { jsonFlagValue } from './lib/json-output.ts';
import { helpConfiguration } from './lib/help.ts';
import { VERSION } from './version.ts';
import { registerAds } from './commands/ads/ads.ts';
import { registerApi } from './commands/api/api.ts';
import { registerAudiences } from './commands/audiences/audiences.ts';
import { registerAuth } from './commands/auth/auth.ts';
import { registerBackend } from './commands/backend/backend.ts';
import { registerBrands } from './commands/brands/brands.ts';
import { registerCampaigns } from './commands/campaigns/campaigns.ts';
import { registerCompletion } from './commands/completion/completion.ts';
import { registerDataStores } from './commands/data-stores/data-stores.ts';
import { registerExplore } from './commands/explore/explore.ts';
import { registerHelp } from './commands/help/help.ts';
import { registerMcp } from './commands/mcp/mcp.ts';
import { registerPerformance } from './commands/performance/performance.ts';
import { registerProfiles } from './commands/profiles/profiles.ts';
import { registerServe } from './commands/serve/serve.ts';
import { registerTargeting } from './commands/targeting/targeting.ts';
import { registerWorkspace } from './commands/workspace/workspace.ts';

/**
 * Declares a top-level command on `program`: shallow, only what root help and a suggestion read
 * (its name, description and examples); deep, its subcommands, flags and action too, which a
 * command with many declares in a module of its own (`<noun>-tree.ts`), loaded only then.
 */
export type Register = (program: Command, f: Factory, deep: boolean) => void | Promise<void>;

/**
 * The top-level commands, each declared in its folder under src/commands/, in the order help lists
 * them; a run registers deep only the ones it can reach.
 */
const COMMANDS: { name: string; register: Register }[] = [
  { name: 'campaigns', register: registerCampaigns },
  { name: 'workspace', register: registerWorkspace },
  { name: 'audiences', register: registerAudiences },
  { name: 'data-stores', register: registerDataStores },
  { name: 'brands', register: registerBrands },
  { name: 'targeting', register: registerTargeting },
  { name: 'performance', register: registerPerformance },
  { name: 'ads', register: registerAds },
  { name: 'explore', register: registerExplore },
  { name: 'api', register: registerApi },
  { name: 'auth', register: registerAuth },
  { name: 'profiles', register: registerProfiles },
  { name: 'completion', register: registerCompletion },
  { name: 'help', register: registerHelp },
  { name: 'serve', register: registerServe },
  { name: 'mcp', register: registerMcp },
  { name: 'backend', register: registerBackend },
];

/** Root options that take a value, so their value is not mistaken for the command. */
const VALUE_OPTIONS = new Set(['--profile', '--base-url']);

/**
 * The top-level commands a command line (the arguments after `adcli`) needs, each with whether it
 * is needed deep: none for a bare --version; the named command alone, deep; the whole tree deep for
 * completion (its script lists it all). Otherwise (help, an unknown command, no command at all)
 * every command for the list and the suggestions, deep only those that a word of the line names:
 * commander can reach no other (`adcli --jq .slug workspace`, `adcli help campaigns create`).
 */
export function commandsFor(args: string[]): { name: string; register: Register; deep: boolean }[] {
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
    const versionOnly =
      args.some((a) => a === '-v' || a === '--version') &&
      !args.some((a) => a === '-h' || a === '--help');
    if (versionOnly) return [];
  }
  const named = COMMANDS.find((c) => c.name === first);
  if (named && first !== 'help' && first !== 'completion') return [{ ...named, deep: true }];
  const all = args.includes('completion');
  return COMMANDS.map((c) => ({ ...c, deep: all || args.includes(c.name) }));
}

/**
 * The command tree, its commands bound to the Factory `f`. Only commander and the groups load at
 * start-up; a group's subcommands when it is needed deep, each command's module when it runs, so
 * `adcli --version` never pays for the server, the HTTP client or the UI libraries. Without `args`,
 * the whole tree, deep (completions and tests walk it). Help, versions and usage errors go through
 * `f.io`; commander never prints an error itself (main says it, as every other error) and never
 * ends the process. Every command's help is laid out by src/lib/help.ts (set here on the root;
 * commander hands it down to each command).
 */
export async function buildProgram(f: Factory, args?: string[]): Promise<Command> {
  const io = f.io;
  const program = new Command('adcli')
    .description(
      'Manage advertising campaigns from the terminal, and run the API locally with `adcli serve`.',
    )
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: () => {},
      getOutHelpWidth: () => io.terminalWidth(),
      getErrHelpWidth: () => io.terminalWidth(),
      getOutHasColors: () => io.colorEnabled(),
      getErrHasColors: () => io.colorEnabledStderr(),
    })
    .configureHelp(helpConfiguration())
    .helpOption('-h, --help', 'show help for this command')
    .version(VERSION, '-v, --version', 'print the version of adcli')
    .option('--profile <name>', 'profile to use (default: the current one; see adcli profiles)')
    .option(
      '--base-url <url>',
      'API base URL, e.g. https://api.example.com/api/v1 (overrides the profile)',
    )
    .option(
      '--json [fields]',
      'print JSON: records as the API returns them, lists as one array; with fields (id,name,status) only those',
      jsonFlagValue,
    )
    .option(
      '--jq <expression>',
      'filter the JSON with jq (implies --json); string results print as plain text',
    )
    .option('--debug', 'log each HTTP exchange to stderr (the key redacted)')
    .showSuggestionAfterError(true)
    .exitOverride();

  const commands = args ? commandsFor(args) : COMMANDS.map((c) => ({ ...c, deep: true }));
  // Each group is declared at once, in order; the subcommands of those needed deep load meanwhile.
  await Promise.all(commands.map(async (c) => c.register(program, f, c.deep)));
  return program;
}
