/**
 * Access tokens for the Google Ads API from the OAuth 2.0 refresh-token grant (RFC 6749 §6; Google's
 * "Using OAuth 2.0 for Web Server Applications", Refreshing an access token): a form POST of
 * `grant_type=refresh_token`, `client_id`, `client_secret` and `refresh_token` to the token endpoint,
 * answered `{access_token, expires_in, scope, token_type: 'Bearer'}`, or on failure `{error,
 * error_description}` (`invalid_grant`: "Token has been expired or revoked."; `invalid_client`).
 *
 * The token is kept until a minute before it expires and shared by every call of the process;
 * `invalidate` drops it (the API answered 401), so the next call asks for a new one.
 */
import { AdPlatformError } from '../port.ts';
import { GOOGLE_ADS_ENV, type GoogleAdsCredentials } from './settings.ts';

const EARLY_MS = 60_000;
const TIMEOUT_MS = 20_000;

export class TokenSource {
  readonly #c: GoogleAdsCredentials;
  readonly #url: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  #token: { value: string; until: number } | null = null;
  #pending: Promise<string> | null = null;

  constructor(c: GoogleAdsCredentials, url: string, fetcher: typeof fetch, now: () => number) {
    this.#c = c;
    this.#url = url;
    this.#fetch = fetcher;
    this.#now = now;
  }

  /** A valid access token: the cached one, or a new one (one request however many callers wait). */
  async token(): Promise<string> {
    if (this.#token && this.#now() < this.#token.until) return this.#token.value;
    this.#pending ??= this.#refresh().finally(() => (this.#pending = null));
    return this.#pending;
  }

  invalidate(): void {
    this.#token = null;
  }

  async #refresh(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: this.#c.clientId,
      client_secret: this.#c.clientSecret,
      refresh_token: this.#c.refreshToken,
    });
    let res: Response;
    let json: Record<string, unknown> = {};
    try {
      res = await this.#fetch(this.#url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text();
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        json = {};
      }
    } catch (e) {
      throw new AdPlatformError(
        'unavailable',
        `cannot reach the OAuth token endpoint ${hostOf(this.#url)} for a Google Ads access token (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    if (res.ok && typeof json.access_token === 'string') {
      const seconds = typeof json.expires_in === 'number' ? json.expires_in : 3599;
      this.#token = {
        value: json.access_token,
        until: this.#now() + Math.max(0, seconds * 1000 - EARLY_MS),
      };
      return json.access_token;
    }
    throw tokenError(
      res.status,
      String(json.error ?? ''),
      String(json.error_description ?? ''),
      hostOf(this.#url),
    );
  }
}

function tokenError(
  status: number,
  error: string,
  description: string,
  host: string,
): AdPlatformError {
  const said = description ? ` ("${description.slice(0, 200)}")` : '';
  if (error === 'invalid_grant')
    return new AdPlatformError(
      'credentials',
      `the Google Ads refresh token (${GOOGLE_ADS_ENV.refreshToken}) has expired or was revoked${said}: make a new one with the OAuth client of ${GOOGLE_ADS_ENV.clientId} (scope https://www.googleapis.com/auth/adwords) and restart adcli serve; a consent screen left in "Testing" makes tokens that expire after 7 days`,
    );
  if (error === 'invalid_client' || error === 'unauthorized_client')
    return new AdPlatformError(
      'credentials',
      `the OAuth token endpoint refused the client (${error})${said}: check ${GOOGLE_ADS_ENV.clientId} and ${GOOGLE_ADS_ENV.clientSecret}`,
    );
  if (status >= 500 || status === 429 || status === 0)
    return new AdPlatformError(
      'unavailable',
      `the OAuth token endpoint ${host} answered ${status}${said}`,
    );
  return new AdPlatformError(
    'credentials',
    `the OAuth token endpoint ${host} answered ${status}${error ? ` ${error}` : ''}${said}: check the ${GOOGLE_ADS_ENV.clientId}, ${GOOGLE_ADS_ENV.clientSecret} and ${GOOGLE_ADS_ENV.refreshToken} variables`,
  );
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'a URL that is not one';
  }
}
