/**
 * What the doors of server/app throw for the command line to turn into an exit code, beside the
 * API's own ApiError: a store that cannot be used, a server that cannot start.
 */
export { ApiError } from '../lib/errors.ts';
export { DatabaseOpenError, StoreFileError, type DatabaseOpenErrorKind } from '../store/errors.ts';

/**
 * `adcli serve` could not start: `port-in-use` (another --port fixes it), `listen` (another
 * address), `snapshot` (the --snapshot file), `fixtures` (the --fixtures file). The message is one
 * line, without a stack.
 */
export class ServerStartError extends Error {
  override name = 'ServerStartError';
  readonly reason: 'port-in-use' | 'listen' | 'snapshot' | 'fixtures';
  constructor(reason: ServerStartError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}
