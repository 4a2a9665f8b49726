import { CommanderError } from 'commander';
import { choicesInAnyCase } from './lib/choices.ts';
import { CliError, EXIT, SilentExit } from './lib/errors.ts';
import { escapeControl, safeJson } from './lib/escape.ts';
import { loadDisplayWidths } from './lib/text.ts';
import { wrapText } from './lib/wrap.ts';
import type { Factory } from './lib/factory.ts';
import { finishJsonOutput, normalizeJsonArgs, prepareJsonOutput } from './lib/json-output.ts';
import { buildProgram } from './program.ts';

/** Commander's "errors" that are not: help and the version were asked for, and printed. */
const NOT_ERRORS = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

/**
 * Runs one command line (the arguments after `adcli`) with the Factory's IO and dependencies, and
 * answers the exit code. Every failure is said here, the same way: `adcli: …` on
 * stderr, or with --json the error's JSON; commander's usage errors (unknown option, missing
 * argument, bad choice) are usage errors like adcli's own, exit 2. Nothing here ends the process.
 */
export async function main(argv: string[], f: Factory): Promise<number> {
  const program = await buildProgram(f, argv);
  choicesInAnyCase(program);
  const args = normalizeJsonArgs(program, argv);
  const json = jsonRequested(args);
  // Messages may quote the API (a name, a server's message): escaped like every other text of it,
  // each of their lines (a message's own line breaks stay). On a terminal they are wrapped to its
  // width between words, a command they suggest never broken (src/lib/wrap.ts); piped, one line each.
  const say = (text: string) =>
    f.io.stderr.write((f.io.isStderrTTY() ? wrapText(text, f.io.terminalWidth()) : text) + '\n');
  const fail = (err: CliError): number => {
    if (json) f.io.stderr.write(safeJson(err.toJSON()) + '\n');
    else say(`adcli: ${err.message.split('\n').map(escapeControl).join('\n')}`);
    return err.exitCode;
  };
  // --json FIELDS and --jq are checked before the command runs: a mistake costs no request.
  program.hook('preAction', async (root, action) => {
    // Tables and prompts on a terminal measure display widths; a pipe never needs them.
    if (f.io.isStdoutTTY() || f.io.isStderrTTY()) await loadDisplayWidths();
    return prepareJsonOutput(f.io, root, action);
  });
  // Ctrl-C: Node's default SIGINT handling ends the process at once, and the shell sees 130. Only
  // commands that must do something first (--wait, prompts, serve) take it over (f.interrupts).
  let failure: unknown;
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (err) {
    failure = err;
  }
  // What --jq made of the command's JSON is printed even when the command then failed.
  await finishJsonOutput(f.io).catch((err: unknown) => void (failure ??= err));
  // The pager (a list on a terminal) is quit before an error is said and before the run ends.
  await f.io.stopPager();
  const err = failure;
  if (err === undefined) return EXIT.ok;
  if (err instanceof SilentExit) return err.exitCode;
  if (err instanceof CommanderError) {
    if (NOT_ERRORS.has(err.code)) return EXIT.ok;
    return fail(new CliError(err.message.replace(/^error: /, ''), EXIT.usage));
  }
  if (err instanceof CliError) return fail(err);
  say(
    `adcli: unexpected error: ${escapeControl(err instanceof Error ? err.message : String(err))}`,
  );
  if (f.env.ADCLI_DEBUG) f.io.stderr.write(`${(err as Error)?.stack}\n`);
  return EXIT.unexpected;
}

/** --json among the options (not after `--`, where it would be an argument); normalized, it is `--json=…`. */
function jsonRequested(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some(
    (a) => a === '--json' || a.startsWith('--json='),
  );
}
