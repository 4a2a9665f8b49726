/**
 * The Google Ads API's REST interface, as far as adcli uses it (reference: developers.google.com/
 * google-ads/api/rest/reference/rest, the version of GOOGLE_ADS_API_VERSION):
 * - `GET  /vNN/customers:listAccessibleCustomers` → `{resourceNames: ['customers/1234567890']}`;
 * - `POST /vNN/customers/{id}/googleAds:searchStream` `{query}` → a JSON array of batches
 *   `[{results: [GoogleAdsRow], fieldMask, requestId}]`;
 * - `POST /vNN/customers/{id}/{service}:mutate` `{operations, partialFailure?}` → `{results:
 *   [{resourceName}], partialFailureError?}` for campaignBudgets, campaigns, adGroups, adGroupCriteria.
 *
 * Every call carries `Authorization: Bearer <access token>`, `developer-token` and, with a manager
 * account, `login-customer-id` (REST guide, "Authorization and HTTP headers"). A 401 drops the
 * access token and the call is made once more with a new one; RESOURCE_EXHAUSTED (429) and 5xx are
 * made again after a wait that doubles, MAX_ATTEMPTS tries in all. A redirect is never followed (the
 * headers would go with it). No secret is ever in a message this client builds.
 */
import { readBounded } from '../../lib/read-bounded.ts';
import { AdPlatformError } from '../port.ts';
import { adsErrorsOf, GoogleAdsCallError, retryable, type AdsError } from './errors.ts';
import { hostOf, TokenSource } from './oauth.ts';
import {
  DEFAULT_GOOGLE_ADS_BASE_URL,
  DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
  GOOGLE_ADS_API_VERSION,
  secretsOf,
  type GoogleAdsSettings,
} from './settings.ts';

export const MAX_ATTEMPTS = 4;
const MAX_WAIT_MS = 10_000;
const TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export type Row = Record<string, any>;
export type MutateService =
  'campaignBudgets' | 'campaigns' | 'adGroups' | 'adGroupCriteria' | 'campaignCriteria';

export interface MutateResult {
  /** the resource name of each operation, '' for one that failed (partial failure) */
  results: string[];
  /** the refused operations of a partial failure, each with its index */
  failed: AdsError[];
}

export interface ClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export class GoogleAdsRestClient {
  readonly #base: string;
  readonly #version: string;
  readonly #developerToken: string;
  readonly #login: string | undefined;
  readonly #tokens: TokenSource;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #retryBaseMs: number;
  readonly #secrets: string[];
  /** calls made (each HTTP request, retries included), for quota accounting in tests and logs */
  requests = 0;

  constructor(s: GoogleAdsSettings, opts: ClientOptions = {}) {
    this.#base = (s.baseUrl ?? DEFAULT_GOOGLE_ADS_BASE_URL).replace(/\/+$/, '');
    this.#version = s.apiVersion ?? GOOGLE_ADS_API_VERSION;
    this.#developerToken = s.credentials.developerToken;
    this.#login = s.credentials.loginCustomerId;
    this.#fetch = opts.fetch ?? fetch;
    this.#sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.#retryBaseMs = s.retryBaseMs ?? 500;
    this.#secrets = secretsOf(s.credentials);
    this.#tokens = new TokenSource(
      s.credentials,
      s.tokenUrl ?? DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
      this.#fetch,
      Date.now,
    );
  }

  /** The customer ids (digits) the credentials reach directly. */
  async listAccessibleCustomers(): Promise<string[]> {
    const body = (await this.#call('GET', 'customers:listAccessibleCustomers')) as {
      resourceNames?: unknown;
    };
    const names = Array.isArray(body?.resourceNames) ? (body.resourceNames as unknown[]) : [];
    return names.map((n) => String(n).replace(/^customers\//, '')).filter((d) => /^\d+$/.test(d));
  }

  /** Every row of a GAQL query, the batches of the stream put together. */
  async searchStream(customerId: string, query: string): Promise<Row[]> {
    const body = await this.#call('POST', `customers/${customerId}/googleAds:searchStream`, {
      query,
    });
    const batches = Array.isArray(body) ? body : [body];
    return batches.flatMap((b) => (Array.isArray(b?.results) ? (b.results as Row[]) : []));
  }

  async mutate(
    customerId: string,
    service: MutateService,
    operations: unknown[],
    /**
     * `once`: a create that must not be made twice (a budget, a campaign): a 5xx or no answer may
     * come after Google Ads made it, so only RESOURCE_EXHAUSTED (never carried out) is tried again
     */
    opts: { partialFailure?: boolean; once?: boolean } = {},
  ): Promise<MutateResult> {
    if (operations.length === 0) return { results: [], failed: [] };
    const body = (await this.#call(
      'POST',
      `customers/${customerId}/${service}:mutate`,
      { operations, ...(opts.partialFailure ? { partialFailure: true } : {}) },
      opts.once ?? false,
    )) as { results?: { resourceName?: string }[]; partialFailureError?: unknown };
    const results = operations.map((_, i) => body?.results?.[i]?.resourceName ?? '');
    const failed = body?.partialFailureError ? adsErrorsOf(body.partialFailureError).errors : [];
    return { results, failed };
  }

  async #call(method: 'GET' | 'POST', path: string, body?: unknown, once = false): Promise<any> {
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#once(method, path, body);
      } catch (e) {
        if (!(e instanceof GoogleAdsCallError)) throw e;
        if (e.status === 401 && !refreshed) {
          refreshed = true;
          this.#tokens.invalidate();
          attempt--;
          continue;
        }
        const exhausted = e.status === 429 || e.rpcStatus === 'RESOURCE_EXHAUSTED';
        if (!retryable(e) || attempt >= MAX_ATTEMPTS || (once && !exhausted)) throw e;
        await this.#sleep(Math.min(MAX_WAIT_MS, this.#retryBaseMs * 2 ** (attempt - 1)));
      }
    }
  }

  async #once(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const token = await this.#tokens.token();
    const url = `${this.#base}/${this.#version}/${path}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'developer-token': this.#developerToken,
      accept: 'application/json',
      ...(this.#login ? { 'login-customer-id': this.#login } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    this.requests++;
    let res: Response;
    let text: string | null;
    try {
      res = await this.#fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = res.status >= 300 && res.status < 400 ? '' : await readBounded(res, MAX_ANSWER_BYTES);
    } catch (e) {
      // a request that got no answer: worth another try, as a 503 is
      throw new GoogleAdsCallError(
        0,
        'UNAVAILABLE',
        [],
        '',
        this.#clean(`cannot reach ${hostOf(this.#base)} (${causeOf(e)})`),
      );
    }
    if (res.status >= 300 && res.status < 400)
      throw new AdPlatformError(
        'unavailable',
        `Google Ads answered ${res.status}, a redirect to ${hostOf(res.headers.get('location') ?? '')}; redirects are never followed, so credentials go to ${hostOf(this.#base)} only`,
      );
    if (text === null)
      throw new AdPlatformError(
        'unavailable',
        `Google Ads answered with more than ${MAX_ANSWER_BYTES / 1048576} MiB; refused`,
      );
    let json: any;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (res.ok && json !== undefined) return json;
    const error = json?.error ?? (Array.isArray(json) ? json[0]?.error : undefined);
    const { errors, requestId } = adsErrorsOf(error);
    const rpc = typeof error?.status === 'string' ? error.status : '';
    const message =
      typeof error?.message === 'string' ? error.message.slice(0, 300) : 'no error message';
    throw new GoogleAdsCallError(
      res.status,
      rpc,
      errors.map((x) => ({
        ...x,
        message: this.#clean(x.message),
        trigger: this.#clean(x.trigger),
      })),
      requestId,
      this.#clean(
        `Google Ads ${path.replace(/^customers\/\d+\//, '')} answered ${res.status}${rpc ? ` ${rpc}` : ''}: ${message}`,
      ),
    );
  }

  /** The text with every secret cut out, whatever the other side echoed back. */
  #clean(text: string): string {
    let out = text;
    for (const s of this.#secrets) out = out.split(s).join('[secret]');
    return out;
  }
}

function causeOf(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
    return 'no answer in time';
  return e instanceof Error ? e.message : String(e);
}
