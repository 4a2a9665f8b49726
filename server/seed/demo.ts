import { createHash } from 'node:crypto';
import { systemActor } from '../domain/actor.ts';
import { formatCustomerId } from '../lib/customer-id.ts';
import { Catalog, SHARED } from '../domain/catalog.ts';
import type { DataStoreRow } from '../domain/data-stores.ts';
import type { Services } from '../domain/services.ts';
import type { AdAccountInput, WorkspaceRow } from '../domain/workspaces.ts';
import { withStableIds } from '../lib/ids.ts';
import { SCOPES } from '../schemas/common.ts';
import { ytChannel, ytCommentThread, ytVideo } from '../schemas/youtube.ts';
import { applyFixtures } from '../control/fixtures/apply.ts';
import { demoContent, type DemoContent } from './demo-content.ts';
import { demoFixtures } from './demo-fixtures.ts';

/** Fixed account ids, so a demo looks the same on every machine. The first is the default. */
export const DEMO_ACCOUNTS: AdAccountInput[] = [
  {
    customerId: '5123847260',
    name: 'Demo Brands US',
    currencyCode: 'USD',
    timeZone: 'America/Los_Angeles',
  },
  {
    customerId: '7301946825',
    name: 'Demo Brands Europe',
    currencyCode: 'EUR',
    timeZone: 'Europe/Berlin',
  },
];

/** Customer ids are unique across the store, so a demo under another slug gets stable ids of its own. */
export function demoAccountsFor(slug: string): AdAccountInput[] {
  if (slug === 'demo') return DEMO_ACCOUNTS;
  return DEMO_ACCOUNTS.map((a, i) => {
    const n =
      BigInt(
        '0x' + createHash('sha256').update(`demo-account:${slug}:${i}`).digest('hex').slice(0, 15),
      ) % 9_000_000_000n;
    return { ...a, customerId: String(1_000_000_000n + n) };
  });
}

// The demo's brands and campaign names live with its records (the eval and the seed's history read them).
export { DEMO_BRANDS, DEMO_CAMPAIGNS } from './demo-fixtures.ts';

export const DEMO_LIBRARY_STORE = 'Trending outdoor & travel creators';

/**
 * Loads the demo into a store: shared catalog content, a library store and the `slug` workspace
 * with brands, data stores, saved audiences and campaigns, all in one transaction. A workspace that
 * already exists is left alone, so starting `serve --seed demo` again never duplicates anything.
 */
export function seedDemo(services: Services, slug = 'demo'): Promise<{ workspaceId: string }> {
  const { store } = services.deps;
  return store.write(async () => {
    const existing = await services.workspaces.bySlug(slug);
    if (existing) return { workspaceId: existing.id };
    const ws = await services.workspaces.ensure(slug, {
      exploration: true,
      accounts: demoAccountsFor(slug),
    });
    await fillDemo(services, ws);
    return { workspaceId: ws.id };
  });
}

/**
 * Fills a workspace that has the demo's ad accounts (demoAccountsFor) with the demo: brands, data
 * stores, saved audiences and campaigns, made at the workspace's own time. Used by the seed and by a
 * reset to the demo seed.
 */
export async function fillDemo(services: Services, ws: WorkspaceRow): Promise<void> {
  const { store, clock } = services.deps;
  // Stable ids (per workspace slug): the same demo names the same records on every machine and run,
  // which the OpenAPI document's examples rely on.
  await store.write(() =>
    clock.within(ws.id, () =>
      withStableIds(`demo:${ws.slug}`, async () => {
        const content = demoContent();
        // Dates follow the workspace's clock, so the demo's flights never lie in the past.
        const inDays = (n: number) =>
          new Date(clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
        const [us, europe] = demoAccountsFor(ws.slug).map((a) => formatCustomerId(a.customerId));
        const videosByChannel = await loadCatalog(services, content);
        const videosOf = (channelIds: string[]) =>
          channelIds.flatMap((c) => videosByChannel.get(c) ?? []);

        const library = await ensureLibrary(
          services,
          [...content.themes.hiking, ...content.themes.trail, ...content.themes.travel],
          videosOf,
        );
        // The records are a fixtures document, applied as `adcli backend apply` applies one.
        await applyFixtures(
          services,
          systemActor(ws, SCOPES),
          demoFixtures({
            themes: content.themes,
            videosOf,
            libraryStoreId: library.id,
            endDate: inDays,
            accounts: { us: us!, europe: europe! },
          }),
          { file: 'the demo seed' },
        );
      }),
    ),
  );
}

/**
 * Upserts the demo channels, videos and comments into the shared catalog, parsed with the import
 * schemas so the seed passes the same checks as a real Data API export. Returns video ids per channel.
 */
async function loadCatalog(
  services: Services,
  content: DemoContent,
): Promise<Map<string, string[]>> {
  const byChannel = new Map<string, string[]>();
  for (const raw of content.channels)
    await services.catalog.upsertChannel(SHARED, ytChannel.parse(raw));
  for (const raw of content.videos) {
    const v = ytVideo.parse(raw);
    await services.catalog.upsertVideo(SHARED, v);
    byChannel.set(v.snippet.channelId, [...(byChannel.get(v.snippet.channelId) ?? []), v.id]);
  }
  const threads = content.commentThreads.map((t) => ytCommentThread.parse(t));
  for (const { comment, videoId } of Catalog.flattenComments(threads)) {
    if (!videoId) throw new Error(`demo comment ${comment.id} has no video`);
    await services.catalog.upsertComment(SHARED, comment, videoId);
  }
  return byChannel;
}

/** Library stores are shared by all workspaces: a second demo workspace reuses the first one's. */
async function ensureLibrary(
  services: Services,
  channelIds: string[],
  videosOf: (channelIds: string[]) => string[],
): Promise<DataStoreRow> {
  const { store } = services.deps;
  const existing = await store.get<DataStoreRow>(
    "SELECT * FROM data_stores WHERE scope = 'library' AND name = ?",
    DEMO_LIBRARY_STORE,
  );
  if (existing) return existing;
  // its own ids: made once per store, whichever workspace gets the demo first
  return withStableIds('demo-library', () =>
    services.dataStores.createLibrary({
      name: DEMO_LIBRARY_STORE,
      description:
        'A broad, shared store of popular outdoor, trail running and travel creators: hiking gear reviews, ultrarunning, van life and budget travel.',
      channelIds,
      videoIds: videosOf(channelIds),
    }),
  );
}
