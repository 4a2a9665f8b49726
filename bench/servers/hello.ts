// The floor for server throughput: a bare Hono hello world on the same Node and adapter.
import { serve } from '@hono/node-server';
import { answerCpuProbes } from './cpu-probe.ts';
import { Hono } from 'hono';

const app = new Hono();
app.get('*', (c) => c.json({ hello: 'world' }));
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write(JSON.stringify({ port: info.port }) + '\n');
});
answerCpuProbes();
process.on('SIGTERM', () => server.close(() => process.exit(0)));
