import { conflict, invalid, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { parseJsonArray } from '../lib/json.ts';
import type { z } from 'zod';
import { dataStoreResource } from '../schemas/data-store.ts';
import type { DataStore, StoreChannel } from '../schemas/records.ts';
import type {
  ImportBody,
  YtChannel,
  YtComment,
  YtCommentThread,
  YtVideo,
} from '../schemas/youtube.ts';
import type { Actor } from './actor.ts';
import { Catalog, seenCopy, storeVideo, type VideoRow } from './catalog.ts';
import { ownerOf, toRecord, type DataStoreRow } from './data-store-row.ts';
import { unknownError } from './data-store-errors.ts';
import { YouTubeCollection, type YouTubeResult } from './data-store-youtube.ts';
import type { DomainDeps } from '../kernel/deps.ts';
import { assertMayChangeShared } from './limits.ts';
import type { JobQueue, JobRow } from '../jobs/queue.ts';
import { workspaceLock } from '../store/locks.ts';
import { decodeCursor, selectPage, toPage, type PageQuery } from './paging.ts';
import type { YouTubeCollector } from '../youtube/collector.ts';
import { boundText } from '../youtube/port.ts';

export { ownerOf, toRecord, type DataStoreRow } from './data-store-row.ts';

/** A create's body; an update's is every field optional (server/schemas/data-store.ts). */
export type DataStoreFields = z.infer<typeof dataStoreResource.createBody>;
type DataStorePatch = z.infer<typeof dataStoreResource.updateBody>;

// The declared fields' columns (name, description, the sources), in the order their values come.
const COLUMNS = dataStoreResource.columns.join(', ');
const PLACES = dataStoreResource.columns.map(() => '?').join(', ');
const SETS = dataStoreResource.columns.map((c) => `${c} = ?`).join(', ');

export interface DataStoreOptions {
  delayMs?: number;
  afterCollect?: (dataStoreId: string) => Promise<void>;
  afterDelete?: (campaignIds: string[]) => Promise<void>;
  /**
   * Collects the sources the catalog does not know from the YouTube Data API (adcli serve with a
   * YouTube key); without it they end in the store's error, to be imported.
   */
  youtube?: YouTubeCollector | undefined;
  /**
   * Real time one run of a collection job may spend on YouTube before it hands the rest to a new
   * claim of its job (default 20 s: well inside the job's lease, so no other worker takes it over).
   */
  youtubeRunMs?: number | undefined;
}

export class DataStores {
  readonly #d: DomainDeps;
  readonly #catalog: Catalog;
  readonly #jobs: JobQueue;
  /** how long a collection takes at least (simulated work, so `collecting` can be watched) */
  readonly delayMs: number;
  /** called in the same transaction when a store enters or leaves `collecting`, so campaigns can follow */
  readonly afterCollect: (dataStoreId: string) => Promise<void>;
  /** called in the same transaction after a delete with the campaigns that drew on the store */
  readonly afterDelete: (campaignIds: string[]) => Promise<void>;
  /** the step on YouTube of a collection, where the server has a YouTube key */
  readonly #youtube: YouTubeCollection | undefined;

  constructor(deps: DomainDeps, catalog: Catalog, jobs: JobQueue, opts: DataStoreOptions = {}) {
    this.#d = deps;
    this.#catalog = catalog;
    this.#jobs = jobs;
    this.delayMs = opts.delayMs ?? 0;
    this.afterCollect = opts.afterCollect ?? (() => Promise.resolve());
    this.afterDelete = opts.afterDelete ?? (() => Promise.resolve());
    this.#youtube = opts.youtube
      ? new YouTubeCollection(
          deps,
          catalog,
          jobs,
          opts.youtube,
          opts.youtubeRunMs ?? 20_000,
          (owner, batch) => this.#addToCatalog(owner, batch),
        )
      : undefined;
  }

  async onCollect(dataStoreId: string): Promise<void> {
    const row = await this.#d.store.get<{ workspace_id: string | null }>(
      'SELECT workspace_id FROM data_stores WHERE id = ?',
      dataStoreId,
    );
    await this.#jobs.enqueue('collect_data_store', dataStoreId, {
      workspaceId: row?.workspace_id ?? null,
      delayMs: this.delayMs,
    });
  }

  /** A collection job that failed for good: the store ends in error rather than collecting forever. */
  async collectionFailed(dataStoreId: string, message: string): Promise<void> {
    const now = this.#d.clock.now().toISOString();
    // a store's state is read across campaigns: its workspace's other writes wait (see runCollect)
    const of = await this.#d.store.get<{ workspace_id: string | null }>(
      'SELECT workspace_id FROM data_stores WHERE id = ?',
      dataStoreId,
    );
    if (!of) return;
    await this.#d.store.lock(workspaceLock(of.workspace_id));
    const { changes } = await this.#d.store.run(
      "UPDATE data_stores SET status = 'error', error = ?, updated_at = ? WHERE id = ? AND status = 'collecting'",
      `collecting failed: ${boundText(message)}; change its sources or PATCH it to collect again`,
      now,
      dataStoreId,
    );
    if (changes) await this.afterCollect(dataStoreId);
  }

  /**
   * The collect_data_store job: links the catalog's channels (with their videos) and videos named as
   * sources. With a YouTube source, the ids the catalog does not know are first collected from the
   * Data API into the workspace's catalog (data-store-youtube.ts), unless that puts the job back for
   * later. Ids still unknown are reported in the store's error, never dropped quietly.
   */
  async runCollect(job: JobRow): Promise<void> {
    const store = this.#d.store;
    let youtube: YouTubeResult | null = null;
    if (this.#youtube) {
      const r = await this.#youtube.run(job);
      if (r === 'later') return;
      youtube = r;
    }
    await store.write(async () => {
      // The store's links, counts and state change, and campaigns derive theirs from its state: the
      // workspace's other writes wait, so none reads its state half-way or adds it to a slot unseen.
      await store.lock(workspaceLock(job.workspace_id));
      if (!(await this.#jobs.holds(job.id))) return;
      const row = await store.get<DataStoreRow>(
        'SELECT * FROM data_stores WHERE id = ?',
        job.subject,
      );
      if (!row) return this.#jobs.finish(job.id, 'done', 'the data store no longer exists');
      const owner = ownerOf(row);
      const channels = parseJsonArray(row.source_channel_ids);
      const videos = parseJsonArray(row.source_video_ids);
      const unknown: string[] = [];
      await this.unlinkCollected(row.id);
      for (const channelId of channels) {
        if (!(await this.#catalog.channel(owner, channelId))) {
          unknown.push(channelId);
          continue;
        }
        await this.link('channel', row.id, channelId, 'collect');
        for (const videoId of await this.#catalog.videosOfChannel(owner, channelId))
          await this.link('video', row.id, videoId, 'collect');
      }
      for (const videoId of videos) {
        const video = await this.#catalog.video(owner, videoId);
        if (!video) {
          unknown.push(videoId);
          continue;
        }
        await this.link('video', row.id, videoId, 'collect');
        await this.link('channel', row.id, video.channel_id, 'collect');
      }
      await this.refreshCounts(row.id);
      await this.#jobs.finish(job.id, youtube?.failed ? 'failed' : 'done', youtube?.failed ?? '');
      // Sources changed again while this ran: the newer collection decides the state.
      if (
        await store.get(
          "SELECT 1 FROM jobs WHERE kind = 'collect_data_store' AND subject = ? AND state = 'queued'",
          row.id,
        )
      )
        return;
      const total = channels.length + videos.length;
      const now = this.#d.clock.now().toISOString();
      const failed = total > 0 && unknown.length === total;
      const error = unknownError(row.id, total, unknown, youtube);
      await store.run(
        'UPDATE data_stores SET status = ?, error = ?, ready_at = ?, updated_at = ? WHERE id = ?',
        failed ? 'error' : 'ready',
        error,
        failed ? row.ready_at : now,
        now,
        row.id,
      );
      await this.afterCollect(row.id);
    });
  }

  async list(actor: Actor, q: PageQuery & { includeLibrary: boolean }) {
    const rows = await (q.includeLibrary
      ? selectPage<DataStoreRow>(
          this.#d.store,
          'data_stores',
          "(workspace_id = ? OR scope = 'library')",
          [actor.workspaceId],
          q,
        )
      : selectPage<DataStoreRow>(
          this.#d.store,
          'data_stores',
          'workspace_id = ?',
          [actor.workspaceId],
          q,
        ));
    return toPage(rows, q.limit, (r) => r.map(toRecord));
  }

  async count(actor: Actor): Promise<number> {
    return (await this.#d.store.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM data_stores WHERE workspace_id = ?',
      actor.workspaceId,
    ))!.n;
  }

  /** A store the workspace can read: its own, or a shared library store. */
  async row(actor: Actor, id: string): Promise<DataStoreRow> {
    const row = await this.#d.store.get<DataStoreRow>(
      "SELECT * FROM data_stores WHERE id = ? AND (workspace_id = ? OR scope = 'library')",
      id,
      actor.workspaceId,
    );
    if (!row) throw notFound(`no data store ${id} in this workspace`);
    return row;
  }

  async get(actor: Actor, id: string): Promise<DataStore> {
    return toRecord(await this.row(actor, id));
  }

  /** Checks that each id names a store the workspace can use; returns them without repeats. */
  async resolveIds(actor: Actor, ids: string[], field: string): Promise<string[]> {
    const unique = [...new Set(ids)];
    for (const id of unique) {
      const ok = await this.#d.store.get(
        "SELECT 1 FROM data_stores WHERE id = ? AND (workspace_id = ? OR scope = 'library')",
        id,
        actor.workspaceId,
      );
      if (!ok) throw invalid(`${field}[${ids.indexOf(id)}]: no data store ${id} in this workspace`);
    }
    return unique;
  }

  async create(actor: Actor, input: DataStoreFields): Promise<DataStore> {
    const now = this.#d.clock.now();
    const id = newId(now);
    const channels = [...new Set(input.channelIds ?? [])];
    const videos = [...new Set(input.videoIds ?? [])];
    const collecting = channels.length + videos.length > 0;
    await this.#d.store.run(
      `INSERT INTO data_stores (id, workspace_id, scope, ${COLUMNS}, status, created_at, updated_at, ready_at)
       VALUES (?, ?, 'workspace', ${PLACES}, ?, ?, ?, ?)`,
      id,
      actor.workspaceId,
      ...dataStoreResource.createValues({ ...input, channelIds: channels, videoIds: videos }),
      collecting ? 'collecting' : 'ready',
      now.toISOString(),
      now.toISOString(),
      collecting ? null : now.toISOString(),
    );
    if (collecting) await this.onCollect(id);
    return this.get(actor, id);
  }

  /** A shared library store (read-only for workspaces), filled from the shared catalog by the operator. */
  async createLibrary(input: {
    name: string;
    description: string;
    channelIds: string[];
    videoIds: string[];
  }): Promise<DataStoreRow> {
    const now = this.#d.clock.now();
    const id = newId(now);
    await this.#d.store.run(
      `INSERT INTO data_stores (id, workspace_id, scope, ${COLUMNS}, status, created_at, updated_at, ready_at)
       VALUES (?, NULL, 'library', ${PLACES}, 'ready', ?, ?, ?)`,
      id,
      ...dataStoreResource.createValues(input),
      now.toISOString(),
      now.toISOString(),
      now.toISOString(),
    );
    for (const c of input.channelIds) await this.link('channel', id, c);
    for (const v of input.videoIds) await this.link('video', id, v);
    await this.refreshCounts(id);
    return (await this.#d.store.get<DataStoreRow>('SELECT * FROM data_stores WHERE id = ?', id))!;
  }

  async update(actor: Actor, id: string, patch: DataStorePatch): Promise<DataStore> {
    const row = await this.#writable(actor, id, 'changed', 'change');
    if (Object.keys(patch).length === 0) return toRecord(row);
    const sourcesChange = patch.channelIds !== undefined || patch.videoIds !== undefined;
    const unique = (ids: string[] | undefined) => ids && [...new Set(ids)];
    const now = this.#d.clock.now().toISOString();
    // the fields not in the patch are written back as read
    await this.#d.store.run(
      `UPDATE data_stores SET ${SETS}, updated_at = ? WHERE id = ?`,
      ...dataStoreResource.updateValues(row, {
        ...patch,
        channelIds: unique(patch.channelIds),
        videoIds: unique(patch.videoIds),
      }),
      now,
      id,
    );
    if (sourcesChange) {
      await this.#d.store.run(
        "UPDATE data_stores SET status = 'collecting', error = '' WHERE id = ?",
        id,
      );
      await this.onCollect(id);
      // Campaigns drawing on it are loading again until the collection is done.
      await this.afterCollect(id);
    }
    return this.get(actor, id);
  }

  /** Removes the store and its id from the audiences and campaign slots that named it. */
  async delete(actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
    await this.#writable(actor, id, 'deleted', 'delete');
    const store = this.#d.store;
    // Asked before the id leaves the slots: their campaigns' status is derived again afterwards.
    const campaignIds = (
      await store.all<{ campaign_id: string }>(
        `SELECT DISTINCT campaign_id FROM campaign_audiences WHERE data_store_ids LIKE ?1 AND ?2 IN ${store.dialect.jsonValues('data_store_ids')}`,
        `%${id}%`,
        id,
      )
    ).map((r) => r.campaign_id);
    // The id leaves every list that names it (the LIKE only narrows down the rows to read).
    const named = `%${id}%`;
    const audiences = await store.all<{ id: string; data_store_ids: string }>(
      'SELECT id, data_store_ids FROM audiences WHERE workspace_id = ? AND data_store_ids LIKE ?',
      actor.workspaceId,
      named,
    );
    for (const a of audiences) {
      const ids = JSON.parse(a.data_store_ids) as string[];
      if (ids.includes(id))
        await store.run(
          'UPDATE audiences SET data_store_ids = ? WHERE id = ?',
          JSON.stringify(ids.filter((x) => x !== id)),
          a.id,
        );
    }
    const slots = await store.all<{ id: string; data_store_ids: string }>(
      `SELECT id, data_store_ids FROM campaign_audiences
       WHERE data_store_ids LIKE ? AND campaign_id IN (SELECT id FROM campaigns WHERE workspace_id = ?)`,
      named,
      actor.workspaceId,
    );
    for (const s of slots) {
      const ids = JSON.parse(s.data_store_ids) as string[];
      if (ids.includes(id))
        await store.run(
          'UPDATE campaign_audiences SET data_store_ids = ? WHERE id = ?',
          JSON.stringify(ids.filter((x) => x !== id)),
          s.id,
        );
    }
    await store.run('DELETE FROM data_stores WHERE id = ?', id);
    await this.afterDelete(campaignIds);
    return { id, deleted: true };
  }

  async channels(actor: Actor, id: string, q: { limit: number; cursor?: string | undefined }) {
    const row = await this.row(actor, id);
    const owner = ownerOf(row);
    const rows = await this.#d.store.all<{ seq: number; id: string } & Record<string, unknown>>(
      `SELECT l.seq, c.*,
         (SELECT COUNT(*) FROM data_store_videos lv JOIN yt_videos v ON v.id = lv.video_id
            -- one copy per video (a workspace copy wins over the shared one), as in videos()
            AND ${seenCopy('yt_videos', 'v', 'lv.video_id', '?1')}
          WHERE lv.data_store_id = l.data_store_id AND v.channel_id = c.id) AS store_videos
       FROM data_store_channels l
       JOIN yt_channels c ON c.id = l.channel_id
         AND ${seenCopy('yt_channels', 'c', 'l.channel_id', '?1')}
       WHERE l.data_store_id = ?2 AND l.seq < ?3 ORDER BY l.seq DESC LIMIT ?4`,
      owner,
      id,
      decodeCursor(q.cursor),
      q.limit + 1,
    );
    return toPage(rows, q.limit, (rs) =>
      rs.map((c): StoreChannel => ({
        channelId: c.id,
        title: c.title as string,
        handle: c.handle as string,
        description: c.description as string,
        imageUrl: c.image_url as string,
        country: c.country as string,
        subscribers: c.subscribers as number,
        videoCount: c.store_videos as number,
      })),
    );
  }

  async videos(
    actor: Actor,
    id: string,
    q: { limit: number; cursor?: string | undefined; channelId?: string | undefined },
  ) {
    const row = await this.row(actor, id);
    const owner = ownerOf(row);
    const byChannel = q.channelId !== undefined;
    const rows = await this.#d.store.all<VideoRow & { seq: number; held_comments: number }>(
      `SELECT l.seq, v.*,
         (SELECT COUNT(DISTINCT m.id) FROM yt_comments m WHERE m.video_id = v.id AND m.owner IN (?1, '')) AS held_comments
       FROM data_store_videos l
       JOIN yt_videos v ON v.id = l.video_id
         AND ${seenCopy('yt_videos', 'v', 'l.video_id', '?1')}
       WHERE l.data_store_id = ?2 AND l.seq < ?3${byChannel ? ' AND v.channel_id = ?5' : ''} ORDER BY l.seq DESC LIMIT ?4`,
      owner,
      id,
      decodeCursor(q.cursor),
      q.limit + 1,
      ...(byChannel ? [q.channelId!] : []),
    );
    return toPage(rows, q.limit, (rs) => rs.map((v) => storeVideo(v, v.held_comments)));
  }

  /** Adds Data API resources to the workspace's catalog and links channels and videos to the store. */
  async import(actor: Actor, id: string, body: ImportBody) {
    const row = await this.#writable(actor, id, 'imported into', 'change');
    const channels = body.channels ?? [];
    const videos = body.videos ?? [];
    const comments = await this.#addToCatalog(actor.workspaceId, {
      channels,
      videos,
      comments: body.comments ?? [],
    });
    for (const c of channels) await this.link('channel', row.id, c.id);
    for (const v of videos) {
      await this.link('video', row.id, v.id);
      await this.link('channel', row.id, v.snippet.channelId);
    }
    await this.refreshCounts(row.id);
    return {
      dataStore: await this.get(actor, id),
      imported: { channels: channels.length, videos: videos.length, comments },
    };
  }

  /**
   * Adds Data API resources to an owner's catalog: what an import stores, and what a collection from
   * YouTube stores (the same resources, read with the same schemas). A comment must name a video the
   * catalog holds (400 naming it otherwise). Answers how many comments it stored.
   */
  async #addToCatalog(
    owner: string,
    body: { channels: YtChannel[]; videos: YtVideo[]; comments: (YtComment | YtCommentThread)[] },
  ): Promise<number> {
    for (const c of body.channels) await this.#catalog.upsertChannel(owner, c);
    for (const v of body.videos) await this.#catalog.upsertVideo(owner, v);
    const comments = Catalog.flattenComments(body.comments);
    for (const { comment, videoId, index } of comments) {
      if (!videoId) throw invalid(`comments[${index}]: snippet.videoId is required`);
      if (!(await this.#catalog.video(owner, videoId))) {
        throw invalid(
          `comments[${index}]: video ${videoId} is not in the catalog; import the video first or in the same request`,
        );
      }
      await this.#catalog.upsertComment(owner, comment, videoId);
    }
    return comments.length;
  }

  async link(
    kind: 'channel' | 'video',
    dataStoreId: string,
    itemId: string,
    origin: 'import' | 'collect' = 'import',
  ): Promise<void> {
    const table = kind === 'channel' ? 'data_store_channels' : 'data_store_videos';
    const col = kind === 'channel' ? 'channel_id' : 'video_id';
    // An imported item stays when the store's sources change; a collected one is replaced.
    await this.#d.store.run(
      `INSERT INTO ${table} (data_store_id, ${col}, seq, origin)
       VALUES (?1, ?2, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ${table} WHERE data_store_id = ?1), ?3)
       ON CONFLICT (data_store_id, ${col}) DO UPDATE SET
         origin = CASE WHEN ${table}.origin = 'import' OR excluded.origin = 'import' THEN 'import' ELSE 'collect' END`,
      dataStoreId,
      itemId,
      origin,
    );
  }

  /** Removes what an earlier collection linked, before collecting the store's current sources. */
  async unlinkCollected(dataStoreId: string): Promise<void> {
    await this.#d.store.run(
      "DELETE FROM data_store_channels WHERE data_store_id = ? AND origin = 'collect'",
      dataStoreId,
    );
    await this.#d.store.run(
      "DELETE FROM data_store_videos WHERE data_store_id = ? AND origin = 'collect'",
      dataStoreId,
    );
  }

  /**
   * The store's counts. Its channels are those named as sources and those imported; the owner of
   * a single video source is listed with its video but is not counted as a channel of the store.
   */
  async refreshCounts(dataStoreId: string): Promise<void> {
    const store = this.#d.store;
    const row = await store.get<{ source_channel_ids: string }>(
      'SELECT source_channel_ids FROM data_stores WHERE id = ?',
      dataStoreId,
    );
    await store.run(
      `UPDATE data_stores SET
         channel_count = (SELECT COUNT(*) FROM data_store_channels WHERE data_store_id = ?1
           AND (origin = 'import' OR channel_id IN ${store.dialect.jsonValues('?3')})),
         video_count = (SELECT COUNT(*) FROM data_store_videos WHERE data_store_id = ?1),
         updated_at = ?2
       WHERE id = ?1`,
      dataStoreId,
      this.#d.clock.now().toISOString(),
      row?.source_channel_ids ?? '[]',
    );
  }

  /** A workspace store the actor may change: not a library store (409), not used beyond its key's limits (403). */
  async #writable(
    actor: Actor,
    id: string,
    done: string,
    verb: 'change' | 'delete',
  ): Promise<DataStoreRow> {
    const row = await this.row(actor, id);
    if (row.scope !== 'workspace')
      throw conflict(`data store ${id} is a shared library store and cannot be ${done}`);
    await assertMayChangeShared(this.#d.store, actor, { kind: 'data store', id }, verb);
    return row;
  }
}
