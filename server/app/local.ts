/**
 * The local profile's door: the very same backend, in the command's own process, on a data dir's
 * SQLite file, seeded with the demo on first use. No server runs between commands, so each request
 * first runs every job that is due to its end (claimed with a lease: two adcli processes never run
 * one job twice). A job is due once its minimum duration has passed since it was queued, so whichever
 * command comes next finishes it, with or without --wait.
 */
import { SqliteStore } from '../store/sqlite/store.ts';
import type { YouTubeSettings } from '../youtube/settings.ts';

/** Checks ADCLI_YOUTUBE_BASE_URL for the command line: the URL, or null when it is not one. */
export { youtubeBaseUrl } from '../youtube/settings.ts';
import { createBackend } from './backend.ts';
import { bootstrap } from './bootstrap.ts';

/** How long the local backend's jobs take at least, so a person sees them queued, then running. */
export const LOCAL_JOB_DELAY_MS = 1500;

export interface LocalBackend {
  /** the backend's own all-scopes key (kept in the key file) */
  apiKey: string;
  /** answers one request as the API would over a port */
  fetch(request: Request): Promise<Response>;
  close(): void;
}

/**
 * Opens the local backend; an unusable file throws (its message names the file). With `youtube`,
 * the collections its requests run (before each request) fetch unknown sources from the Data API.
 */
export async function openLocalBackend(
  files: { dbFile: string; keyFile: string },
  opts: { youtube?: YouTubeSettings | undefined } = {},
): Promise<LocalBackend> {
  const store = new SqliteStore(files.dbFile);
  const backend = createBackend({
    store,
    jobDelayMs: LOCAL_JOB_DELAY_MS,
    youtube: opts.youtube,
    oneShot: true,
  });
  let apiKey: string;
  try {
    ({ apiKey } = await bootstrap(backend.services, {
      seedWhenEmpty: 'demo',
      keyFile: files.keyFile,
    }));
    await backend.services.ads.scheduleSync();
  } catch (e) {
    store.closeNow();
    throw e;
  }
  return {
    apiKey,
    async fetch(request) {
      await backend.runner.runDue();
      return backend.app.fetch(request);
    },
    close: () => store.closeNow(),
  };
}
