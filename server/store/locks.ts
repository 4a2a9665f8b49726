/**
 * The names of the store's named locks (Store.lock, Store.withWriteLock), in one place so every
 * writer of a thing asks for the same one. docs/postgres.md says which writes take which.
 */

/**
 * A workspace's writes: shared by the operations that change single rows (each locks its row),
 * exclusive for those that change what other writes of the workspace read across rows (a data
 * store's state, a shared thing deleted, the whole workspace).
 */
export function workspaceLock(workspaceId: string | null): string {
  return `workspace:${workspaceId ?? ''}`;
}

/** The queued job of one kind and subject: at most one is queued (an enqueue replaces it). */
export function jobLock(kind: string, subject: string): string {
  return `job:${kind}:${subject}`;
}

/**
 * The enqueues of one workspace that count its jobs against the cap, one at a time (held to the
 * commit): under READ COMMITTED two at once would each count without the other's job.
 */
export function jobCapLock(workspaceId: string): string {
  return `jobs-of:${workspaceId}`;
}

/** The page sessions and login links of a workspace, made one at a time (its cap holds). */
export function webSessionsLock(workspaceId: string): string {
  return `web-sessions:${workspaceId}`;
}

/** A store's first start: replicas starting together on an empty database make one workspace, one key. */
export const BOOTSTRAP_LOCK = 'bootstrap';

/** The YouTube quota's counts (server/youtube/quota.ts): reservations take turns, so none passes a limit. */
export const YOUTUBE_QUOTA_LOCK = 'youtube-quota';
