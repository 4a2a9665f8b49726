import { VERSION } from './version.ts';

/**
 * The entry point. A bare `adcli --version` is answered here, before the command tree (commander
 * alone costs more than half of it) loads; everything else goes to program.ts, whose commands load
 * their own modules only when they run. The answer is the one commander would give.
 */
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  await import('./program.ts');
}
