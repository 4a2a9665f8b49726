import { CliError, EXIT, usageError } from './errors.ts';

/** Prompts only when stdin and stdout are terminals and CI is unset (design brief §5). */
export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY) && !process.env.CI;
}

/** Asks for a value, or fails with a usage error naming the flag when nobody can answer. */
export async function ask(flag: string, message: string, opts: { default?: string; validate?: (v: string) => true | string } = {}): Promise<string> {
  if (!canPrompt()) throw usageError(`${flag} is required (no terminal to ask on)`);
  const { input } = await import('@inquirer/prompts');
  return guard(() => input({ message, default: opts.default, validate: opts.validate }));
}

export async function choose<T extends string>(flag: string, message: string, choices: readonly T[]): Promise<T> {
  if (!canPrompt()) throw usageError(`${flag} is required (no terminal to ask on)`);
  const { select } = await import('@inquirer/prompts');
  return guard(() => select({ message, choices: choices.map((value) => ({ value, name: value })) }));
}

export async function secret(message: string): Promise<string> {
  const { password } = await import('@inquirer/prompts');
  return guard(() => password({ message, mask: '•' }));
}

/** Deleting asks on a terminal, and needs --yes otherwise (exit 2 without it). */
export async function confirmDelete(what: string, yes: boolean | undefined): Promise<void> {
  await confirmOrYes({ question: `Delete ${what}?`, withoutTerminal: `deleting ${what}`, declined: 'nothing deleted' }, yes);
}

/**
 * A destructive change asks on a terminal, and needs --yes otherwise (exit 2 without it, naming
 * --yes). `withoutTerminal` names the change as in "<it> needs --yes …"; a "no" ends with `declined`.
 */
export async function confirmOrYes(what: { question: string; withoutTerminal: string; declined: string }, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!canPrompt()) throw usageError(`${what.withoutTerminal} needs --yes when there is no terminal to confirm on`);
  const { confirm } = await import('@inquirer/prompts');
  const ok = await guard(() => confirm({ message: what.question, default: false }));
  if (!ok) throw new CliError(what.declined, EXIT.usage);
}

/** Ctrl-C in a prompt ends the command with 130, not a stack trace. */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if ((e as Error)?.name === 'ExitPromptError') throw new CliError('interrupted', EXIT.interrupted);
    throw e;
  }
}
