import type { Dispatcher } from 'undici';
import { ApiClient, redact } from './client.ts';
import { CliError, EXIT } from './errors.ts';
import { notice } from './output.ts';
import { isLocal, resolveTarget, type GlobalOptions } from './target.ts';
import { TIMEOUTS, type HttpRequest, type HttpResponse, type Transport } from './transport.ts';

export interface BytesRequest {
  method: string;
  /** absolute URL */
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  signal?: AbortSignal;
}

export interface BytesResponse {
  status: number;
  headers: Record<string, string>;
  /** the answer's body unchanged (a file is not text) */
  bytes: Uint8Array;
}

/** A transport that also carries bytes both ways, for the operations whose body or answer is a file. */
export interface BytesTransport extends Transport {
  sendBytes(req: BytesRequest): Promise<BytesResponse>;
}

/**
 * The two ways requests travel (transport.ts), for files: over the network with the same proxy and
 * timeout settings, or into the local profile's backend in this process. A JSON request through it is
 * the same exchange with its body as text.
 */
function withText(sendBytes: BytesTransport['sendBytes']): BytesTransport['send'] {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return async (req: HttpRequest): Promise<HttpResponse> => {
    const res = await sendBytes({ ...req, body: req.body === undefined ? undefined : encoder.encode(req.body) });
    return { status: res.status, headers: res.headers, text: decoder.decode(res.bytes) };
  };
}

async function remoteBytesTransport(): Promise<BytesTransport> {
  const [agentMod, requestMod] = await Promise.all([
    import('undici/lib/dispatcher/env-http-proxy-agent.js'),
    import('undici/lib/api/api-request.js'),
  ]);
  const agent = new agentMod.default({ connect: { timeout: TIMEOUTS.connectMs } });
  const request = requestMod.default;
  const sendBytes = async (req: BytesRequest): Promise<BytesResponse> => {
    const url = new URL(req.url);
    const res = await request.call(agent, {
      origin: url.origin,
      path: url.pathname + url.search,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      headersTimeout: TIMEOUTS.headersMs,
      bodyTimeout: TIMEOUTS.bodyMs,
      signal: req.signal,
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers, bytes: new Uint8Array(await res.body.arrayBuffer()) };
  };
  return { sendBytes, send: withText(sendBytes), close: () => void agent.close() };
}

/** The local profile's backend, opened on its data dir as transport.ts opens it, answering with bytes. */
async function localBytesTransport(): Promise<BytesTransport> {
  const [{ createApp }, { Store }, { bootstrap }, paths] = await Promise.all([
    import('../../server/http/app.ts'),
    import('../../server/store/db.ts'),
    import('../../server/bootstrap.ts'),
    import('./paths.ts'),
  ]);
  const dir = paths.dataDir();
  let store: InstanceType<typeof Store>;
  try {
    store = new Store(paths.dbFile(dir));
  } catch (e) {
    throw new CliError(`cannot open the local backend's data in ${dir}: ${(e as Error).message}`, EXIT.unexpected);
  }
  const backend = createApp({ store });
  const boot = bootstrap(backend.services, { seedWhenEmpty: 'demo', keyFile: paths.keyFile(dir) });
  const sendBytes = async (req: BytesRequest): Promise<BytesResponse> => {
    const res = await backend.app.request(req.url, { method: req.method, headers: req.headers, body: req.body, signal: req.signal });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  return { defaultKey: boot.apiKey, sendBytes, send: withText(sendBytes), close: () => store.close() };
}

/** An API client whose transport carries files (ApiClient.callBytes), for the resolved target. */
export async function bytesClientFor(opts: GlobalOptions): Promise<ApiClient> {
  const target = resolveTarget(opts);
  const local = isLocal(target);
  const transport = local ? await localBytesTransport() : await remoteBytesTransport();
  if (local) notice('Using the local backend (built-in profile "local"); adcli auth login points adcli at a real deployment.');
  const debug = opts.debug ? (line: string) => process.stderr.write(redact(line) + '\n') : undefined;
  return new ApiClient(target, transport, { debug });
}
