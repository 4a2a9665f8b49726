import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { API_METHODS } from '../../generated/contract.ts';
import { exitCodeFor } from '../../lib/client.ts';
import { optionsOf } from '../../lib/context.ts';
import { SilentExit, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { escapeControl, safeJson } from '../../lib/escape.ts';
import { printJson } from '../../lib/output.ts';

/** `--data` as JSON text, `@file`, or `-` for stdin; parsed here so bad JSON is a usage error. */
export async function readData(io: IOStreams, spec: string): Promise<unknown> {
  let text = spec;
  let from = '--data';
  if (spec === '-' || spec.startsWith('@')) {
    from = spec === '-' ? 'stdin' : spec.slice(1);
    try {
      text = spec === '-' ? await io.readAll() : await readFile(spec.slice(1), 'utf8');
    } catch (e) {
      throw usageError(`cannot read ${from}: ${(e as Error).message}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw usageError(`${from} is not JSON: ${(e as Error).message}`);
  }
}

/** "/campaigns?limit=5" plus `--query k=v` flags → a path under the base URL and a query object. */
export function splitPath(
  raw: string,
  pairs: string[] = [],
): { path: string; query: Record<string, string> } {
  if (/^https?:\/\//i.test(raw))
    throw usageError(
      'give a path under the base URL, like /campaigns, not a full URL (--base-url picks the API)',
    );
  let [path = '', qs = ''] = raw.split(/\?(.*)/s, 2);
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/^\/api\/v1(?=\/|$)/, '') || '/';
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(qs));
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i <= 0) throw usageError(`--query ${JSON.stringify(p)}: use key=value`);
    query[p.slice(0, i)] = p.slice(i + 1);
  }
  return { path, query };
}

/**
 * A raw request with the profile's key, through the same client as every command (retries,
 * Idempotency-Key on writes, --debug). 2xx: the response JSON on stdout. Otherwise: the error JSON
 * on stderr and the exit code of that status (3, 4 or 5).
 */
export async function api(
  f: Factory,
  method: string,
  rawPath: string,
  cmd: Command,
): Promise<void> {
  const o = optionsOf<{ data?: string; query?: string[]; idempotencyKey?: string }>(cmd);
  const m = method.toUpperCase();
  if (!(API_METHODS as readonly string[]).includes(m))
    throw usageError(`method must be one of ${API_METHODS.join(', ')}, not ${method}`);
  const { path, query } = splitPath(rawPath, o.query);
  const body = o.data === undefined ? undefined : await readData(f.io, o.data);
  if (body !== undefined && m === 'GET')
    throw usageError('a GET request has no body: use --query key=value instead of --data');
  const client = await f.apiClient(o);
  const res = await client.raw(m, path, { query, body, idempotencyKey: o.idempotencyKey });
  let parsed: unknown;
  let isJson = false;
  try {
    parsed = res.text ? JSON.parse(res.text) : undefined;
    isJson = parsed !== undefined;
  } catch {}
  if (res.status >= 200 && res.status < 300) {
    if (isJson) printJson(f.io, parsed);
    // A body that is not JSON is text from the API like any other: escaped, line by line.
    else if (res.text)
      f.io.stdout.write(
        `${res.text.replace(/\n$/, '').split('\n').map(escapeControl).join('\n')}\n`,
      );
    return;
  }
  const error = isJson
    ? parsed
    : {
        error: {
          status: res.status,
          code: `http_${res.status}`,
          message: res.text.trim() || `the API answered ${res.status}`,
          requestId: res.headers['x-request-id'],
        },
      };
  f.io.stderr.write(safeJson(error) + '\n');
  throw new SilentExit(exitCodeFor(res.status));
}
