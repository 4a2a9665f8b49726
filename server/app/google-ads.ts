/**
 * What the CLI needs of the Google Ads adapter (`adcli serve --ads-platform google-ads`): reading
 * its credentials from the environment, its defaults, and a description safe for a banner.
 */
export {
  DEFAULT_GOOGLE_ADS_BASE_URL,
  DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
  GOOGLE_ADS_API_VERSION,
  GOOGLE_ADS_ENV,
  describeGoogleAds,
  googleAdsCredentialsFromEnv,
  type GoogleAdsSettings,
} from '../ads/google-ads/settings.ts';
export type { AdsPlatformSettings } from '../ads/settings.ts';
export { youtubeBaseUrl as httpBaseUrl } from '../youtube/settings.ts';
