/**
 * `adcli serve --ads-platform simulated|google-ads` (else ADCLI_ADS_PLATFORM): which ad platform the
 * server publishes to. Google Ads takes its credentials from ADCLI_GOOGLE_ADS_* only (never a flag:
 * a flag shows in ps), and `--google-ads-base-url` / `--google-oauth-token-url` point it elsewhere (a
 * test's stand-in). Every problem is a usage error naming the variable or flag and what it needs.
 */
import {
  DEFAULT_GOOGLE_ADS_BASE_URL,
  DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
  describeGoogleAds,
  googleAdsCredentialsFromEnv,
  httpBaseUrl,
  type AdsPlatformSettings,
} from '../../../server/app/google-ads.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';

export const ADS_PLATFORMS = ['simulated', 'google-ads'] as const;

export interface AdsPlatformOptions {
  adsPlatform?: string;
  /** `--seed demo`: its demo campaigns are published, one turned on: the simulation's only */
  seed?: string;
  googleAdsBaseUrl?: string;
  googleOauthTokenUrl?: string;
}

/** The server's ad-platform settings; undefined for the simulation (the default). */
export function adsPlatformSettings(
  f: Factory,
  opts: AdsPlatformOptions,
): AdsPlatformSettings | undefined {
  const kind = opts.adsPlatform ?? 'simulated';
  if (kind !== 'google-ads') {
    const flag =
      opts.googleAdsBaseUrl !== undefined
        ? '--google-ads-base-url'
        : opts.googleOauthTokenUrl !== undefined
          ? '--google-oauth-token-url'
          : null;
    if (flag) throw usageError(`${flag} needs --ads-platform google-ads`);
    return undefined;
  }
  if (opts.seed !== undefined)
    throw usageError(
      `--seed ${opts.seed} publishes its demo campaigns and turns one on, in the simulated ad platform only: it cannot be used with --ads-platform google-ads`,
    );
  const read = googleAdsCredentialsFromEnv(f.env);
  if ('problems' in read)
    throw usageError(
      `--ads-platform google-ads takes its credentials from the environment only:\n  ${read.problems.join('\n  ')}\n(docs/google-ads.md says how to get each one)`,
    );
  const url = (given: string | undefined, flag: string, fallback: string) => {
    if (given === undefined) return fallback;
    const ok = httpBaseUrl(given);
    if (ok === null)
      throw usageError(
        `${flag} must be an http(s) URL without query, fragment or credentials, e.g. ${fallback}, not ${given}`,
      );
    return ok;
  };
  return {
    kind: 'google-ads',
    googleAds: {
      credentials: read.credentials,
      baseUrl: url(opts.googleAdsBaseUrl, '--google-ads-base-url', DEFAULT_GOOGLE_ADS_BASE_URL),
      tokenUrl: url(
        opts.googleOauthTokenUrl,
        '--google-oauth-token-url',
        DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
      ),
    },
  };
}

/** The banner's line for Google Ads: where it publishes, never a secret; none for the simulation. */
export function adsPlatformLines(ads: AdsPlatformSettings | undefined): string[] {
  return ads?.kind === 'google-ads'
    ? [`  ads        ${describeGoogleAds(ads.googleAds)}; campaigns are created PAUSED`]
    : [];
}
