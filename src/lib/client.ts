import { randomUUID } from 'node:crypto';
import { CliError, EXIT, usageError } from './errors.ts';
import { isLocal, type Target } from './target.ts';
import { route } from './route.ts';
import type { HttpResponse, Transport } from './transport.ts';

/** The API refused: its code, message and request id, and the exit code that status maps to. */
export class ApiCallError extends CliError {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly apiMessage: string;
  constructor(status: number, code: string, message: string, requestId: string | undefined) {
    super(`${message} (${code}${requestId ? `, request ${requestId}` : ''})`, exitCodeFor(status));
    this.apiMessage = message;
    this.status = status;
    this.code = code;
    this.requestId = requestId;
  }
  override toJSON() {
    return { error: { status: this.status, code: this.code, message: this.apiMessage, requestId: this.requestId } };
  }
}

/** The contract: an Idempotency-Key is 1 to 200 characters (checked before any request, exit 2). */
export function checkIdempotencyKey(key: unknown, max = 200): string | undefined {
  if (key === undefined) return undefined;
  const k = String(key);
  if (k.length < 1 || k.length > max) throw usageError(`Idempotency-Key must be 1 to ${max} characters`);
  return k;
}

export function exitCodeFor(status: number): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 429 || status >= 500) return EXIT.unavailable;
  return EXIT.refused;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** for writes; generated when absent, and the same on every retry */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ClientOptions {
  retries?: number;
  debug?: (line: string) => void;
  /** base delay of the exponential backoff, in ms */
  backoffMs?: number;
  maxBackoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const RETRYABLE_NETWORK = /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|other side closed|fetch failed/i;

/**
 * A client of the API. Every write carries an Idempotency-Key, so retrying after a 429, a 5xx or a
 * dropped connection can never apply a change twice. Backoff is exponential with full jitter and a
 * cap; a 429's Retry-After is honoured.
 */
export class ApiClient {
  readonly target: Target;
  readonly #transport: Transport;
  readonly #key: string;
  readonly #retries: number;
  readonly #debug: ((line: string) => void) | undefined;
  readonly #backoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(target: Target, transport: Transport, opts: ClientOptions = {}) {
    const key = target.apiKey ?? transport.defaultKey;
    if (!key) {
      throw new CliError(`no API key for profile ${target.profile}: run adcli auth login, or set ADCLI_API_KEY`, EXIT.auth);
    }
    this.target = target;
    this.#transport = transport;
    this.#key = key;
    this.#retries = opts.retries ?? 3;
    // Keys of other deployments need not look like adcli_…: the client's own key is redacted verbatim too.
    const debug = opts.debug;
    this.#debug = debug && (key.length >= 8 ? (line) => debug(line.split(key).join('[redacted]')) : debug);
    this.#backoffMs = opts.backoffMs ?? 300;
    this.#maxBackoffMs = opts.maxBackoffMs ?? 8000;
    this.#sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  url(path: string, query?: RequestOptions['query']): string {
    const base = isLocal(this.target) ? 'http://localhost/api/v1' : this.target.baseUrl;
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    return `${base}${path}${s ? `?${s}` : ''}`;
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.raw(method, path, opts);
    const parsed = res.text ? safeJson(res.text) : undefined;
    if (res.status >= 200 && res.status < 300) return parsed as T;
    const err = (parsed as { error?: { code?: string; message?: string; requestId?: string } } | undefined)?.error;
    throw new ApiCallError(
      res.status,
      err?.code ?? `http_${res.status}`,
      err?.message ?? `the API answered ${res.status}`,
      err?.requestId ?? res.headers['x-request-id'],
    );
  }

  /** Calls an operation of the table by name (see route.ts); the answer, or an ApiCallError. */
  call<T = any>(name: string, opts: RequestOptions & { params?: Record<string, string> } = {}): Promise<T> {
    const { method, path } = route(name, opts.params);
    return this.request<T>(method, path, opts);
  }

  /** Sends with retries; returns the final response whatever its status. */
  async raw(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse> {
    const write = method !== 'GET' && method !== 'HEAD';
    const headers: Record<string, string> = { authorization: `Bearer ${this.#key}`, accept: 'application/json', 'user-agent': 'adcli' };
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (write) headers['idempotency-key'] = checkIdempotencyKey(opts.idempotencyKey) ?? randomUUID();
    const url = this.url(path, opts.query);
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      this.#debug?.(`→ ${method} ${url}\n${formatHeaders(headers)}${body ? `\n  ${truncate(body)}` : ''}`);
      let res: HttpResponse;
      try {
        res = await this.#transport.send({ method, url, headers, body, signal: opts.signal });
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        const reason = networkReason(e);
        this.#debug?.(`✗ ${reason}`);
        if (attempt < this.#retries && RETRYABLE_NETWORK.test(reason)) {
          await this.#sleep(this.#delay(attempt));
          continue;
        }
        throw new CliError(`cannot reach ${this.target.baseUrl}: ${reason}`, EXIT.unavailable);
      }
      this.#debug?.(`← ${res.status} in ${(performance.now() - started).toFixed(0)} ms\n${formatHeaders(res.headers)}\n  ${truncate(res.text)}`);
      if ((res.status === 429 || res.status >= 500) && attempt < this.#retries) {
        const retryAfter = retryAfterMs(res.headers['retry-after']);
        await this.#sleep(retryAfter !== null ? Math.min(retryAfter, 60_000) : this.#delay(attempt));
        continue;
      }
      return res;
    }
  }

  /** Every page of a list, following nextCursor. */
  async *pages<T>(path: string, query: RequestOptions['query'] = {}): AsyncGenerator<T[]> {
    let cursor: string | undefined;
    do {
      const page = await this.request<{ data: T[]; nextCursor: string | null }>('GET', path, { query: { ...query, cursor } });
      yield page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  #delay(attempt: number): number {
    const cap = Math.min(this.#maxBackoffMs, this.#backoffMs * 2 ** attempt);
    return Math.round(cap / 2 + Math.random() * (cap / 2));
  }

  close(): void {
    this.#transport.close?.();
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function networkReason(e: unknown): string {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return [err?.code ?? err?.cause?.code, err?.cause?.message ?? err?.message].filter(Boolean).join(': ') || String(e);
}

/** The key never reaches a log: Authorization is redacted, and so is anything that looks like a key. */
export function redact(text: string): string {
  return text.replace(/adcli_[A-Za-z0-9]{6,}/g, 'adcli_…');
}

function formatHeaders(h: Record<string, string>): string {
  return Object.entries(h)
    .map(([k, v]) => `  ${k}: ${k.toLowerCase() === 'authorization' ? 'Bearer [redacted]' : redact(v)}`)
    .join('\n');
}

function truncate(s: string): string {
  const r = redact(s);
  return r.length > 2000 ? `${r.slice(0, 2000)}… (${r.length} chars)` : r;
}
