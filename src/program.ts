import { Command } from 'commander';
import type { Factory } from './lib/factory.ts';
import { jsonFlagValue } from './lib/json-output.ts';
import { helpConfiguration } from './lib/help.ts';
import { VERSION } from './version.ts';
import { registerCampaigns } from './tree/campaigns.ts';
import { registerResources } from './tree/resources.ts';
import { registerWork } from './tree/work.ts';
import { registerAccount } from './tree/account.ts';
import { registerLocal } from './tree/local.ts';
import { registerBackend } from './tree/backend.ts';

/** The top-level commands each group declares, so a run registers only the group it uses. */
const GROUPS: { commands: string[]; register: (program: Command, f: Factory) => void }[] = [
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
 * The groups a command line (the arguments after `adcli`) needs: none for a bare --version, the
 * named command's group, and the whole tree for help, completion, an unknown command (for
 * suggestions) or no command at all.
 */
export function groupsFor(args: string[]): typeof GROUPS {
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
    return versionOnly ? [] : GROUPS;
  }
  if (first === 'help' || first === 'completion') return GROUPS;
  const group = GROUPS.find((g) => g.commands.includes(first));
  return group ? [group] : GROUPS;
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

  for (const group of args ? groupsFor(args) : GROUPS) group.register(program, f);
  return program;
}
