// @store both
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_SIMILARITY } from '../server/domain/exploration.ts';
import { operations } from '../server/operations/index.ts';
import { demoContent } from '../server/seed/demo-content.ts';
import { runSeed } from '../server/seed/index.ts';
import { clientFor, testBackend, type Client } from './helpers/backend.ts';

/**
 * Exploration that finds (issue 15, part 7): search over titles, handles, topics, keywords and
 * descriptions as word stems, any word matching, ranked; similar channels above a floor only. On the
 * demo catalog, through the real app.
 */

const SLOW_POUR = 'UC0PLkj0PKZXCdtyUjofn6e7'; // home pour-over coffee
const CREMA_LAB = 'UCMXfjkq_XBv-OXTMXyRMboC'; // home espresso: "coffee" is in none of its own texts
const FELL_TARN = 'UC0UCuExXhf4pTu6DRH9v4NA'; // fell running
const DIRT_ROAD = 'UCwHPrc0ldpsuwEOUbAJnHwi'; // trail running, Flagstaff

let demo: Client;

beforeAll(async () => {
  const b = await testBackend();
  const { workspaceId } = await runSeed(b.services, 'demo');
  demo = clientFor(
    b.app,
    await b.store.write(
      async () => (await b.services.keys.create(workspaceId, { scopes: ['exploration:read'] })).key,
    ),
  );
});

const search = async (query: string) => {
  const r = await demo.get(`/exploration/channels?query=${encodeURIComponent(query)}&limit=100`);
  expect(r.status).toBe(200);
  return r.body.data as { channelId: string; title: string; topics: string[] }[];
};
const ids = async (query: string) => (await search(query)).map((c) => c.channelId);

describe('search', () => {
  it('finds the home-espresso channel for "coffee" through its topics', async () => {
    const crema = demoContent().channels.find((c) => c.id === CREMA_LAB)!;
    // the premise: the word is not in its title, handle, keywords or description
    const own = [
      crema.snippet.title,
      crema.snippet.customUrl,
      crema.snippet.description,
      crema.brandingSettings?.channel?.keywords ?? '',
    ].join(' ');
    expect(own.toLowerCase()).not.toContain('coffee');
    const found = await search('coffee');
    expect(found.map((c) => c.channelId)).toEqual(expect.arrayContaining([SLOW_POUR, CREMA_LAB]));
    expect(found.find((c) => c.channelId === CREMA_LAB)!.topics.join(' ')).toContain('Coffee');
    // the coffee channels only
    expect(found).toHaveLength(2);
  });

  it('compares stems: plural and inflected forms find the same channels', async () => {
    expect((await ids('coffees')).sort()).toEqual((await ids('coffee')).sort());
    expect(await ids('espressos')).toContain(CREMA_LAB);
    expect((await ids('runs')).sort()).toEqual((await ids('running')).sort());
    expect(await ids('running')).toEqual(expect.arrayContaining([FELL_TARN, DIRT_ROAD]));
  });

  it('ranks channels matching more of the words first, then title matches', async () => {
    // "home espresso": Crema Lab has both words, The Slow Pour only "home" (home brewing)
    const espresso = await ids('home espresso');
    expect(espresso[0]).toBe(CREMA_LAB);
    expect(espresso).toContain(SLOW_POUR);
    // "running": in Fell & Tarn Running's title, in Dirt Road Dispatch's other texts
    const running = await ids('running');
    expect(running.indexOf(FELL_TARN)).toBeLessThan(running.indexOf(DIRT_ROAD));
    // "trail flagstaff": Dirt Road Dispatch has both, every other trail channel one
    const trail = await ids('trail flagstaff');
    expect(trail[0]).toBe(DIRT_ROAD);
    expect(trail.length).toBeGreaterThan(2);
  });

  it('leaves function words out of a query that has other words', async () => {
    expect((await ids('coffee for the beginners')).sort()).toEqual(
      (await ids('coffee beginners')).sort(),
    );
    expect(await ids('coffee for the')).toEqual(await ids('coffee'));
  });

  it('describes the matching in the operation', () => {
    const op = operations.find((o) => o.name === 'search_exploration_channels')!;
    expect(op.description).toMatch(/any word/);
    expect(op.description).toMatch(/topics/);
    expect(op.description).toMatch(/stem/);
  });
});

describe('similar channels', () => {
  it(`lists only channels at ${MIN_SIMILARITY} similarity or above, and says so`, async () => {
    let listed = 0;
    for (const channel of demoContent().channels) {
      const r = await demo.get(`/exploration/channels/${channel.id}/similar?limit=50`);
      expect(r.status).toBe(200);
      for (const c of r.body.data) expect(c.similarity).toBeGreaterThanOrEqual(MIN_SIMILARITY);
      listed += r.body.data.length;
    }
    expect(listed).toBeGreaterThan(0);
    // the coffee channels are like each other and like no hiking or running channel
    const coffee = (await demo.get(`/exploration/channels/${SLOW_POUR}/similar?limit=50`)).body
      .data;
    expect(coffee.map((c: { channelId: string }) => c.channelId)).toEqual([CREMA_LAB]);
    const op = operations.find((o) => o.name === 'list_similar_channels')!;
    expect(op.description).toContain(String(MIN_SIMILARITY));
  });
});
