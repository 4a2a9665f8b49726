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
 * The top-level commands, each declared in its folder under src/commands/, in the order help lists
 * them; a run registers only the one it names.
 */
const COMMANDS: { name: string; register: (program: Command, f: Factory) => void }[] = [
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
 * The top-level commands a command line (the arguments after `adcli`) needs: none for a bare
 * --version, the named command, and the whole tree for help, completion, an unknown command (for
 * suggestions) or no command at all.
 */
export function commandsFor(args: string[]): typeof COMMANDS {
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
    return versionOnly ? [] : COMMANDS;
  }
  if (first === 'help' || first === 'completion') return COMMANDS;
  const named = COMMANDS.find((c) => c.name === first);
  return named ? [named] : COMMANDS;
}

/**
 * The command tree, its commands bound to the Factory `f`. Only commander and the tree declarations
 * load at start-up; each command's module is imported when it runs, so `adcli --version` never pays
 * for the server, the HTTP client or the UI libraries. Without `args`, the whole tree (completions
 * and tests walk it). Help, versions and usage errors go through `f.io`; commander never prints an
 * error itself (main says it, as every other error) and never ends the process. Every command's help
 * is laid out by src/lib/help.ts (set here on the root; commander hands it down to each command).
 */
export function buildProgram(f: Factory, args?: string[]): Command {
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

  for (const command of args ? commandsFor(args) : COMMANDS) command.register(program, f);
  return program;
}
