// The adcli app on a real port, in memory, with a workspace, a key and `CAMPAIGNS` campaigns.
import { serve } from '@hono/node-server';
import { answerCpuProbes } from './cpu-probe.ts';
import { createBackend } from '../../server/app/backend.ts';
import { systemActor } from '../../server/domain/actor.ts';
import { SCOPES } from '../../server/schemas/common.ts';
import { SqliteStore } from '../../server/store/sqlite/store.ts';
import { encodeCursor } from '../../server/domain/paging.ts';

const count = Number(process.env.CAMPAIGNS ?? 30);
const store = SqliteStore.memory();
const backend = createBackend({ store, rateLimit: 0 });
const { services } = backend;
const ws = await services.workspaces.ensure('bench');
const actor = systemActor(ws, SCOPES);
const { key } = await store.write(() => services.keys.create(ws.id, { scopes: [...SCOPES] }));
const ids: string[] = [];
await store.write(async () => {
  const brand = await services.brands.create(actor, {
    name: 'Bench brand',
    website: 'https://bench.example',
  });
  for (let i = 0; i < count; i++) {
    const campaign = await services.campaigns.create(actor, {
      name: `Campaign ${i}`,
      objective: 'Reach trail runners who are planning their first ultramarathon this season.',
      brandId: brand.id,
      campaignType: 'SEARCH',
      budget: 50,
      budgetType: 'daily',
      biddingStrategy: 'MAXIMIZE_CONVERSIONS',
      successMetrics: ['conversions', 'cost per conversion'],
    });
    ids.push(campaign.id);
  }
});
// The cursor that opens the last page of 25 (newest first): the seq just above the oldest 25.
const lastCursor =
  count > 25
    ? encodeCursor(
        store.getNow<{ seq: number }>(
          'SELECT seq FROM campaigns ORDER BY seq ASC LIMIT 1 OFFSET 25',
        )!.seq,
      )
    : null;

const server = serve({ fetch: backend.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write(
    JSON.stringify({ port: info.port, key, campaignId: ids[0], lastCursor }) + '\n',
  );
});
answerCpuProbes();
process.on('SIGTERM', () => server.close(() => process.exit(0)));
