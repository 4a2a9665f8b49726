/**
 * The CLI as the real process (the built bundle, bin/adcli.js): what only a process shows. Exit codes
 * and the error line through the entry, usage errors of commander's with --json, `adcli --debug
 * serve` running until it is stopped, and which of Node's own modules a run loads. (Ctrl-C during
 * --wait: cli-work; requests --follow: cli-backend; terminals: runInTerminal in each file;
 * --version and old Node: serve.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/lib/errors.ts';
import { cleanupAll, http, runAdcli, sandbox, spawnAdcli } from './helpers/process.ts';

afterAll(cleanupAll);

describe('the entry', () => {
  it('exit codes and the error line: ok, usage (commander and adcli alike), refused', async () => {
    const sb = sandbox();
    const ok = await runAdcli(['brands', 'list', '--json'], { env: sb.env });
    expect(ok.code, ok.stderr).toBe(EXIT.ok);
    expect(JSON.parse(ok.stdout).length).toBeGreaterThan(0);

    const unknown = await runAdcli(['brands', 'list', '--limit'], { env: sb.env });
    expect(unknown).toMatchObject({
      code: EXIT.usage,
      stdout: '',
      stderr: "adcli: option '--limit <n>' argument missing\n",
    });
    const json = await runAdcli(['brands', 'list', '--bogus', '--json'], { env: sb.env });
    expect(json.code).toBe(EXIT.usage);
    expect(JSON.parse(json.stderr)).toEqual({
      error: { message: "unknown option '--bogus'", exitCode: EXIT.usage },
    });
    const own = await runAdcli(['brands', 'delete', 'f'.repeat(24)], { env: sb.env });
    expect(own).toMatchObject({
      code: EXIT.usage,
      stderr: expect.stringMatching(/^adcli: deleting brand f+ needs --yes/),
    });

    const refused = await runAdcli(['brands', 'get', 'f'.repeat(24)], { env: sb.env });
    expect(refused.code).toBe(EXIT.refused);
    expect(refused.stderr).toMatch(/^adcli: .*\(not_found, request \w+\)\n$/);
  });

  it('adcli --debug serve runs until it is stopped, and stops cleanly', async () => {
    const sb = sandbox();
    const p = spawnAdcli(['--debug', 'serve', '--memory', '--port', '0', '--json', '--quiet'], {
      env: sb.env,
    });
    const info = JSON.parse((await p.waitForStdout((t) => t.includes('\n'))).split('\n')[0]!);
    // still serving once the command has started
    expect((await http(info.baseUrl, info.apiKey, 'GET', '/workspace')).status).toBe(200);
    expect((await http(info.baseUrl, info.apiKey, 'GET', '/workspace')).body.slug).toBe('default');
    expect(p.child.exitCode).toBeNull();
    expect((await p.stop('SIGTERM')).code).toBe(0);
  });
});

describe('start-up', () => {
  /** Node's internal modules a run of adcli loaded, as process.moduleLoadList names them. */
  const loadedBy = async (args: string[], env: NodeJS.ProcessEnv): Promise<string[]> => {
    const report = `process.on('exit', () => process.stderr.write('\\n' + process.moduleLoadList.join('\\n')))`;
    const run = await runAdcli(args, {
      env: { ...env, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(report)}` },
    });
    expect(run.code, run.stderr).toBe(EXIT.ok);
    return run.stderr.split('\n').filter((l) => l.startsWith('NativeModule '));
  };

  it('loads none of the Node modules it does not use: diff, worker threads, perf_hooks', async () => {
    // util.diff and util.setTraceSigInt look like plain values and load these on first read;
    // the global performance loads perf_hooks
    const unused = /^NativeModule (?:internal\/util\/diff|worker_threads|perf_hooks)$/;
    const sb = sandbox();
    const help = await loadedBy(['--help'], sb.env);
    expect(help.length).toBeGreaterThan(20);
    expect(help.filter((m) => unused.test(m))).toEqual([]);
    const server = spawnAdcli(['serve', '--memory', '--port', '0', '--json', '--quiet'], {
      env: sb.env,
    });
    const info = JSON.parse((await server.waitForStdout((t) => t.includes('\n'))).split('\n')[0]!);
    const remote = await loadedBy(['workspace', '--json'], {
      ...sb.env,
      ADCLI_BASE_URL: info.baseUrl,
      ADCLI_API_KEY: info.apiKey,
    });
    expect(remote).toContain('NativeModule http');
    expect(remote.filter((m) => unused.test(m))).toEqual([]);
    expect((await server.stop('SIGTERM')).code).toBe(0);
  });
});
