import { CliError, EXIT, usageError } from './errors.ts';
import { escapeControl } from './escape.ts';
import { isLocal, type Target } from './target.ts';
import { route } from './route.ts';
import { BOUNDS } from '../generated/contract.ts';
import { API_PREFIX } from '../generated/operations.ts';
import type { Responses } from '../generated/responses.ts';
import type { BytesResponse, HttpResponse, Transport } from './transport.ts';

/** The API refused: its code, message and request id, and the exit code that status maps to. */
export class ApiCallError extends CliError {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly apiMessage: string;
  constructor(status: number, code: string, message: string, requestId: string | undefined) {
    // The API's words may quote what it was sent: escaped whole, its line breaks too.
    super(
      `${escapeControl(message)} (${code}${requestId ? `, request ${requestId}` : ''})`,
      exitCodeFor(status),
    );
    this.apiMessage = message;
    this.status = status;
    this.code = code;
    this.requestId = requestId;
  }
  override toJSON() {
    return {
      error: {
        status: this.status,
        code: this.code,
        message: this.apiMessage,
        requestId: this.requestId,
      },
    };
  }
}

/** The contract's bound of an Idempotency-Key (checked before any request, exit 2); `max` is lower for a key with a suffix. */
export function checkIdempotencyKey(
  key: unknown,
  max: number = BOUNDS.idempotencyKey.max,
): string | undefined {
  if (key === undefined) return undefined;
  const k = String(key);
  const min = BOUNDS.idempotencyKey.min;
  if (k.length < min || k.length > max)
    throw usageError(`Idempotency-Key must be ${min} to ${max} characters`);
  return k;
}

export function exitCodeFor(status: number): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 429 || status >= 500) return EXIT.unavailable;
  return EXIT.refused;
}

export type CallOptions = RequestOptions & { params?: Record<string, string> };

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** for writes; generated when absent, and the same on every retry */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** where the path lives on the host: the API's /api/v1 (default), or adcli serve's controls */
  prefix?: string;
}

export interface ClientOptions {
  retries?: number;
  debug?: (line: string) => void;
  /** base delay of the exponential backoff, in ms */
  backoffMs?: number;
  maxBackoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Told before each wait after a 429 (rate limited), with how long it waits and which retry
   * follows: a command waiting a minute says so rather than look hung.
   */
  onRateLimited?: (wait: { waitMs: number; retry: number; of: number }) => void | Promise<void>;
}

const RETRYABLE_NETWORK =
  /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|other side closed|fetch failed/i;

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
  readonly #onRateLimited: ClientOptions['onRateLimited'];

  constructor(target: Target, transport: Transport, opts: ClientOptions = {}) {
    const key = target.apiKey ?? transport.defaultKey;
    if (!key) {
      throw new CliError(
        `no API key for profile ${target.profile}: run adcli auth login, or set ADCLI_API_KEY`,
        EXIT.auth,
      );
    }
    this.target = target;
    this.#transport = transport;
    this.#key = key;
    this.#retries = opts.retries ?? 3;
    // Keys of other deployments need not look like adcli_…: the client's own key is redacted verbatim too.
    const debug = opts.debug;
    this.#debug =
      debug && (key.length >= 8 ? (line) => debug(line.split(key).join('[redacted]')) : debug);
    this.#backoffMs = opts.backoffMs ?? 300;
    this.#maxBackoffMs = opts.maxBackoffMs ?? 8000;
    this.#sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.#onRateLimited = opts.onRateLimited;
  }

  /**
   * The URL of a path under a prefix of the host: the API's (the base URL, which ends with /api/v1)
   * or adcli serve's controls, beside it on the same host.
   */
  url(path: string, query?: RequestOptions['query'], prefix: string = API_PREFIX): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    return `${this.#base(prefix)}${path}${s ? `?${s}` : ''}`;
  }

  #base(prefix: string): string {
    const api = isLocal(this.target) ? `http://localhost${API_PREFIX}` : this.target.baseUrl;
    if (prefix === API_PREFIX) return api;
    // The host's root is the base URL without its /api/v1 (a deployment may sit under a path).
    const root = api.endsWith(API_PREFIX) ? api.slice(0, -API_PREFIX.length) : new URL(api).origin;
    return `${root}${prefix}`;
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const res = await this.raw(method, path, opts);
    if (res.status >= 200 && res.status < 300)
      return (res.text ? safeJson(res.text) : undefined) as T;
    throw refusal(res.status, res.text, res.headers);
  }

  /**
   * Calls an operation by name (see route.ts), of the API or of adcli serve's controls; the answer
   * (of the type the generated Responses give it, unless one is given), or an ApiCallError.
   */
  call<N extends keyof Responses>(name: N, opts?: CallOptions): Promise<Responses[N]>;
  call<T = any>(name: string, opts?: CallOptions): Promise<T>;
  call<T>(name: string, opts: CallOptions = {}): Promise<T> {
    const { method, path, prefix } = route(name, opts.params);
    return this.request<T>(method, path, { ...opts, prefix });
  }

  /** Sends with retries; returns the final response whatever its status. */
  async raw(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse> {
    const headers = this.#headers(method, opts.idempotencyKey);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = this.url(path, opts.query, opts.prefix);
    return this.#withRetries(
      `→ ${method} ${url}\n${formatHeaders(headers)}${body ? `\n  ${truncate(body)}` : ''}`,
      () => this.#transport.send({ method, url, headers, body, signal: opts.signal }),
      (res) => res.text,
      opts.signal,
    );
  }

  /**
   * Calls an operation whose answer or body is a file (snapshots): `body` is sent as is with
   * `mediaType`, and a 2xx answer's bytes are returned unchanged. Needs a transport that carries bytes.
   */
  async callBytes(
    name: string,
    opts: {
      params?: Record<string, string>;
      body?: Uint8Array;
      mediaType: string;
      idempotencyKey?: string;
      signal?: AbortSignal;
    },
  ): Promise<Uint8Array> {
    const transport = this.#transport;
    if (typeof transport.sendBytes !== 'function')
      throw new Error('this transport does not carry bytes');
    const { method, path, prefix } = route(name, opts.params);
    const headers = this.#headers(method, opts.idempotencyKey);
    headers.accept = opts.body === undefined ? opts.mediaType : 'application/json';
    if (opts.body !== undefined) headers['content-type'] = opts.mediaType;
    const url = this.url(path, undefined, prefix);
    const body = opts.body;
    const res: BytesResponse = await this.#withRetries(
      `→ ${method} ${url}\n${formatHeaders(headers)}${body ? `\n  (${body.byteLength} bytes)` : ''}`,
      () => transport.sendBytes!({ method, url, headers, body, signal: opts.signal }),
      (r) =>
        r.status >= 200 && r.status < 300
          ? `(${r.bytes.byteLength} bytes)`
          : new TextDecoder().decode(r.bytes),
      opts.signal,
    );
    if (res.status >= 200 && res.status < 300) return res.bytes;
    throw refusal(res.status, new TextDecoder().decode(res.bytes), res.headers);
  }

  #headers(method: string, idempotencyKey: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#key}`,
      accept: 'application/json',
      'user-agent': 'adcli',
    };
    if (method !== 'GET' && method !== 'HEAD')
      headers['idempotency-key'] = checkIdempotencyKey(idempotencyKey) ?? newIdempotencyKey();
    return headers;
  }

  /** Sends until an answer that is not worth retrying, or the retries are spent; network errors retried as well. */
  async #withRetries<R extends { status: number; headers: Record<string, string> }>(
    request: string,
    send: () => Promise<R>,
    textOf: (res: R) => string,
    signal: AbortSignal | undefined,
  ): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      // only --debug says how long an answer took: the global performance loads perf_hooks (2 ms)
      const started = this.#debug ? performance.now() : 0;
      this.#debug?.(request);
      let res: R;
      try {
        res = await send();
      } catch (e) {
        if (signal?.aborted) throw e;
        const reason = networkReason(e);
        this.#debug?.(`✗ ${reason}`);
        if (attempt < this.#retries && RETRYABLE_NETWORK.test(reason)) {
          await this.#sleep(this.#delay(attempt));
          continue;
        }
        throw new CliError(`cannot reach ${this.target.baseUrl}: ${reason}`, EXIT.unavailable);
      }
      this.#debug?.(
        `← ${res.status} in ${(performance.now() - started).toFixed(0)} ms\n${formatHeaders(res.headers)}\n  ${truncate(textOf(res))}`,
      );
      if ((res.status === 429 || res.status >= 500) && attempt < this.#retries) {
        const retryAfter = retryAfterMs(res.headers['retry-after']);
        const waitMs = retryAfter !== null ? Math.min(retryAfter, 60_000) : this.#delay(attempt);
        if (res.status === 429)
          await this.#onRateLimited?.({ waitMs, retry: attempt + 1, of: this.#retries });
        await this.#sleep(waitMs);
        continue;
      }
      return res;
    }
  }

  /** Every page of a list, following nextCursor. */
  async *pages<T>(path: string, query: RequestOptions['query'] = {}): AsyncGenerator<T[]> {
    let cursor: string | undefined;
    do {
      const page = await this.request<{ data: T[]; nextCursor: string | null }>('GET', path, {
        query: { ...query, cursor },
      });
      yield page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  #delay(attempt: number): number {
    const cap = Math.min(this.#maxBackoffMs, this.#backoffMs * 2 ** attempt);
    return Math.round(cap / 2 + Math.random() * (cap / 2));
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The API's refusal as an error: its code, message and request id when the answer has the error shape. */
function refusal(status: number, text: string, headers: Record<string, string>): ApiCallError {
  const err = (
    text
      ? (safeJson(text) as
          { error?: { code?: string; message?: string; requestId?: string } } | undefined)
      : undefined
  )?.error;
  return new ApiCallError(
    status,
    err?.code ?? `http_${status}`,
    err?.message ?? `the API answered ${status}`,
    err?.requestId ?? headers['x-request-id'],
  );
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
  return (
    [err?.code ?? err?.cause?.code, err?.cause?.message ?? err?.message]
      .filter(Boolean)
      .join(': ') || String(e)
  );
}

/** The key never reaches a log: Authorization is redacted, and so is anything that looks like a key. */
export function redact(text: string): string {
  return text.replace(/adcli_[A-Za-z0-9]{6,}/g, 'adcli_…');
}

function formatHeaders(h: Record<string, string>): string {
  return Object.entries(h)
    .map(
      ([k, v]) =>
        `  ${k}: ${k.toLowerCase() === 'authorization' ? 'Bearer [redacted]' : redact(v)}`,
    )
    .join('\n');
}

function truncate(s: string): string {
  const r = redact(s);
  return r.length > 2000 ? `${r.slice(0, 2000)}… (${r.length} chars)` : r;
}

/** A fresh Idempotency-Key; node:crypto is loaded by the first write, not by every command (~5 ms). */
function newIdempotencyKey(): string {
  return process.getBuiltinModule('node:crypto').randomUUID();
}
