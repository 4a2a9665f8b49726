/**
 * The websites section: domains linked in the stores' descriptions (the creators' own sites first;
 * no sponsors, shorteners or social networks, no other brand of the workspace) and the stores'
 * YouTube channels as placements. A sponsor's or another brand's domain linked in the stores is
 * listed in `excluded`, with the reason. Pure and deterministic.
 */
import type { Boilerplate } from './boilerplate.ts';
import type { BrandCheck } from './brands.ts';
import type { CampaignTypeMix } from './mix.ts';
import { cmpStr } from './order.ts';
import { extractChannelIds, extractDomains } from './text.ts';
import type { Corpus, ExcludedItem, TargetingItem } from './types.ts';

interface DomainCount {
  domain: string;
  docs: number;
  channels: Set<string>;
}

export function websiteItems(
  corpus: Corpus,
  mix: CampaignTypeMix,
  bp: Boilerplate,
  brands: BrandCheck,
): { items: TargetingItem[]; excluded: ExcludedItem[] } {
  const domains = new Map<string, DomainCount>();
  const linkedChannels = new Map<string, number>();
  const left = new Map<string, string>();
  const mention = (text: string, channelId: string) => {
    for (const d of extractDomains(text)) {
      const reason =
        brands.domain(d) ??
        (bp.sponsorDomains.has(d) ? (brands.sponsorDomain(d) ?? 'a sponsor in the catalog') : null);
      if (reason !== null) {
        if (!left.has(d)) left.set(d, reason);
        continue;
      }
      let c = domains.get(d);
      if (!c) domains.set(d, (c = { domain: d, docs: 0, channels: new Set() }));
      c.docs++;
      c.channels.add(channelId);
    }
    for (const id of extractChannelIds(text))
      linkedChannels.set(id, (linkedChannels.get(id) ?? 0) + 1);
  };
  for (const ch of corpus.channels) mention(ch.description, ch.id);
  for (const v of corpus.videos) mention(v.description, v.channelId);

  const own = (d: DomainCount) => (bp.ownDomains.has(d.domain) ? 1 : 0);
  const domainItems: TargetingItem[] = [...domains.values()]
    .sort(
      (a, b) =>
        own(b) - own(a) ||
        b.channels.size - a.channels.size ||
        b.docs - a.docs ||
        cmpStr(a.domain, b.domain),
    )
    .slice(0, mix.domains)
    .map((d) => ({
      section: 'websites',
      label: d.domain,
      text: d.domain,
      matchType: '',
      source: 'links',
    }));

  const channelItems: TargetingItem[] = [];
  if (mix.channels > 0) {
    const videosPer = new Map<string, number>();
    for (const v of corpus.videos)
      if (v.channelId) videosPer.set(v.channelId, (videosPer.get(v.channelId) ?? 0) + 1);
    const known = new Map(corpus.channels.map((c) => [c.id, c]));
    const ownChannels: { id: string; title: string; videos: number; subscribers: number }[] = [];
    for (const c of corpus.channels)
      ownChannels.push({
        id: c.id,
        title: c.title || c.handle || c.id,
        videos: videosPer.get(c.id) ?? 0,
        subscribers: c.subscribers || 0,
      });
    for (const [id, n] of videosPer)
      if (!known.has(id)) ownChannels.push({ id, title: id, videos: n, subscribers: 0 });
    ownChannels.sort(
      (a, b) => b.videos - a.videos || b.subscribers - a.subscribers || cmpStr(a.id, b.id),
    );
    for (const c of ownChannels)
      channelItems.push({
        section: 'websites',
        label: c.title,
        text: channelUrl(c.id),
        matchType: '',
        source: 'channels',
      });
    const linked = [...linkedChannels.entries()].filter(
      ([id]) => !known.has(id) && !videosPer.has(id),
    );
    linked.sort((a, b) => b[1] - a[1] || cmpStr(a[0], b[0]));
    for (const [id] of linked)
      channelItems.push({
        section: 'websites',
        label: `YouTube channel ${id}`,
        text: channelUrl(id),
        matchType: '',
        source: 'links',
      });
  }
  const channels = channelItems.slice(0, mix.channels);
  const excluded: ExcludedItem[] = [...left.entries()]
    .sort((a, b) => cmpStr(a[0], b[0]))
    .map(([text, reason]) => ({ section: 'websites', text, reason }));
  return {
    items: mix.channelsFirst ? [...channels, ...domainItems] : [...domainItems, ...channels],
    excluded,
  };
}

function channelUrl(id: string): string {
  return `https://www.youtube.com/channel/${id}`;
}
