// `npm run bench`: every figure is printed as a ratio against a floor measured in the same run,
// because the machines are shared and noisy and absolute numbers mean little.
import { generationBench } from './generation.ts';
import { replicasBench } from './replicas.ts';
import { serveLoadBench } from './serve-load.ts';
import { serverBench } from './server.ts';
import { startupBench } from './startup.ts';

process.stdout.write(`adcli bench on Node ${process.version}, ${new Date().toISOString()}\n`);
await serverBench();
await generationBench();
await serveLoadBench();
await replicasBench();
await startupBench();
