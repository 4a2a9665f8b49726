/**
 * adcli serve's start-up controls: `--clock TIME` (new workspaces start frozen at TIME) and
 * `--snapshot FILE` (start from a saved store), through the real command.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  cleanupAll,
  http,
  killAll,
  runAdcli,
  sandbox,
  startServer,
  tempDir,
} from './helpers/process.ts';
import { runCli } from './helpers/cli.ts';

afterEach(killAll);
afterAll(cleanupAll);

const controls = (baseUrl: string) => baseUrl.replace(/\/api\/v1$/, '/_adcli/v1');

describe('adcli serve --clock', () => {
  it('starts new workspaces frozen at the given time', async () => {
    const sb = sandbox();
    const s = await startServer(['--memory', '--quiet', '--clock', '2027-01-01T09:00:00Z'], {
      env: sb.env,
    });
    const clock = await http(controls(s.info.baseUrl), s.info.apiKey, 'GET', '/clock');
    expect(clock.body).toMatchObject({ now: '2027-01-01T09:00:00.000Z', frozen: true });
    const brand = await s.api('POST', '/brands', { name: 'Then' });
    expect(brand.body.createdAt).toBe('2027-01-01T09:00:00.000Z');
  });

  it('refuses a time it cannot read, with exit 2', async () => {
    const r = await runAdcli(['serve', '--memory', '--clock', 'next tuesday'], {
      env: sandbox().env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--clock.*ISO 8601/);
  });

  it('refuses a time past year 9999 or before 1970, with exit 2', async () => {
    for (const [time, message] of [
      // the zone's offset carries the last hour of 9999 into year 10000
      [
        '9999-12-31T23:30:00-01:00',
        /\+010000-01-01T00:30:00\.000Z is past 9999-12-31T23:59:59\.999Z/,
      ],
      ['1969-12-31', /1969-12-31T00:00:00\.000Z is before 1970-01-01T00:00:00\.000Z/],
    ] as const) {
      // refused while reading the flags, before anything starts: in-process
      const r = await runCli(['serve', '--memory', '--clock', time], { env: sandbox().env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/--clock/);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('adcli serve --snapshot', () => {
  it('starts from a saved store', async () => {
    const sb = sandbox();
    const first = await startServer(['--memory', '--quiet'], { env: sb.env });
    expect((await first.api('POST', '/brands', { name: 'Saved' })).status).toBe(201);
    const res = await fetch(`${controls(first.info.baseUrl)}/snapshot`, {
      headers: { authorization: `Bearer ${first.info.apiKey}` },
    });
    expect(res.status).toBe(200);
    const file = join(tempDir(sb, 'snap'), 'saved.db');
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));

    const second = await startServer(['--memory', '--quiet', '--snapshot', file], { env: sb.env });
    const brands = await second.api('GET', '/brands');
    expect(brands.body.data.map((b: { name: string }) => b.name)).toEqual(['Saved']);
  });

  it('refuses a file that is not an adcli store, in one line', async () => {
    const sb = sandbox();
    const file = join(tempDir(sb, 'junk'), 'junk.db');
    writeFileSync(file, 'not a database at all'.repeat(10));
    const r = await runAdcli(['serve', '--memory', '--snapshot', file], { env: sb.env });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`--snapshot ${file}: the snapshot is not an SQLite database`);
  });
});
