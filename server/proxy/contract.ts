/**
 * The contract check of `adcli serve --proxy`: one exchange (a request and the upstream's answer to
 * it) held against the operation table, as a list of violations. Pure: no I/O, no headers beyond the
 * answer's media type, and no header value (so never the key) in what it says.
 *
 * - The request is read as the API reads it (operations/invoke.ts): the path parameters, the query
 *   (strictQuery: each parameter once) and the JSON body, each with the operation's own schema as
 *   declared (a loose request schema, as an import's video-platform records, stays loose: the API
 *   accepts what it declares).
 * - The answer's status is the operation's success status, or an error status the published OpenAPI
 *   document lists for it (http/openapi.ts: its own `errors`, 400 401 403 429 500 503 for every
 *   operation, 409 and 413 for a write).
 * - A 2xx JSON answer is read with the operation's response schema made strict at every level: a
 *   missing field and an extra field are each a violation (one per extra key, with its path); a
 *   string whose schema declares a format (date-time, date, uri, email) must be one, as ajv-formats
 *   and Prism read them (the server's own schemas only document the format).
 * - Every answer of an operation carries x-request-id (the document marks it required).
 * - An error answer must be the error shape exactly (errorResponse), with a code of the contract that
 *   goes with its status (the pairs of ERROR_CODES, as http/faults.ts answers them).
 * - A 2xx of a binary operation is checked only by its media type.
 */
import { z } from 'zod';
import { MAX_JSON_DEPTH, jsonDepth } from '../lib/json.ts';
import type { ErrorCode } from '../lib/errors.ts';
import { strictQuery } from '../http/query.ts';
import { errorStatusesOf, type Operation } from '../operations/operation.ts';
import { WRAPPERS, describeIssue, fieldName, nulAt } from '../schemas/validation.ts';
import { errorResponse } from '../schemas/common.ts';

export interface Violation {
  where: 'request' | 'response';
  /**
   * What breaks the contract: a field path (`body.audiences[0].name`, `query.limit`,
   * `params.campaignId`, `body` for the whole body), `status`, `content-type`, or `route` (no
   * operation has this method and path).
   */
  path: string;
  /** what is wrong, in words; values quoted from a body are shortened, header values never quoted */
  message: string;
}

/** One request and the answer it got, as the check reads them. */
export interface Exchange {
  method: string;
  /** the path under the API prefix as it was sent (percent-encoded): `/campaigns/abc` */
  path: string;
  /** the query string as it was sent, without its `?`; '' when none */
  query: string;
  /** the request body as text; undefined when none was sent; null when it was not read (too big) */
  body: string | undefined | null;
  status: number;
  /** the answer's Content-Type header, or null; only its media type is read */
  contentType: string | null;
  /** the answer's body as text; null when it was not read (too big, a HEAD): then it is not checked */
  responseText: string | null;
  /** whether the answer carries an x-request-id header; undefined when there is no answer yet */
  requestIdHeader?: boolean;
  /**
   * Texts that must never appear in a violation (the request's credential): replaced by
   * `[redacted]` wherever an upstream echoed one into a field name or a message.
   */
  secrets?: readonly string[];
}

/** The longest a value (a code, a path, a message) is quoted in a violation. */
export const QUOTE_MAX = 80;

/** The codes that go with each status (ERROR_CODES' pairs); a status not listed is not checked. */
const CODES_OF_STATUS: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: ['invalid_request'],
  401: ['unauthorized'],
  403: ['forbidden'],
  404: ['not_found'],
  405: ['method_not_allowed'],
  409: ['conflict', 'idempotency_conflict'],
  413: ['payload_too_large'],
  429: ['rate_limited'],
  500: ['internal'],
  503: ['unavailable'],
};

/** Paths of the API that are no operation and are passed through unchecked. */
const UNCHECKED_ROUTES = new Set(['GET /openapi.json', 'HEAD /openapi.json']);

/** The statuses an operation may answer: its success, and the error statuses the contract lists. */
export function allowedStatuses(op: Operation): Set<number> {
  return new Set([op.successStatus ?? 200, ...errorStatusesOf(op)]);
}

interface Route {
  op: Operation;
  re: RegExp;
  names: string[];
}

const routeCache = new WeakMap<readonly Operation[], Route[]>();

function routesOf(ops: readonly Operation[]): Route[] {
  let routes = routeCache.get(ops);
  if (!routes) {
    routes = ops.map((op) => {
      const names: string[] = [];
      const source = op.path
        .split(/(\{\w+\})/)
        .map((part) => {
          const m = /^\{(\w+)\}$/.exec(part);
          if (m) {
            names.push(m[1]!);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { op, re: new RegExp(`^${source}$`), names };
    });
    routeCache.set(ops, routes);
  }
  return routes;
}

/**
 * The operation a method and path (under the API prefix, percent-encoded) name, with its path
 * parameters as sent (still encoded); a HEAD is its GET's. undefined when none.
 */
export function matchOperation(
  ops: readonly Operation[],
  method: string,
  path: string,
): { op: Operation; params: Record<string, string> } | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  for (const route of routesOf(ops)) {
    if (route.op.method !== m) continue;
    const found = route.re.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = found[i + 1]!));
    return { op: route.op, params };
  }
  return undefined;
}

/** Whether an exchange is outside the operations and passed through without a check (the OpenAPI document). */
export function isUncheckedRoute(method: string, path: string): boolean {
  return method === 'OPTIONS' || UNCHECKED_ROUTES.has(`${method} ${path}`);
}

/**
 * What in one exchange breaks the contract of the operation table: an empty list when nothing does.
 * A request that breaks it is still an exchange to check the answer of (the upstream decides).
 */
export function checkExchange(ops: readonly Operation[], ex: Exchange): Violation[] {
  const out: Violation[] = [];
  if (isUncheckedRoute(ex.method, ex.path)) return out;
  const matched = matchOperation(ops, ex.method, ex.path);
  if (!matched) {
    const sameRoute = routesOf(ops)
      .filter((r) => r.re.test(ex.path))
      .map((r) => r.op.method);
    out.push({
      where: 'request',
      path: 'route',
      message:
        `no operation of the contract is ${ex.method} ${quote(ex.path)}` +
        (sameRoute.length ? `; this path takes ${sameRoute.join(' or ')}` : ''),
    });
    return scrub(out, ex.secrets);
  }
  const { op } = matched;
  checkRequest(op, matched.params, ex, out);
  checkResponse(op, ex, out);
  return scrub(out, ex.secrets);
}

// ---- the request ----

function checkRequest(
  op: Operation,
  rawParams: Record<string, string>,
  ex: Exchange,
  out: Violation[],
): void {
  const push = (path: string, message: string) => out.push({ where: 'request', path, message });

  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(rawParams)) {
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      push(`params.${name}`, `${name} is not valid percent-encoding (UTF-8 bytes as %XX)`);
    }
  }
  if (op.params) issuesOf(op.params, params, 'path', 'params', 'request', out);

  let query: Record<string, string> | undefined;
  try {
    query = strictQuery(ex.query ? `?${ex.query}` : '');
  } catch (e) {
    push('query', shorten((e as Error).message));
  }
  if (query) {
    if (op.query) issuesOf(op.query, query, 'query', 'query', 'request', out);
    else
      for (const name of Object.keys(query))
        push(`query.${segment(name)}`, 'unknown query parameter: this operation takes none');
  }

  // As invoke reads it: an operation without a body ignores one; no body at all reads as {}.
  if (!op.body || op.binary?.in === 'body' || ex.body === null) return;
  if (ex.body === undefined || ex.body.trim() === '') {
    if (op.bodyRequired) push('body', 'a JSON object body is required');
    else issuesOf(op.body, {}, 'body', 'body', 'request', out);
    return;
  }
  const parsed = parseJson(ex.body);
  if ('error' in parsed) return void push('body', parsed.error);
  issuesOf(op.body, parsed.value, 'body', 'body', 'request', out);
}

// ---- the answer ----

function checkResponse(op: Operation, ex: Exchange, out: Violation[]): void {
  const push = (path: string, message: string) => out.push({ where: 'response', path, message });
  const success = op.successStatus ?? 200;
  if (!allowedStatuses(op).has(ex.status)) {
    const errors = [...allowedStatuses(op)].filter((s) => s !== success).sort((a, b) => a - b);
    push(
      'status',
      `${op.method} ${op.path} answers ${success} or an error status of the contract (${errors.join(', ')}), not ${ex.status}`,
    );
  }
  if (ex.requestIdHeader === false)
    push('header.x-request-id', 'every answer carries an x-request-id header (required)');
  const media = mediaType(ex.contentType);
  const ok = ex.status >= 200 && ex.status < 300;
  if (ok && op.binary?.in === 'response') {
    if (media !== op.binary.mediaType)
      push('content-type', `a ${ex.status} of ${op.name} must be ${op.binary.mediaType}`);
    return;
  }
  const isError = ex.status >= 400;
  // a HEAD has no body, a 1xx/3xx is no answer of the contract's (the status says so already)
  if ((!ok && !isError) || ex.method === 'HEAD') return;
  if (media !== 'application/json') {
    push('content-type', `a ${ex.status} answer must be application/json`);
    return;
  }
  if (ex.responseText === null) return;
  const parsed = parseJson(ex.responseText);
  if ('error' in parsed) return void push('body', parsed.error);
  if (ok) {
    issuesOf(strictSchema(op.response), parsed.value, 'body', 'body', 'response', out);
    return;
  }
  const before = out.length;
  issuesOf(errorResponse, parsed.value, 'body', 'body', 'response', out);
  if (out.length > before) return;
  const code = (parsed.value as { error: { code: ErrorCode } }).error.code;
  const codes = CODES_OF_STATUS[ex.status];
  if (codes && !codes.includes(code))
    push(
      'body.error.code',
      `a ${ex.status} comes with code ${codes.join(' or ')}, not ${JSON.stringify(code)}`,
    );
}

// ---- reading with a schema ----

type Where = 'path' | 'query' | 'body';
type Issue = z.core.$ZodIssue;

/**
 * The issues of a value read with a schema, as violations under `prefix`: an unknown key is one
 * violation per key (with its own path), a union's issue is that of its branch that got furthest.
 */
function issuesOf(
  schema: z.ZodType,
  value: unknown,
  where: Where,
  prefix: string,
  side: Violation['where'],
  out: Violation[],
): void {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) {
    const nul = side === 'request' ? nulAt(value, []) : null;
    if (nul)
      out.push({
        where: side,
        path: join(prefix, nul),
        message: `${fieldName(nul, where)} holds a NUL character (U+0000), which no text accepts`,
      });
    return;
  }
  const seen = new Set<string>();
  for (const top of r.error.issues) {
    const issue = deepest(top);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = join(prefix, [...issue.path, key]);
        const message =
          side === 'request'
            ? `unknown ${where === 'query' ? 'query parameter' : 'field'}: not in the contract`
            : 'a field the contract does not have';
        if (!seen.has(path + message)) out.push({ where: side, path, message });
        seen.add(path + message);
      }
      continue;
    }
    const path = join(prefix, issue.path);
    const message = shorten(describeIssue(issue, where, schema), 200);
    if (seen.has(path + message)) continue;
    seen.add(path + message);
    out.push({ where: side, path, message });
  }
}

/** A union's issue as that of its branch that got furthest (as describeIssue tells it), with the whole path. */
function deepest(issue: Issue): Issue {
  for (let i = 0; i < 100 && issue.code === 'invalid_union'; i++) {
    const best = issue.errors
      .filter((b) => b.length > 0)
      .sort((a, b) => b[0]!.path.length - a[0]!.path.length)[0];
    if (!best) break;
    issue = { ...best[0]!, path: [...issue.path, ...best[0]!.path] } as Issue;
  }
  return issue;
}

/** The parts of zod's definition that strictSchema rebuilds. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

const strictCache = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with every object in it strict (an unknown key is an issue): the contract's response
 * shapes are "every field present, nothing extra", whether or not a schema says strict itself.
 * Everything else (checks, bounds, wrappers) is kept as declared.
 */
export function strictSchema<T extends z.ZodType>(schema: T): T {
  return strictOf(schema) as T;
}

function strictOf(schema: z.ZodType): z.ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const clone = (changes: Partial<Def>) =>
    (schema as unknown as { clone(def: Def): z.ZodType }).clone({ ...def, ...changes });
  const map = (s: z.ZodType | undefined) => (s ? strictOf(s) : s);
  let out: z.ZodType;
  if (WRAPPERS.has(def.type)) out = clone({ innerType: map(def.innerType) });
  else
    switch (def.type) {
      case 'object':
        out = clone({
          shape: Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, strictOf(v)])),
          catchall: z.never(),
        });
        break;
      case 'array':
        out = clone({ element: map(def.element) });
        break;
      case 'pipe':
        out = clone({ in: map(def.in), out: map(def.out) });
        break;
      case 'union':
        out = clone({ options: def.options!.map(strictOf) });
        break;
      case 'intersection':
        // each side strict would refuse the other's keys: an intersection is kept as declared
        out = schema;
        break;
      case 'record':
        out = clone({ valueType: map(def.valueType) });
        break;
      case 'tuple':
        out = clone({
          items: def.items!.map(strictOf),
          rest: def.rest ? strictOf(def.rest) : null,
        });
        break;
      case 'lazy': {
        const getter = def.getter!;
        out = clone({ getter: () => strictOf(getter()) });
        break;
      }
      case 'string': {
        const format = formatOf(schema);
        const test = format ? FORMATS[format] : undefined;
        out = test
          ? (schema as unknown as z.ZodString).refine(test.check, {
              message: `must be ${test.what}`,
            })
          : schema;
        break;
      }
      default:
        out = schema;
    }
  strictCache.set(schema, out);
  return out;
}

/** The format a string schema declares in its metadata (for the OpenAPI document, or its own). */
function formatOf(schema: z.ZodType): string | undefined {
  const meta = z.globalRegistry.get(schema) as { format?: unknown; openapi?: unknown } | undefined;
  const openapi = typeof meta?.openapi === 'object' ? (meta.openapi as { format?: unknown }) : {};
  const format = openapi?.format ?? meta?.format;
  return typeof format === 'string' ? format : undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** A calendar day that exists (2026-02-30 does not), as RFC 3339's full-date. */
function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** RFC 3339's date-time: a full date, T, a time with seconds and an offset (Z or ±hh:mm). */
function isDateTime(text: string): boolean {
  const at = text.search(/[Tt]/);
  if (at !== 10 || !isDate(text.slice(0, at))) return false;
  const m = TIME.exec(text.slice(at + 1));
  if (!m) return false;
  const [h, min, sec] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const offset = m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60);
  return h < 24 && min < 60 && sec <= 60 && offset;
}

/** An absolute URI: a scheme, and what URL parsing accepts. */
function isUri(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(text) && URL.canParse(text);
}

/** An e-mail address as ajv-formats' fast mode reads one. */
function isEmail(text: string): boolean {
  return /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(
    text,
  );
}

/** The formats an answer is checked for, with what a violation says. */
const FORMATS: Readonly<Record<string, { check: (text: string) => boolean; what: string }>> = {
  'date-time': {
    check: isDateTime,
    what: 'a date-time (RFC 3339, such as 2026-03-02T09:30:00.000Z)',
  },
  date: { check: isDate, what: 'a date (YYYY-MM-DD)' },
  uri: { check: isUri, what: 'an absolute URI' },
  email: { check: isEmail, what: 'an e-mail address' },
};

// ---- small helpers ----

/** A JSON text parsed, or why not (never quoting the text: the engine's message would). */
function parseJson(text: string): { value: unknown } | { error: string } {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    return { error: `nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep` };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { error: 'is not valid JSON' };
  }
}

/** The media type of a Content-Type value, lower case, without parameters; null when none. */
export function mediaType(contentType: string | null): string | null {
  if (!contentType) return null;
  return contentType.split(';')[0]!.trim().toLowerCase() || null;
}

function join(prefix: string, path: readonly PropertyKey[]): string {
  let s = prefix;
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : `.${segment(String(p))}`;
  return s;
}

/** A key as a path segment: shortened, and quoted when it is not a plain name. */
function segment(key: string): string {
  return /^[A-Za-z_$][\w$-]{0,59}$/.test(key) ? key : JSON.stringify(shorten(key, 40));
}

/** Text at most `max` characters long, cut with an ellipsis. */
export function shorten(text: string, max = QUOTE_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function quote(text: string): string {
  return shorten(text, QUOTE_MAX);
}

/** Secrets replaced wherever an upstream echoed one into a path or a message. */
function scrub(violations: Violation[], secrets: readonly string[] | undefined): Violation[] {
  const words = (secrets ?? []).filter((s) => s.length >= 8);
  if (!words.length) return violations;
  const clean = (text: string) => {
    let t = text;
    for (const w of words) t = t.split(w).join('[redacted]');
    // a secret cut short by shortening still shows its start
    for (const w of words)
      for (let n = w.length - 1; n >= 8; n--) {
        const cut = `${w.slice(0, n)}…`;
        if (t.includes(cut)) t = t.split(cut).join('[redacted]');
      }
    return t;
  };
  return violations.map((v) => ({ ...v, path: clean(v.path), message: clean(v.message) }));
}
