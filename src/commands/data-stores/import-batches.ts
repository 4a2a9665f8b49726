/** How `data-stores import` packs resources into requests within the API's limits. */
import { BOUNDS } from '../../generated/contract.ts';
import { usageError } from '../../lib/errors.ts';
import { KINDS, label, type ImportItem, type Kind } from './youtube-export.ts';

/** Per request, under the contract's limits: counts (importLimits) and 1 MB of body (413 above it). */
export const IMPORT_LIMITS = {
  channels: BOUNDS.importChannels.max,
  videos: BOUNDS.importVideos.max,
  comments: BOUNDS.importComments.max,
} as const;
export const MAX_BATCH_BYTES = 1_000_000;

export interface Batch {
  channels: unknown[];
  videos: unknown[];
  comments: unknown[];
}

/**
 * Packs the items, channels first, then videos, then comments, into as few requests as fit the
 * per-request counts and stay under MAX_BATCH_BYTES of JSON. Order is kept across and within
 * requests (the server handles channels, then videos, then comments of one request), so a
 * comment's video always arrives no later than the comment.
 */
export function packBatches(
  items: ImportItem[],
  maxBytes = MAX_BATCH_BYTES,
  limits: Record<Kind, number> = IMPORT_LIMITS,
): Batch[] {
  // `{` `}` and, per kind, `"comments":[` `]` and a comma: an upper bound of the frame.
  const frame = 2 + KINDS.length * 15;
  const ordered = KINDS.flatMap((k) => items.filter((i) => i.kind === k));
  const batches: Batch[] = [];
  let cur: Batch = { channels: [], videos: [], comments: [] };
  let bytes = frame;
  let count = 0;
  for (const item of ordered) {
    const size = Buffer.byteLength(JSON.stringify(item.value)) + 1;
    if (size + frame > maxBytes) {
      throw usageError(
        `${label(item.source, item.path)} is ${size - 1} bytes of JSON, more than fits in one request (1 MB)`,
      );
    }
    if (count > 0 && (bytes + size > maxBytes || cur[item.kind].length >= limits[item.kind])) {
      batches.push(cur);
      cur = { channels: [], videos: [], comments: [] };
      bytes = frame;
      count = 0;
    }
    cur[item.kind].push(item.value);
    bytes += size;
    count++;
  }
  if (count) batches.push(cur);
  return batches;
}

/** The request body of a batch: only the kinds it holds. */
export const batchBody = (b: Batch) =>
  Object.fromEntries(KINDS.filter((k) => b[k].length).map((k) => [k, b[k]]));
