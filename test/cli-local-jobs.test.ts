/**
 * Background work on the built-in `local` profile and `--wait` on data stores and campaigns, each
 * command run in-process (test/helpers/cli.ts) on a sandboxed data dir, with a store of its own as a
 * separate adcli process would have. No server runs between commands: each command runs the jobs
 * that are due before its requests, and a job is due 1500 ms after it was queued (the local
 * profile's job delay). A test waits for a job by running later commands until one shows it done. The
 * spinner on a terminal: test/iostreams.test.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../server/app/backend.ts';
import { SqliteStore } from '../server/store/sqlite/store.ts';
import { json } from './helpers/assert.ts';
import { runCli } from './helpers/cli.ts';
import { cleanupAll, sandbox, tempDir, type Sandbox } from './helpers/process.ts';
import { until } from './helpers/wait.ts';

afterAll(cleanupAll);

/** A channel of the demo catalog (Ridgeline Miles, server/seed/demo-content.ts). */
const CHANNEL = 'UCnhwCGpIe9IdW5plisiGJLT';
/** Well-formed ids no catalog has. */
const UNKNOWN_CHANNEL = 'UCzzzzzzzzzzzzzzzzzzzzzz';
const UNKNOWN_VIDEO = 'zzzzzzzzzzz';
/** A demo campaign with data stores and no targeting yet. */
const LAUNCH = 'Northwind Talus 3 Spring Trail Launch';

const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\r|\x1b\[/;

describe('the local profile does its background work', () => {
  let sb: Sandbox;
  const run = (args: string[]) => runCli(args, { env: sb.env });
  beforeAll(async () => {
    sb = sandbox();
    // The first command seeds the demo.
    expect((await run(['workspace'])).code).toBe(0);
  });

  it('a collection and a generation started without --wait are done at a later command once due', async () => {
    const store = json(
      await run(['data-stores', 'create', '--name', 'Ridgeline', '--channel', CHANNEL, '--json']),
    );
    expect(store.status).toBe('collecting');
    const campaigns = json(await run(['campaigns', 'list', '--name', LAUNCH, '--json']));
    const id = campaigns[0].id;
    const started = json(await run(['targeting', 'generate', id, '--json']));
    expect(started.started.length).toBeGreaterThan(0);
    expect(started.audiences.find((s: any) => s.id === started.started[0]).status).toBe(
      'generating',
    );

    // each later command runs the jobs due by then: one of them finds both jobs done
    const later = await until('a later command to find the collection done', async () => {
      const got = json(await run(['data-stores', 'get', store.id, '--json']));
      return got.status !== 'collecting' && got;
    });
    expect(later).toMatchObject({ status: 'ready', channelCount: 1 });
    expect(later.videoCount).toBeGreaterThan(0);
    const startedSlots = (t: any) => t.audiences.filter((s: any) => started.started.includes(s.id));
    const t = await until('a later command to find the generation done', async () => {
      const got = json(await run(['targeting', 'show', id, '--json']));
      return startedSlots(got).every((s: any) => s.status !== 'generating') && got;
    });
    for (const slot of startedSlots(t)) expect(slot.status).toBe('ready');
    // Piped, without --wait: nothing on stderr but data on stdout.
    const piped = await run(['data-stores', 'get', store.id]);
    expect(piped.stdout).toMatch(/^Status\tready$/m);
    expect(piped.stderr).toBe('');
  });

  it('data-stores create --wait prints the ready record; piped, one progress line per change on stderr and no spinner', async () => {
    const r = await run([
      'data-stores',
      'create',
      '--name',
      'Waited',
      '--channel',
      CHANNEL,
      '--wait',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // Only data on stdout: the record as create prints it, in its final state.
    expect(r.stdout).toMatch(/^Name\tWaited$/m);
    expect(r.stdout).toMatch(/^Status\tready$/m);
    expect(r.stdout).toMatch(/^Channels\t1$/m);
    const id = /^ID\t(\w+)$/m.exec(r.stdout)![1]!;
    expect(r.stderr).not.toMatch(SPINNER);
    expect(r.stderr.trim().split('\n')).toEqual([
      `data store ${id} collecting`,
      expect.stringMatching(new RegExp(`^data store ${id} ready after \\d+(ms|s)$`)),
    ]);

    // --json: the final record's JSON, and stderr stays empty (it would hold an error's JSON).
    const j = await run([
      'data-stores',
      'create',
      '--name',
      'Waited JSON',
      '--video',
      's3LbW-WY8kl',
      '--wait',
      '--json',
    ]);
    expect(json(j)).toMatchObject({
      name: 'Waited JSON',
      status: 'ready',
      videoCount: 1,
      error: '',
    });
    expect(j.stderr).toBe('');
  });

  it('--wait on a store whose sources are all unknown ends in exit 10 with the store’s message, the record on stdout', async () => {
    const r = await run([
      'data-stores',
      'create',
      '--name',
      'Nowhere',
      '--channel',
      UNKNOWN_CHANNEL,
      '--video',
      UNKNOWN_VIDEO,
      '--wait',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(10);
    const store = JSON.parse(r.stdout);
    expect(store.status).toBe('error');
    expect(store.error).toContain('none of the 2 sources is in the content catalog');
    const err = JSON.parse(r.stderr);
    expect(err.error.exitCode).toBe(10);
    expect(err.error.message).toContain(
      `data store ${store.id} ended in error: none of the 2 sources is in the content catalog: ${UNKNOWN_CHANNEL}, ${UNKNOWN_VIDEO}`,
    );

    // get --wait on a store already in error: the same, at once.
    const again = await run(['data-stores', 'get', store.id, '--wait']);
    expect(again.code).toBe(10);
    expect(again.stdout).toMatch(/^Status\terror$/m);
    expect(again.stderr).toMatch(/^adcli: data store \w+ ended in error: none of the 2 sources/m);
  });

  it('--wait-timeout: exit 8 saying the job goes on; the next command finishes it', async () => {
    // Nothing is due at the create itself: the deadline (0) passes before the collection is due.
    const r = await run([
      'data-stores',
      'create',
      '--name',
      'Later',
      '--channel',
      CHANNEL,
      '--wait',
      '--wait-timeout',
      '0',
    ]);
    expect(r.code, r.stderr).toBe(8);
    const id = /data store (\w+) collecting/.exec(r.stderr)![1]!;
    expect(r.stderr).toMatch(
      /still collecting after \S+ \(--wait-timeout 0ms\); the collection goes on: the next adcli command finishes it once it is due/,
    );
    expect(r.stderr).toContain(`adcli data-stores get ${id} --wait`);
    const later = await run(['data-stores', 'get', id, '--wait', '--json']);
    expect(json(later).status).toBe('ready');
  });

  it('data-stores import --wait waits for the collection in progress and prints the store with the counts', async () => {
    const store = json(
      await run([
        'data-stores',
        'create',
        '--name',
        'Import while collecting',
        '--channel',
        CHANNEL,
        '--json',
      ]),
    );
    const file = join(tempDir(sb, 'import'), 'videos.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'youtube#channel',
        id: 'UCAAAAAAAAAAAAAAAAAAAAAA',
        snippet: { title: 'An imported channel' },
      }),
    );
    const r = await run(['data-stores', 'import', store.id, '--file', file, '--wait', '--json']);
    const out = json(r);
    expect(out.imported).toEqual({ channels: 1, videos: 0, comments: 0 });
    expect(out.dataStore).toMatchObject({ id: store.id, status: 'ready', channelCount: 2 });
  });

  it('campaigns create --wait follows loading to its end; campaigns get --wait on a settled campaign returns at once', async () => {
    const store = json(
      await run([
        'data-stores',
        'create',
        '--name',
        'For a campaign',
        '--channel',
        CHANNEL,
        '--json',
      ]),
    );
    const r = await run([
      'campaigns',
      'create',
      '--name',
      'Waits for its store',
      '--data-store',
      store.id,
      '--wait',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const id = /^ID\t(\w+)$/m.exec(r.stdout)![1]!;
    // Collected, no targeting generated yet: draft.
    expect(r.stdout).toMatch(/^Status\tdraft$/m);
    expect(r.stderr.trim().split('\n')).toEqual([
      `campaign ${id} loading`,
      expect.stringMatching(new RegExp(`^campaign ${id} draft after \\d+(ms|s)$`)),
    ]);

    const gen = json(await run(['targeting', 'generate', id, '--wait', '--json']));
    expect(gen.audiences[0].status).toBe('ready');
    // Ready: a deadline of 0 is never reached, as no poll is needed.
    const ready = await run(['campaigns', 'get', id, '--wait', '--wait-timeout', '0', '--json']);
    expect(json(ready).status).toBe('ready');
    expect(ready.stderr).toBe('');
  });
});

describe('an injected dropped connection on the local profile', () => {
  it('the in-process backend’s dropped answer fails as a dropped socket would, and the client retries it', async () => {
    const sb = sandbox();
    expect((await runCli(['workspace'], { env: sb.env })).code).toBe(0);
    // The controls, as any client of the local data dir would call them (the local key has every scope).
    const key = readFileSync(join(sb.dataDir, 'local.key'), 'utf8').trim();
    const control = async (method: string, path: string, body?: unknown) => {
      const store = new SqliteStore(join(sb.dataDir, 'adcli.db'));
      try {
        const res = await createBackend({ store }).app.request(
          `http://localhost/_adcli/v1${path}`,
          {
            method,
            headers: {
              authorization: `Bearer ${key}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          },
        );
        expect(res.status, path).toBeLessThan(300);
        return res.json() as Promise<any>;
      } finally {
        await store.close();
      }
    };
    const rule = await control('POST', '/faults', {
      method: 'GET',
      path: '/workspace',
      drop: true,
      count: 1,
    });

    const r = await runCli(['workspace', '--json', '--debug'], { env: sb.env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).slug).toBe('demo');
    expect(r.stderr.match(/✗ ECONNRESET: the connection was dropped/g)).toHaveLength(1);
    const journal = (await control('GET', '/requests')).data.filter(
      (e: any) => e.path === '/api/v1/workspace',
    );
    // The dropped request (no status: nothing was answered), then the retry.
    expect(journal.slice(-2).map((e: any) => [e.status, e.fault])).toEqual([
      [0, rule.id],
      [200, null],
    ]);
  });
});
