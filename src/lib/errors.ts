/** Exit codes (`adcli help exit-codes` prints this table). */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  refused: 3,
  auth: 4,
  unavailable: 5,
  config: 6,
  waitTimeout: 8,
  jobFailed: 10,
  interrupted: 130,
} as const;

/** An expected failure: printed as one plain line, never with a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.unexpected) {
    super(message);
    this.exitCode = exitCode;
  }
  /** The shape printed on stderr with --json. */
  toJSON(): { error: Record<string, unknown> } {
    return { error: { message: this.message, exitCode: this.exitCode } };
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);

/**
 * The command has already said all there is to say (a refused `adcli api` request printed its error
 * JSON, `backend requests --follow` stopped on Ctrl-C): the run ends with this exit code, printing nothing.
 */
export class SilentExit extends Error {
  readonly exitCode: number;
  constructor(exitCode: number) {
    super(`exit ${exitCode}`);
    this.exitCode = exitCode;
  }
}
