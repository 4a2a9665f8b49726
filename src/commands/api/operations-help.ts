import { OPERATIONS, type OperationSummary } from '../../generated/operations.ts';

/**
 * The OPERATIONS section of `adcli api --help`: every operation, from the generated table (no zod,
 * no server code at start-up), a line each when that fits `width`, else the scope and summary on a
 * second line.
 */
export function operationsHelp(
  ops: readonly OperationSummary[] = OPERATIONS,
  width = Infinity,
): string {
  const mw = Math.max(...ops.map((o) => o.method.length));
  const pw = Math.max(...ops.map((o) => o.path.length));
  const sw = Math.max(...ops.map((o) => o.scope.length));
  const oneLine = ops.map(
    (o) => `${o.method.padEnd(mw)}  ${o.path.padEnd(pw)}  ${o.scope.padEnd(sw)}  ${o.summary}`,
  );
  const fits = oneLine.every((l) => l.length <= width);
  return [
    'Paths are under the base URL (…/api/v1); each needs the scope beside it.',
    ...(fits
      ? oneLine
      : ops.flatMap((o) => [
          `${o.method.padEnd(mw)}  ${o.path}`,
          `${' '.repeat(mw + 2)}${o.scope}  ${o.summary}`,
        ])),
  ].join('\n');
}
