/**
 * adcli serve as a process (issue 10): its node server answers parser errors in the error shape;
 * --log-format json; --public-url for campaign links; its files private, a readable data dir
 * warned about; an empty or damaged store refused at start in one line (exit 1, no stack); a full
 * disk answered 503, a nearly full one still serving reads (a real one: a small tmpfs, when this
 * runs as root). Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
  type Server,
} from './helpers/process.ts';

afterEach(killAll);
afterAll(cleanupAll);

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.setEncoding('latin1');
    socket.on('connect', () => socket.write(text));
    socket.on('data', (d: string) => (out += d));
    socket.on('error', reject);
    socket.on('close', () => resolve(out));
  });
}

describe('adcli serve over the wire', () => {
  it('answers what node cannot parse in the error shape', async () => {
    const sb = sandbox();
    const s = await startServer(['--memory', '--quiet'], { env: sb.env });
    const raw = await rawRequest(
      s.port,
      'get /api/v1/workspace HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\nConnection: close/i);
    const json = JSON.parse(body!);
    expect(json.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('method'),
    });
    expect(head).toContain(`x-request-id: ${json.error.requestId}`);
  });

  it('--log-format json writes one JSON object per request line; --public-url makes campaign links', async () => {
    const sb = sandbox();
    const s = await startServer(
      ['--memory', '--log-format', 'json', '--public-url', 'https://ads.example.com/'],
      { env: sb.env },
    );
    const created = await s.api('POST', '/campaigns', { name: 'Linked' }, { host: 'evil.example' });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`https://ads.example.com/app/campaigns/${created.body.id}`);
    await s.api('GET', '/nothing%0aforged');
    await s.stop();
    const lines = s
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries).toContainEqual(
      expect.objectContaining({
        type: 'request',
        method: 'POST',
        path: '/api/v1/campaigns',
        status: 201,
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ type: 'request', path: '/api/v1/nothing\nforged', status: 404 }),
    );
  });

  it('refuses a --log-format or --public-url it cannot use (exit 2)', async () => {
    const sb = sandbox();
    const a = await runAdcli(['serve', '--memory', '--log-format', 'xml'], { env: sb.env });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--log-format.*text.*json/);
    const b = await runAdcli(['serve', '--memory', '--public-url', 'ftp://x'], { env: sb.env });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--public-url/);
  });
});

describe("adcli serve's files", () => {
  it('keeps its files 0600 and warns about a data dir others can list', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'data');
    chmodSync(dir, 0o755);
    const s = await startServer(['--data', dir, '--quiet'], { env: sb.env });
    await s.api('POST', '/brands', { name: 'Private' });
    await s.api('GET', '/workspace');
    await s.stop();
    expect(s.stderr()).toContain(`the data dir ${dir} can be listed by other users (mode 0755)`);
    for (const f of ['adcli.db', 'local.key', 'requests.db'])
      expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
  });

  it('refuses an empty store next to its key file in one line, exit 1, and keeps both', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'data');
    const first = await startServer(['--data', dir, '--quiet'], { env: sb.env });
    await first.stop();
    const key = readFileSync(join(dir, 'local.key'), 'utf8');
    rmSync(join(dir, 'adcli.db-wal'), { force: true });
    rmSync(join(dir, 'adcli.db-shm'), { force: true });
    writeFileSync(join(dir, 'adcli.db'), '');
    const r = await runAdcli(['serve', '--data', dir, '--json'], { env: sb.env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the store ${join(dir, 'adcli.db')} is empty (0 bytes)`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(dir, 'local.key'), 'utf8')).toBe(key);
    expect(statSync(join(dir, 'adcli.db')).size).toBe(0);
  });

  it('refuses a damaged store at start in one line, exit 1', async () => {
    const sb = sandbox();
    const dir = tempDir(sb, 'data');
    const s = await startServer(['--data', dir, '--quiet'], { env: sb.env });
    for (let i = 0; i < 40; i++)
      await s.api('POST', '/brands', { name: `Brand ${i}`, description: 'd'.repeat(3000) });
    await s.stop();
    const path = join(dir, 'adcli.db');
    // fold the write-ahead log into the file, then damage the middle of it
    spawnSync(process.execPath, [
      '-e',
      `const {DatabaseSync}=require('node:sqlite');const d=new DatabaseSync(${JSON.stringify(path)});d.exec('PRAGMA wal_checkpoint(TRUNCATE)');d.close()`,
    ]);
    const size = statSync(path).size;
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 4, 0x5a), 0, 4096 * 4, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    const r = await runAdcli(['serve', '--data', dir, '--json'], { env: sb.env });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`the store ${path} is damaged .*restore it from a copy or a snapshot`),
    );
  });
});

// A real full disk: the data dir on a 4 MB tmpfs, filled up. Mounting needs root.
const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;

describe.runIf(canMount)('a full disk under adcli serve', () => {
  let mountPoint = '';
  afterEach(() => {
    if (mountPoint) spawnSync('umount', ['-l', mountPoint]);
    mountPoint = '';
  });

  it('answers 503 with Retry-After and logs one line per failed write; works again once there is room', async () => {
    const sb = sandbox();
    mountPoint = tempDir(sb, 'tiny');
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint]);
    expect(m.status, String(m.stderr)).toBe(0);
    const dir = join(mountPoint, 'data');
    mkdirSync(dir, { mode: 0o700 });
    const s: Server = await startServer(['--data', dir, '--quiet', '--workers', '1'], {
      env: sb.env,
    });
    expect((await s.api('POST', '/brands', { name: 'Before' })).status).toBe(201);
    // fill what is left of the file system
    const filler = join(mountPoint, 'filler');
    const fd = openSync(filler, 'w');
    const block = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, block);
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
    let full;
    for (let i = 0; i < 200; i++) {
      full = await s.api('POST', '/brands', { name: `Brand ${i}`, description: 'x'.repeat(3900) });
      if (full.status !== 201) break;
    }
    expect(full!.status, full!.text).toBe(503);
    expect(full!.headers.get('retry-after')).toBe('30');
    expect(full!.body.error).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('disk is full'),
      requestId: full!.headers.get('x-request-id'),
    });
    const logLine = 'the disk is full: a write failed';
    await s.waitForStderr((t) => t.includes(logLine));
    const logged = s
      .stderr()
      .split('\n')
      .filter((l) => l.includes(logLine));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(full!.body.error.requestId);
    expect(s.stderr()).not.toMatch(/\n\s+at /);
    // reads work meanwhile; once there is room, writes do too
    expect((await s.api('GET', '/brands?limit=1')).status).toBe(200);
    rmSync(filler);
    expect((await s.api('POST', '/brands', { name: 'After' })).status).toBe(201);
    await s.stop();
  });

  /** A tmpfs data dir with a stopped server's store in it, and a filler leaving `freeKb` KB free. */
  async function nearlyFull(freeKb: number) {
    const sb = sandbox();
    mountPoint = tempDir(sb, 'tiny');
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0700', 'tmpfs', mountPoint]);
    expect(m.status, String(m.stderr)).toBe(0);
    const dir = join(mountPoint, 'data');
    mkdirSync(dir, { mode: 0o700 });
    const first = await startServer(['--data', dir, '--quiet', '--workers', '1'], { env: sb.env });
    expect((await first.api('POST', '/brands', { name: 'Before' })).status).toBe(201);
    await first.stop();
    const fd = openSync(join(mountPoint, 'filler'), 'w');
    try {
      for (let free = freeBytes(mountPoint); free > freeKb * 1024; free = freeBytes(mountPoint))
        writeSync(fd, Buffer.alloc(Math.min(64 * 1024, free - freeKb * 1024), 1));
    } finally {
      closeSync(fd);
    }
    expect(freeBytes(mountPoint)).toBe(freeKb * 1024);
    return { sb, dir };
  }

  it('started with 32 KB free: reads are served, writes get 503 unavailable', async () => {
    const { sb, dir } = await nearlyFull(32);
    const s = await startServer(['--data', dir, '--quiet', '--workers', '1'], { env: sb.env });
    for (const path of ['/workspace', '/brands', '/campaigns', '/brands?limit=1']) {
      const r = await s.api('GET', path);
      expect(r.status, `${path}: ${r.text}`).toBe(200);
    }
    expect((await s.api('GET', '/brands')).body.data.map((b: any) => b.name)).toEqual(['Before']);
    const write = await s.api('POST', '/brands', { name: 'No room' });
    expect(write.status, write.text).toBe(503);
    expect(write.headers.get('retry-after')).toBe('30');
    expect(write.body.error.code).toBe('unavailable');
    expect((await s.api('GET', '/workspace')).status).toBe(200);
    await s.stop();
    // the journal's file needs room of its own: said once at most, not per request
    expect(
      (s.stderr().match(/the request journal cannot be opened/g) ?? []).length,
    ).toBeLessThanOrEqual(1);
    expect(s.stderr()).not.toMatch(/internal error|\n\s+at /);
  });

  it('started with too little room to open the store: one line naming the full disk, exit 1', async () => {
    const { sb, dir } = await nearlyFull(8);
    const r = await runAdcli(['serve', '--data', dir, '--json'], { env: sb.env });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `cannot open the store ${join(dir, 'adcli.db')}: its disk is full \\(\\d+ KB free`,
      ),
    );
  });
});

function freeBytes(path: string): number {
  const s = statfsSync(path);
  return s.bavail * s.bsize;
}
