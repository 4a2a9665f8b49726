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

/** An instant: ISO 8601 with a zone (2026-12-01T09:00:00Z), or a date (midnight UTC). */
export function instantArg(value: string): Date {
  const ok = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value.trim());
  const at = new Date(value.trim());
  if (!ok || Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be an ISO 8601 time with a zone, e.g. 2026-12-01T09:00:00Z, or a date');
  return at;
}
