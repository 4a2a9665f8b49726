/**
 * A collection's step on YouTube: the sources of a data store the catalog does not know, collected
 * from the YouTube Data API into the workspace's catalog, and what to do when YouTube cannot answer
 * now (put the job back for later, with the store's error saying why it waits).
 */
import { parseJsonArray } from '../lib/json.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import type { JobQueue, JobRow } from '../jobs/queue.ts';
import { workspaceLock } from '../store/locks.ts';
import { noneSkipped, type Skipped, type YouTubeCollector } from '../youtube/collector.ts';
import { nextQuotaDay } from '../youtube/quota.ts';
import type { Catalog } from './catalog.ts';
import { ownerOf, type DataStoreRow } from './data-store-row.ts';

/** What asking YouTube for the unknown sources came to, for the store's error. */
export interface YouTubeResult {
  /** the API was asked for every unknown source; those it did not return are not on YouTube */
  failed: string | null;
  /** resources YouTube sent that the import's checks refuse (left out) */
  leftOut: number;
  /** the failure is the server's API key's (not valid, expired, its API off, blocked), not the sources' */
  keyFault?: boolean;
  /** what YouTube said was not there and was skipped (comments off, videos gone, no uploads) */
  skipped?: Skipped;
}

/** 5xx and network failures in a row before a collection gives up on YouTube. */
const UNAVAILABLE_TRIES = 5;
/** rate-limit answers in a row before a collection gives up on YouTube. */
const RATE_LIMITED_TRIES = 6;

/** Adds the resources of a batch to an owner's catalog, as an import does. */
type AddToCatalog = (
  owner: string,
  batch: Parameters<Parameters<YouTubeCollector['collect']>[1]['save']>[0],
) => Promise<unknown>;

export class YouTubeCollection {
  readonly #d: DomainDeps;
  readonly #catalog: Catalog;
  readonly #jobs: JobQueue;
  readonly #youtube: YouTubeCollector;
  readonly #runMs: number;
  readonly #addToCatalog: AddToCatalog;

  constructor(
    deps: DomainDeps,
    catalog: Catalog,
    jobs: JobQueue,
    youtube: YouTubeCollector,
    runMs: number,
    addToCatalog: AddToCatalog,
  ) {
    this.#d = deps;
    this.#catalog = catalog;
    this.#jobs = jobs;
    this.#youtube = youtube;
    this.#runMs = runMs;
    this.#addToCatalog = addToCatalog;
  }

  /**
   * Collects the store's sources that the catalog does not know from the YouTube Data API, each
   * channel (with its videos and comments) or batch of videos in a transaction of its own, into the
   * workspace's catalog as an import would put them. Answers what came of it for the link phase, or
   * 'later' when the job was put back in the queue: the run's time is up (it goes on at once), the
   * quota is spent (it goes on after midnight Pacific time, when the quota's day turns), or YouTube
   * asked to wait or failed for now (it goes on after a backoff); the store stays `collecting`, its
   * error saying why it waits.
   */
  async run(job: JobRow): Promise<YouTubeResult | 'later' | null> {
    const youtube = this.#youtube;
    const store = this.#d.store;
    const row = await store.get<DataStoreRow>(
      'SELECT * FROM data_stores WHERE id = ?',
      job.subject,
    );
    if (!row || row.scope !== 'workspace') return null;
    const owner = ownerOf(row);
    const channelIds: string[] = [];
    for (const id of parseJsonArray(row.source_channel_ids))
      if (!(await this.#catalog.channel(owner, id))) channelIds.push(id);
    const videoIds: string[] = [];
    for (const id of parseJsonArray(row.source_video_ids))
      if (!(await this.#catalog.video(owner, id))) videoIds.push(id);
    // what earlier runs of this job skipped (their steps are saved, so not asked again)
    const skipped = jobPayload(job).skipped ?? noneSkipped();
    if (channelIds.length + videoIds.length === 0)
      return isEmpty(skipped) ? null : { failed: null, leftOut: 0, skipped };

    const started = performance.now();
    const outcome = await youtube.collect(
      { workspaceId: owner, channelIds, videoIds },
      {
        save: async (batch) => {
          await store.write(async () => {
            await this.#addToCatalog(owner, batch);
          });
          for (const k of ['commentsOff', 'videoNotFound', 'noUploads', 'noFigures'] as const)
            skipped[k].push(...batch.skipped[k].filter((id) => !skipped[k].includes(id)));
        },
        keepGoing: async () =>
          performance.now() - started < this.#runMs && (await this.#jobs.holds(job.id)),
      },
    );
    const { dailyUnits: quota, workspaceUnits } = youtube.quota;
    const transient = jobPayload(job).youtubeFailures ?? 0;
    // failures in a row: progress since the last one starts the count again
    const failuresNow = (outcome.kind === 'failed' && outcome.saved > 0 ? 0 : transient) + 1;
    const realNow = this.#d.clock.base.now();
    switch (outcome.kind) {
      case 'done':
        return { failed: null, leftOut: outcome.leftOut, skipped };
      case 'stopped':
        await this.#putBack(job, 0, null, 0, skipped);
        return 'later';
      case 'quota': {
        const resume = nextQuotaDay(realNow);
        const spent =
          outcome.of === 'workspace'
            ? `this workspace's YouTube quota of ${workspaceUnits} units for today is spent (adcli serve --youtube-workspace-quota)`
            : `the YouTube quota of ${quota} units for today is spent`;
        await this.#putBack(
          job,
          resume.getTime() - realNow.getTime(),
          `${spent}; collection resumes after midnight Pacific time (${resume.toISOString().slice(11, 16)} UTC)` +
            `, with ${outcome.needed} more units at most needed for this data store`,
          0,
          skipped,
        );
        return 'later';
      }
      case 'too_small':
        return {
          failed:
            workspaceUnits < quota
              ? `one step of the collection needs up to ${outcome.step} units, more than a workspace's YouTube quota of ${workspaceUnits} units a day (adcli serve --youtube-workspace-quota)`
              : `one step of the collection needs up to ${outcome.step} units, more than the YouTube quota of ${quota} units a day (adcli serve --youtube-quota)`,
          leftOut: 0,
          skipped,
        };
      case 'failed': {
        const e = outcome.error;
        if (e.kind === 'quota') {
          const resume = nextQuotaDay(realNow);
          await this.#putBack(
            job,
            resume.getTime() - realNow.getTime(),
            `the YouTube Data API says the project's daily quota is spent (${e.reason || e.status}); collection resumes after midnight Pacific time (${resume.toISOString().slice(11, 16)} UTC), when Google resets it`,
            0,
            skipped,
          );
          return 'later';
        }
        if (e.kind === 'rate' && failuresNow < RATE_LIMITED_TRIES) {
          const waitMs = Math.min(3_600_000, 60_000 * 2 ** (failuresNow - 1));
          await this.#putBack(
            job,
            waitMs,
            `YouTube asked to slow down (${e.message}); collection resumes in ${Math.round(waitMs / 1000)} s`,
            failuresNow,
            skipped,
          );
          return 'later';
        }
        if (e.kind === 'unavailable' && failuresNow < UNAVAILABLE_TRIES) {
          const waitMs = 5_000 * 2 ** (failuresNow - 1);
          await this.#putBack(
            job,
            waitMs,
            `${e.message}; collection tries again in ${Math.round(waitMs / 1000)} s (failure ${failuresNow} of ${UNAVAILABLE_TRIES})`,
            failuresNow,
            skipped,
          );
          return 'later';
        }
        if (e.kind === 'key') return { failed: e.message, leftOut: 0, keyFault: true, skipped };
        const times =
          e.kind === 'rate' || e.kind === 'unavailable' ? ` (${failuresNow} times in a row)` : '';
        return { failed: `${e.message}${times}`, leftOut: 0, skipped };
      }
    }
  }

  /**
   * Puts a running collection back in the queue, to run again after `delayMs` (of the workspace's
   * time, which runs with real time unless a person moves it); the store stays `collecting` and its
   * error says why it waits (null: unchanged). A planned wait is no failed attempt: the job's
   * attempts start again, and its payload keeps the count of YouTube failures in a row.
   */
  async #putBack(
    job: JobRow,
    delayMs: number,
    message: string | null,
    youtubeFailures: number,
    skipped: Skipped,
  ): Promise<void> {
    const store = this.#d.store;
    await store.write(async () => {
      await store.lock(workspaceLock(job.workspace_id));
      if (!(await this.#jobs.holds(job.id))) return;
      await this.#jobs.retryLater(job.id, delayMs);
      await store.run(
        'UPDATE jobs SET attempts = 0, payload = ? WHERE id = ?',
        JSON.stringify({
          ...jobPayload(job),
          youtubeFailures,
          ...(isEmpty(skipped) ? {} : { skipped }),
        }),
        job.id,
      );
      if (message !== null)
        await store.run(
          "UPDATE data_stores SET error = ?, updated_at = ? WHERE id = ? AND status = 'collecting'",
          message,
          this.#d.clock.now().toISOString(),
          job.subject,
        );
    });
  }
}

const isEmpty = (s: Skipped) =>
  s.commentsOff.length + s.videoNotFound.length + s.noUploads.length + s.noFigures.length === 0;

/** A collection job's payload: what it keeps between its runs. */
function jobPayload(job: JobRow): { youtubeFailures?: number; skipped?: Skipped } {
  try {
    const p = JSON.parse(job.payload) as unknown;
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return {};
    const { youtubeFailures, skipped } = p as { youtubeFailures?: unknown; skipped?: unknown };
    const ids = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    const sk = (skipped ?? {}) as Partial<Record<keyof Skipped, unknown>>;
    return {
      ...(typeof youtubeFailures === 'number' ? { youtubeFailures } : {}),
      ...(skipped && typeof skipped === 'object'
        ? {
            skipped: {
              commentsOff: ids(sk.commentsOff),
              videoNotFound: ids(sk.videoNotFound),
              noUploads: ids(sk.noUploads),
              noFigures: ids(sk.noFigures),
            },
          }
        : {}),
    };
  } catch {
    return {};
  }
}
