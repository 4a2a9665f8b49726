/** The error a data store shows after a collection: the sources not collected, and why. */
import type { Skipped } from '../youtube/collector.ts';
import type { YouTubeResult } from './data-store-youtube.ts';

/** The store's error for the sources that were not collected; '' when every one was. */
export function unknownError(
  id: string,
  total: number,
  unknown: string[],
  youtube: YouTubeResult | null,
): string {
  const ids = unknown.join(', ');
  const all = total > 0 && unknown.length === total;
  const importFix = `Import them into data store ${id} with import_data_store (POST /data-stores/${id}/import).`;
  if (!youtube) {
    // no YouTube source: the catalog is all there is
    return all
      ? `none of the ${total} sources is in the content catalog: ${ids}. ${importFix}`
      : unknown.length
        ? `${unknown.length} of ${total} sources are not in the content catalog and were not collected: ${ids}. ${importFix}`
        : '';
  }
  const leftOut =
    (youtube.leftOut
      ? ` YouTube sent ${youtube.leftOut} ${youtube.leftOut === 1 ? 'resource' : 'resources'} the import's checks refuse (over its bounds); left out.`
      : '') + skippedNote(youtube.skipped);
  if (unknown.length === 0) return leftOut.trim();
  if (youtube.failed && youtube.keyFault) {
    // the sources are not at fault: the operator's key is, and only the operator can change it
    const what = all ? `none of the ${total} sources` : `${unknown.length} of ${total} sources`;
    return `${what} could be collected (${ids}): YouTube refused this server's YouTube Data API key (${youtube.failed}). The sources are not at fault: whoever runs the server must set a valid key, with the YouTube Data API v3 enabled in its Google Cloud project and not blocked by its restrictions, in ADCLI_YOUTUBE_API_KEY (or adcli serve --youtube-api-key) and restart it, then PATCH it to collect again.${leftOut}`;
  }
  if (youtube.failed) {
    const again = `Change its sources or PATCH it to collect again, or ${importFix[0]!.toLowerCase()}${importFix.slice(1)}`;
    return all
      ? `none of the ${total} sources could be collected from YouTube (${youtube.failed}): ${ids}. ${again}${leftOut}`
      : `${unknown.length} of ${total} sources could not be collected from YouTube (${youtube.failed}): ${ids}. ${again}${leftOut}`;
  }
  return all
    ? `none of the ${total} sources is on YouTube (deleted, private or mistyped): ${ids}.${leftOut}`
    : `${unknown.length} of ${total} sources are not on YouTube (deleted, private or mistyped) and were not collected: ${ids}.${leftOut}`;
}

/** Up to 10 ids, then how many more. */
function someIds(ids: string[]): string {
  return ids.length > 10
    ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more`
    : ids.join(', ');
}

/** What was skipped, in sentences for the store's error (each after a space); '' when nothing was. */
function skippedNote(s: Skipped | undefined): string {
  if (!s) return '';
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  let note = '';
  if (s.noUploads.length)
    note += ` Skipped: ${n(s.noUploads.length, 'channel has', 'channels have')} no uploads playlist on YouTube (playlistNotFound), so none of its videos were collected: ${someIds(s.noUploads)}.`;
  if (s.commentsOff.length)
    note += ` Skipped: comments are off (commentsDisabled) for ${n(s.commentsOff.length, 'video', 'videos')}, collected without comments: ${someIds(s.commentsOff)}.`;
  if (s.videoNotFound.length)
    note += ` Skipped: YouTube did not find ${n(s.videoNotFound.length, 'video', 'videos')} when asked for comments (videoNotFound), collected without comments: ${someIds(s.videoNotFound)}.`;
  // the contract's numbers cannot say "not given": the store says which zeros are not real ones
  if (s.noFigures.length)
    note += ` Not given: YouTube sent no view count or no duration for ${n(s.noFigures.length, 'video', 'videos')} (hidden by the owner, live or still processing), shown as 0 views or PT0S: ${someIds(s.noFigures)}.`;
  return note;
}
