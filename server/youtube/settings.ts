/**
 * The server's YouTube configuration (`adcli serve --youtube-api-key`/`ADCLI_YOUTUBE_API_KEY`,
 * `--youtube-base-url`, `--youtube-quota`, `--youtube-workspace-quota`) and what the services are given at construction: the API
 * behind its port, the daily quota and the collection bounds. Plain data, so a worker thread gets it
 * in its workerData (never in an environment or a command line).
 */
import type { CollectBounds } from './collector.ts';
import { DEFAULT_YOUTUBE_BASE_URL, DEFAULT_YOUTUBE_QUOTA, YouTubeHttpApi } from './http-api.ts';
import type { YouTubeApi } from './port.ts';

export interface YouTubeSettings {
  /** the Data API key: kept out of every log line, error, snapshot and export */
  apiKey: string;
  /** default https://www.googleapis.com/youtube/v3 */
  baseUrl?: string | undefined;
  /** units a day across the server (default 10,000, the API's default daily quota) */
  dailyQuota?: number | undefined;
  /** units a day for one workspace (default: the server's whole quota) */
  workspaceQuota?: number | undefined;
  /** how much is collected per channel and per video (defaults in collector.ts) */
  bounds?: Partial<CollectBounds> | undefined;
}

/** What the domain services collect through: the API behind its port, within a daily quota. */
export interface YouTubeSource {
  api: YouTubeApi;
  dailyQuota: number;
  workspaceQuota?: number | undefined;
  bounds?: Partial<CollectBounds> | undefined;
}

/** The YouTube source of a server's settings: the HTTP client on the settings' base URL. */
export function youtubeSource(s: YouTubeSettings): YouTubeSource {
  return {
    api: new YouTubeHttpApi({ apiKey: s.apiKey, baseUrl: s.baseUrl }),
    dailyQuota: s.dailyQuota ?? DEFAULT_YOUTUBE_QUOTA,
    workspaceQuota: s.workspaceQuota,
    bounds: s.bounds,
  };
}

export { DEFAULT_YOUTUBE_BASE_URL, DEFAULT_YOUTUBE_QUOTA };

/**
 * A base URL for the Data API as given (a flag or ADCLI_YOUTUBE_BASE_URL): an http(s) URL without
 * query, fragment or credentials, answered without a trailing slash; null when it is not one.
 */
export function youtubeBaseUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bad =
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password;
  return bad ? null : url.href.replace(/\/+$/, '');
}
