import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { exitCodeFor } from '../lib/client.ts';
import { clientFor, optionsOf } from '../lib/context.ts';
import { usageError } from '../lib/errors.ts';
import { printJson } from '../lib/output.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `--data` as JSON text, `@file`, or `-` for stdin; parsed here so bad JSON is a usage error. */
export function readData(spec: string): unknown {
  let text = spec;
  let from = '--data';
  if (spec === '-' || spec.startsWith('@')) {
    from = spec === '-' ? 'stdin' : spec.slice(1);
    try {
      text = readFileSync(spec === '-' ? 0 : spec.slice(1), 'utf8');
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
export function splitPath(raw: string, pairs: string[] = []): { path: string; query: Record<string, string> } {
  if (/^https?:\/\//i.test(raw)) throw usageError('give a path under the base URL, like /campaigns, not a full URL (--base-url picks the API)');
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
export async function api(method: string, rawPath: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ data?: string; query?: string[]; idempotencyKey?: string }>(cmd);
  const m = method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(m)) throw usageError(`method must be one of ${METHODS.join(', ')}, not ${method}`);
  const { path, query } = splitPath(rawPath, o.query);
  const body = o.data === undefined ? undefined : readData(o.data);
  if (body !== undefined && m === 'GET') throw usageError('a GET request has no body: use --query key=value instead of --data');
  const client = await clientFor(o);
  const res = await client.raw(m, path, { query, body, idempotencyKey: o.idempotencyKey });
  let parsed: unknown;
  let isJson = false;
  try {
    parsed = res.text ? JSON.parse(res.text) : undefined;
    isJson = parsed !== undefined;
  } catch {}
  if (res.status >= 200 && res.status < 300) {
    if (isJson) printJson(parsed);
    else if (res.text) process.stdout.write(res.text.endsWith('\n') ? res.text : `${res.text}\n`);
    return;
  }
  const error = isJson
    ? parsed
    : { error: { status: res.status, code: `http_${res.status}`, message: res.text.trim() || `the API answered ${res.status}`, requestId: res.headers['x-request-id'] } };
  process.stderr.write(JSON.stringify(error) + '\n');
  process.exitCode = exitCodeFor(res.status);
}
