/**
 * Topics of video-platform channels for people: a taxonomy path as a breadcrumb, and the topics of
 * channels that a record does not carry, looked up in audience exploration.
 */
import { ApiCallError, type ApiClient } from '../../lib/client.ts';

/** "/Hobbies & Leisure/Outdoors" → "Hobbies & Leisure › Outdoors" */
export const topicText = (t: string) => t.replace(/^\//, '').split('/').join(' › ');

/**
 * A channel's most specific topics, for a table cell: the ones no other of its topics lies under
 * (`/Sports` says nothing `/Sports/Running & Walking` does not), most relevant first, `n` of them:
 * "Sports › Running & Walking › Trail Running; Hobbies & Leisure › Outdoors".
 */
export function topicsCell(topics: readonly string[], n = 2): string {
  const specific = topics.filter((t) => !topics.some((u) => u.startsWith(`${t}/`)));
  return specific.slice(0, n).map(topicText).join('; ');
}

/** How many lookups run at once. */
const AT_ONCE = 4;

/**
 * Each channel's taxonomy topics, from audience exploration (get_exploration_channel), by channel
 * id. Exploration is invite-only: a workspace that is not invited, or a key without
 * exploration:read, gets null (no topics to show) rather than an error; a channel exploration does
 * not know has none.
 */
export async function topicsOfChannels(
  client: ApiClient,
  channelIds: readonly string[],
): Promise<Map<string, string[]> | null> {
  const topics = new Map<string, string[]>();
  const ids = [...new Set(channelIds)];
  let refused = false;
  const lookUp = async (channelId: string) => {
    if (refused) return;
    try {
      const c = await client.call('get_exploration_channel', { params: { channelId } });
      topics.set(channelId, c.topics);
    } catch (e) {
      if (!(e instanceof ApiCallError)) throw e;
      if (e.status === 403 || e.status === 401) refused = true;
      else topics.set(channelId, []);
    }
  };
  for (let i = 0; i < ids.length && !refused; i += AT_ONCE)
    await Promise.all(ids.slice(i, i + AT_ONCE).map(lookUp));
  return refused ? null : topics;
}
