import { InvalidArgumentError } from 'commander';

/** A whole-number flag within bounds; commander turns the error into a usage error (exit 2). */
export function intArg(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    }
    return Number(value);
  };
}

/** A duration such as 90s, 10m, 1h or plain milliseconds. */
export function durationArg(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!m) throw new InvalidArgumentError('must be a duration such as 30s, 10m or 1h');
  const n = Number(m[1]);
  return Math.round(n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h']);
}
