/**
 * A server that records every request that reaches it and refuses each one (500 in the API's error
 * shape): a command that should send nothing shows here if it did (and exits 5). The environment
 * points adcli at it with a key it never checks.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandbox } from './sandbox.ts';

export interface Recorder {
  /** "METHOD /path?query" of each request so far */
  seen: string[];
  /** a sandbox's environment with ADCLI_BASE_URL and ADCLI_API_KEY set to the recorder */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function recorder(): Promise<Recorder> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end('{"error":{"code":"internal","message":"no request should get here"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const env = {
    ...sandbox().env,
    ADCLI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    ADCLI_API_KEY: 'adcli_never_used',
  };
  return { seen, env, close: () => new Promise<void>((r) => server.close(() => r())) };
}
