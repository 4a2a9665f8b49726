/**
 * The Google Ads adapter's configuration, as plain data: `adcli serve` builds it once (credentials
 * from the environment only, never a flag) and it is copied whole into every job worker thread's
 * workerData, like the YouTube settings. Nothing here is ever logged, journalled, snapshotted or
 * exported: `describeGoogleAds` is what a log line may say of it.
 */

/** The OAuth 2.0 client and the Google Ads developer token: secrets, from ADCLI_GOOGLE_ADS_* only. */
export interface GoogleAdsCredentials {
  /** ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN: the `developer-token` header of every call */
  developerToken: string;
  /** ADCLI_GOOGLE_ADS_CLIENT_ID */
  clientId: string;
  /** ADCLI_GOOGLE_ADS_CLIENT_SECRET */
  clientSecret: string;
  /** ADCLI_GOOGLE_ADS_REFRESH_TOKEN: exchanged for short-lived access tokens */
  refreshToken: string;
  /** ADCLI_GOOGLE_ADS_LOGIN_CUSTOMER_ID: the manager account the calls go through, digits only */
  loginCustomerId?: string | undefined;
}

export interface GoogleAdsSettings {
  credentials: GoogleAdsCredentials;
  /** default https://googleads.googleapis.com (`--google-ads-base-url`) */
  baseUrl?: string | undefined;
  /** default https://oauth2.googleapis.com/token (`--google-oauth-token-url`) */
  tokenUrl?: string | undefined;
  /** default GOOGLE_ADS_API_VERSION */
  apiVersion?: string | undefined;
  /** how long read results (statuses, metrics) are reused, ms; default 2 minutes, at most 5 */
  cacheMs?: number | undefined;
  /** the first retry's wait, ms (doubled each time, at most MAX_ATTEMPTS tries); tests shorten it */
  retryBaseMs?: number | undefined;
}

export const DEFAULT_GOOGLE_ADS_BASE_URL = 'https://googleads.googleapis.com';
export const DEFAULT_GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** The version the reference documents as the latest active one (developers.google.com/google-ads/api/reference/rpc/v26). */
export const GOOGLE_ADS_API_VERSION = 'v26';
export const DEFAULT_CACHE_MS = 120_000;
export const MAX_CACHE_MS = 300_000;

/** The environment variables of the credentials, each with the field it fills. */
export const GOOGLE_ADS_ENV = {
  developerToken: 'ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN',
  clientId: 'ADCLI_GOOGLE_ADS_CLIENT_ID',
  clientSecret: 'ADCLI_GOOGLE_ADS_CLIENT_SECRET',
  refreshToken: 'ADCLI_GOOGLE_ADS_REFRESH_TOKEN',
  loginCustomerId: 'ADCLI_GOOGLE_ADS_LOGIN_CUSTOMER_ID',
} as const;

/**
 * The credentials of an environment, or the list of what is missing or wrong (each naming its
 * variable and what to put there), so one message lists every problem.
 */
export function googleAdsCredentialsFromEnv(
  env: NodeJS.ProcessEnv,
): { credentials: GoogleAdsCredentials } | { problems: string[] } {
  const problems: string[] = [];
  const need = (field: Exclude<keyof typeof GOOGLE_ADS_ENV, 'loginCustomerId'>, what: string) => {
    const value = env[GOOGLE_ADS_ENV[field]]?.trim() ?? '';
    if (!value) problems.push(`${GOOGLE_ADS_ENV[field]} is not set: ${what}`);
    return value;
  };
  const developerToken = need(
    'developerToken',
    'the developer token of your manager account (Google Ads › Tools › API Center)',
  );
  const clientId = need('clientId', 'the OAuth 2.0 client id of your Google Cloud project');
  const clientSecret = need('clientSecret', 'the secret of that OAuth 2.0 client');
  const refreshToken = need(
    'refreshToken',
    'a refresh token of a Google account with access to the Google Ads accounts (scope https://www.googleapis.com/auth/adwords)',
  );
  const login = env[GOOGLE_ADS_ENV.loginCustomerId]?.trim() ?? '';
  const loginDigits = login.replace(/-/g, '');
  if (login && !/^\d{10}$/.test(loginDigits))
    problems.push(
      `${GOOGLE_ADS_ENV.loginCustomerId} must be a customer id of 10 digits (123-456-7890 or 1234567890), not ${login.length > 20 ? `${login.slice(0, 20)}…` : login}`,
    );
  if (problems.length > 0) return { problems };
  return {
    credentials: {
      developerToken,
      clientId,
      clientSecret,
      refreshToken,
      ...(loginDigits ? { loginCustomerId: loginDigits } : {}),
    },
  };
}

/** What may be said of the settings in a log line or a banner: where calls go, never a secret. */
export function describeGoogleAds(s: GoogleAdsSettings): string {
  const login = s.credentials.loginCustomerId
    ? `, through manager account ${formatId(s.credentials.loginCustomerId)}`
    : '';
  return `Google Ads API ${s.apiVersion ?? GOOGLE_ADS_API_VERSION} at ${s.baseUrl ?? DEFAULT_GOOGLE_ADS_BASE_URL}${login}`;
}

function formatId(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Every secret of the credentials, for cutting them out of any text that leaves the adapter. */
export function secretsOf(c: GoogleAdsCredentials): string[] {
  return [c.developerToken, c.clientId, c.clientSecret, c.refreshToken].filter((s) => s.length > 0);
}
