/**
 * jq itself for --jq: jq-wasm, the jq program compiled to WebAssembly (its wasm inlined in its
 * JavaScript, so the bundle needs no file beside it). Loaded on the first --jq only: start-up never
 * pays for it. jq-wasm runs one jq at a time and reports jq's exit status the way a C program's
 * exit() does under Emscripten, in process.exitCode; runs are queued here, and the exit code the
 * process had is put back after each.
 */
import { CliError, EXIT } from './errors.ts';

interface JqWasm {
  raw(data: string | object, filter: string, flags?: string[]): Promise<string>;
}

let loaded: Promise<JqWasm> | undefined;
const load = (): Promise<JqWasm> =>
  (loaded ??= import('jq-wasm').then((m: { raw?: JqWasm['raw']; default?: JqWasm }) =>
    m.raw ? (m as JqWasm) : m.default!,
  ));

let queue: Promise<unknown> = Promise.resolve();

interface Run {
  out: string;
  /** jq's exit status: 0 ok, 2 usage, 3 compile error, 5 runtime error */
  status: number;
  error?: string;
}

/** One jq run, alone, with jq's exit status read and the process's exit code left as it was. */
function run(input: string, filter: string, flags: string[]): Promise<Run> {
  const next = queue.then(async (): Promise<Run> => {
    const jq = await load();
    const before = process.exitCode;
    process.exitCode = undefined;
    try {
      const out = await jq.raw(input, filter, flags);
      return { out, status: Number(process.exitCode ?? 0) };
    } catch (e) {
      return { out: '', status: Number(process.exitCode ?? 5) || 5, error: (e as Error).message };
    } finally {
      process.exitCode = before;
    }
  });
  queue = next.catch(() => {});
  return next;
}

/**
 * jq's own words, without what only makes sense for its command line: "syntax error, unexpected ...
 * line 1" and "Cannot iterate over null", not the echo of the program, the count of compile errors or
 * the name of jq's input file. Undefined when jq did not say it (jq-wasm itself failed).
 */
export function jqMessage(raw: string): string | undefined {
  const lines = raw
    .replace(/^Failed to execute raw query: /, '')
    .split('\n')
    .filter((l) => l.startsWith('jq: error'))
    .map((l) => l.replace(/^jq: error(?: \(at [^)]*\))?: /, '').replace(/:$/, ''));
  return lines.length ? lines.join('; ') : undefined;
}

/** jq refused the filter or failed on the data: exit 2 with its words. jq-wasm failing is unexpected (exit 1). */
function failure(raw: string): CliError {
  const said = jqMessage(raw);
  return said === undefined
    ? new CliError(`--jq: jq could not run: ${raw.replace(/^Failed to execute raw query: /, '')}`)
    : new CliError(`--jq: ${said}`, EXIT.usage);
}

/** A filter jq cannot compile is a usage error (exit 2) with jq's message; nothing is run against data. */
export async function checkFilter(filter: string): Promise<void> {
  const r = await run('null', filter, ['-n', '-c']);
  // Exit 5 is a runtime error on null, not the filter's fault; anything but jq's words is jq-wasm's.
  if (r.error !== undefined && (r.status !== 5 || jqMessage(r.error) === undefined))
    throw failure(r.error);
}

/** jq -c's output: one JSON value a line. */
const parseLines = (out: string): unknown[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));

/**
 * The results of `filter` on `value`, as jq gives them. A filter that fails on the data is a usage
 * error with jq's message; when it failed after some results, `partial` holds them (as jq prints
 * them before its error).
 */
export async function evaluate(value: unknown, filter: string): Promise<unknown[]> {
  const input = JSON.stringify(value ?? null);
  const r = await run(input, filter, ['-c']);
  if (r.status === 0 && r.error === undefined) return parseLines(r.out);
  if (r.error !== undefined) throw failure(r.error);
  // It failed after some results: jq-wasm keeps the message only when there are none, so jq runs
  // again collecting its results into one array, which fails before anything is printed.
  const again = await run(input, `[\n${filter}\n]`, ['-c']);
  const partial = parseLines(r.out);
  throw Object.assign(
    failure(again.error ?? `jq: error: the filter failed after ${partial.length} results`),
    { partial },
  );
}
