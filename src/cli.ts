import { VERSION } from './version.ts';

/**
 * The entry point, and the only module that runs on import. A bare `adcli --version` is answered
 * here, before the command tree (commander alone costs more than half of it) loads. Everything else
 * gets the real Factory (the process's streams, environment and Ctrl-C) and goes to main(), whose
 * commands load their own modules only when they run. The answer is the one commander would give.
 */
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const [{ main }, { Factory }] = await Promise.all([
    import('./main.ts'),
    import('./lib/factory.ts'),
  ]);
  const f = Factory.system();
  const code = await main(args, f);
  // Every command is over when main returns (serve, when it has stopped): an idle keep-alive socket
  // or a timer of the local backend must not hold the process open. Ending the process closes what
  // the run opened (f.close() is for runs inside a longer-lived process): a command on the local
  // profile does not pay for checkpointing the store's write-ahead log on its way out.
  process.exit(code);
}
