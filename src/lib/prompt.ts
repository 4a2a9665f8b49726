import { CliError, EXIT, usageError } from './errors.ts';
import type { IOStreams } from './iostreams.ts';

/**
 * Questions on the terminal, through the IO's streams. A prompt shows only when `io.canPrompt()`
 * (stdin and stdout are terminals, CI unset); otherwise a missing value is a usage error naming its
 * flag. The prompt library loads on the first question.
 */
export class Prompter {
  readonly #io: IOStreams;

  constructor(io: IOStreams) {
    this.#io = io;
  }

  canPrompt(): boolean {
    return this.#io.canPrompt();
  }

  /** The streams the prompts read and draw on. */
  #context() {
    return { input: this.#io.stdin, output: this.#io.stdout };
  }

  /**
   * Asks for a value, or fails with a usage error naming the flag when nobody can answer. A value
   * `validate` refuses is not taken: its reason shows under the question, which is asked again
   * (the answers given before it stay).
   */
  async ask(
    flag: string,
    message: string,
    opts: { default?: string; validate?: (v: string) => true | string } = {},
  ): Promise<string> {
    if (!this.canPrompt()) throw usageError(`${flag} is required (no terminal to ask on)`);
    const { input } = await import('@inquirer/prompts');
    return guard(() =>
      input({ message, default: opts.default, validate: opts.validate }, this.#context()),
    );
  }

  async choose<T extends string>(flag: string, message: string, choices: readonly T[]): Promise<T> {
    if (!this.canPrompt()) throw usageError(`${flag} is required (no terminal to ask on)`);
    const { select } = await import('@inquirer/prompts');
    return guard(() =>
      select(
        { message, choices: choices.map((value) => ({ value, name: value })) },
        this.#context(),
      ),
    );
  }

  /**
   * Several of a list, ticked with space (none is an answer too, unless `validate` says otherwise),
   * or a usage error naming the flag when nobody can answer.
   */
  async chooseMany<T>(
    flag: string,
    message: string,
    choices: readonly { value: T; name: string; description?: string }[],
    opts: { validate?: (chosen: readonly T[]) => true | string } = {},
  ): Promise<T[]> {
    if (!this.canPrompt()) throw usageError(`${flag} is required (no terminal to ask on)`);
    const { checkbox } = await import('@inquirer/prompts');
    const validate = opts.validate;
    return guard(() =>
      checkbox(
        {
          message,
          choices,
          pageSize: 10,
          validate: validate ? (chosen) => validate(chosen.map((c) => c.value)) : undefined,
        },
        this.#context(),
      ),
    );
  }

  /** A secret typed at a masked prompt (the caller checks canPrompt first). */
  async secret(message: string): Promise<string> {
    const { password } = await import('@inquirer/prompts');
    return guard(() => password({ message, mask: '•' }, this.#context()));
  }

  /**
   * Deleting asks on a terminal, and needs --yes otherwise (exit 2 without it). `details`, called
   * only when the question will be asked (so a script with --yes or without a terminal sends
   * nothing for it), may look the thing up to name it better and to warn before the question.
   */
  async confirmDelete(
    what: string,
    yes: boolean | undefined,
    details?: () => Promise<Question>,
  ): Promise<void> {
    await this.confirmOrYes(
      {
        question: details ?? `Delete ${what}?`,
        withoutTerminal: `deleting ${what}`,
        declined: 'nothing deleted',
      },
      yes,
    );
  }

  /**
   * A destructive change asks on a terminal, and needs --yes otherwise (exit 2 without it, naming
   * --yes). `withoutTerminal` names the change as in "<it> needs --yes …"; a "no" ends with
   * `declined`. The question may be worked out only once it is sure to be asked; its warning goes
   * to stderr just before it.
   */
  async confirmOrYes(
    what: {
      question: string | (() => Promise<Question>);
      withoutTerminal: string;
      declined: string;
    },
    yes: boolean | undefined,
  ): Promise<void> {
    if (yes) return;
    if (!this.canPrompt())
      throw usageError(
        `${what.withoutTerminal} needs --yes when there is no terminal to confirm on`,
      );
    const q =
      typeof what.question === 'string' ? { question: what.question } : await what.question();
    if (q.warning) {
      const { warn } = await import('./output.ts');
      warn(this.#io, q.warning);
    }
    const { confirm } = await import('@inquirer/prompts');
    const ok = await guard(() => confirm({ message: q.question, default: false }, this.#context()));
    if (!ok) throw new CliError(what.declined, EXIT.usage);
  }
}

/** A yes/no question, and what to know before answering it (said on stderr first). */
export interface Question {
  question: string;
  warning?: string;
}

/** Ctrl-C in a prompt ends the command with 130, not a stack trace. */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if ((e as Error)?.name === 'ExitPromptError')
      throw new CliError('interrupted', EXIT.interrupted);
    throw e;
  }
}
