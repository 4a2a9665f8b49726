// @store sqlite
/**
 * A database the network stops answering (a firewall dropping packets, a host gone): a query that
 * needs a new connection waits out the pool's connect timeout and fails as the port's
 * StoreUnavailableError, which every door answers as a 503 with Retry-After, never a 500; once the
 * path answers again the same store works without reopening. The path runs through a TCP relay
 * in the test that can be told to swallow connections.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../server/store/errors.ts';
import { PostgresStore } from '../server/store/postgres/store.ts';
import { testBackend } from './helpers/backend.ts';
import { postgresOrSkip } from './helpers/postgres.ts';

const pg = await postgresOrSkip();

/** A relay to `target`: passes bytes both ways, or accepts connections and never answers. */
async function relay(target: URL) {
  let silent = false;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    if (silent) return; // accepted, never answered: what a dropping firewall looks like to a client
    const upstream = createConnection(Number(target.port), target.hostname);
    open.add(upstream);
    upstream.on('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (() => {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.href;
    })(),
    /** from now on the path swallows connections, and the ones open are cut */
    goSilent() {
      silent = true;
      for (const s of open) s.destroy();
    },
    answerAgain() {
      silent = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!pg)('a database the network stops answering', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  it('fails as unavailable after the connect timeout, then works again on the same pool', async () => {
    const path = await relay(new URL(await pg!.createDatabase()));
    closing.push(path.close);
    const store = await PostgresStore.open(path.url, { max: 1, connectTimeoutMs: 800 });
    closing.push(() => store.close());
    const b = await testBackend({ store });
    expect((await b.api.get('/campaigns')).status).toBe(200);

    path.goSilent();
    // the pooled connection was cut: its query fails, and the pool lets it go
    const cut = await store.get('SELECT 1 AS n').catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(StoreUnavailableError);
    // the next query needs a new connection, which the silent path never answers
    const failure = await store.get('SELECT 1 AS n').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as Error).message).toMatch(/connection timeout|timeout exceeded/i);
    expect((failure as Error).message).not.toContain(path.url);
    // and a request in that state is a 503 with Retry-After, never a 500
    b.warnings.length = 0;
    const r = await b.api.get('/campaigns');
    expect({ status: r.status, code: r.body.error?.code }).toEqual({
      status: 503,
      code: 'unavailable',
    });
    // the operator is told, in one line without the connection string
    expect(b.warnings).toEqual([expect.stringContaining('the database is unavailable')]);
    expect(b.warnings[0]).not.toContain(path.url);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);

    path.answerAgain();
    expect(await store.get<{ n: number }>('SELECT 1 AS n')).toEqual({ n: 1 });
    expect((await b.api.get('/campaigns')).status).toBe(200);
  });
});
