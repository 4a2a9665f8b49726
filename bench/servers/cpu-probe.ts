import { createInterface } from 'node:readline';

/**
 * Lets the bench ask a server process for its own CPU time: the client (autocannon) shares the
 * machine's two cores, so wall-clock req/s can measure the client; CPU per request measures the server.
 */
export function answerCpuProbes(): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'cpu') {
      const u = process.cpuUsage();
      process.stdout.write(JSON.stringify({ cpuMicros: u.user + u.system }) + '\n');
    }
  });
}
