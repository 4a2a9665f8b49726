import type { Dispatcher } from 'undici';
import { CliError, EXIT } from './errors.ts';
import type { Env } from './iostreams.ts';

export interface HttpRequest {
  method: string;
  /** absolute URL */
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface BytesRequest extends Omit<HttpRequest, 'body'> {
  body?: Uint8Array;
}

export interface BytesResponse {
  status: number;
  headers: Record<string, string>;
  /** the answer's body unchanged (a file is not text) */
  bytes: Uint8Array;
}

/** How requests reach the API: over the network, or into the backend running in this process. */
export interface Transport {
  send(req: HttpRequest): Promise<HttpResponse>;
  /** the same exchange for operations whose body or answer is a file (snapshots) */
  sendBytes?(req: BytesRequest): Promise<BytesResponse>;
  /** the API key the transport brings (the local backend's own key), if any */
  defaultKey?: string;
  close?(): void;
}

export const TIMEOUTS = { connectMs: 10_000, headersMs: 60_000, bodyMs: 60_000 };

/** Whether the environment names a proxy (HTTPS_PROXY or HTTP_PROXY, either case): then undici's agent. */
export function usesProxy(env: Env): boolean {
  return [env.https_proxy, env.HTTPS_PROXY, env.http_proxy, env.HTTP_PROXY].some(
    (v) => !!v?.trim(),
  );
}

/**
 * undici's agent with HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case) of the given environment
 * honoured, and a connect timeout. Only the proxy-aware agent is loaded: the CLI's start-up is a feature.
 */
export async function proxyAgent(env: Env): Promise<Dispatcher> {
  // undici is CommonJS: Node gives its exports as named ones too, the esbuild bundle only as `default`.
  const EnvHttpProxyAgent = (await import('undici/lib/dispatcher/env-http-proxy-agent.js')).default;
  return new EnvHttpProxyAgent({
    connect: { timeout: TIMEOUTS.connectMs },
    // Given explicitly: undici would read them from the process's environment.
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
  });
}

/** Requests over the network through `dispatcher` (proxyAgent's, or a test's), with header and body timeouts. */
export async function remoteTransport(
  dispatcher: Dispatcher | Promise<Dispatcher>,
): Promise<Transport> {
  const [requestMod, use] = await Promise.all([
    import('undici/lib/api/api-request.js'),
    dispatcher,
  ]);
  const request = requestMod.default;
  const exchange = async (req: HttpRequest | BytesRequest) => {
    const url = new URL(req.url);
    const res = await request.call(use, {
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
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers, body: res.body };
  };
  return {
    async send(req) {
      const res = await exchange(req);
      return { status: res.status, headers: res.headers, text: await res.body.text() };
    },
    async sendBytes(req) {
      const res = await exchange(req);
      return {
        status: res.status,
        headers: res.headers,
        bytes: new Uint8Array(await res.body.arrayBuffer()),
      };
    },
  };
}

/**
 * The built-in `local` profile: the very same backend app, in this process, on the data dir `dir`
 * (server/app/local.ts). Loaded only when a command needs it. With a YouTube Data API key
 * (ADCLI_YOUTUBE_API_KEY), its data stores collect unknown channels from YouTube as adcli serve's do.
 */
export async function localTransport(
  dir: string,
  youtube: { youtubeApiKey?: string | undefined; youtubeBaseUrl?: string | undefined } = {},
): Promise<Transport> {
  const [{ openLocalBackend, youtubeBaseUrl }, paths] = await Promise.all([
    import('../../server/app/local.ts'),
    import('./paths.ts'),
  ]);
  let backend: Awaited<ReturnType<typeof openLocalBackend>>;
  const opts = localYouTube(youtube, youtubeBaseUrl);
  try {
    backend = await openLocalBackend(
      { dbFile: paths.dbFile(dir), keyFile: paths.keyFile(dir) },
      opts,
    );
  } catch (e) {
    throw new CliError(
      `cannot open the local backend's data in ${dir}: ${(e as Error).message}`,
      EXIT.unexpected,
    );
  }
  const exchange = async (req: HttpRequest | BytesRequest): Promise<Response> => {
    const res = await backend.fetch(
      new Request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
      }),
    );
    if (res.headers.has(DROPPED_HEADER)) {
      // An injected fault: the backend's answer stands for a connection closed without one.
      await res.body?.cancel();
      throw droppedConnection();
    }
    return res;
  };
  const headersOf = (res: Response) => {
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return headers;
  };
  return {
    defaultKey: backend.apiKey,
    async send(req) {
      const res = await exchange(req);
      return { status: res.status, headers: headersOf(res), text: await res.text() };
    },
    async sendBytes(req) {
      const res = await exchange(req);
      return {
        status: res.status,
        headers: headersOf(res),
        bytes: new Uint8Array(await res.arrayBuffer()),
      };
    },
    close() {
      backend.close();
    },
  };
}

/** Set by the backend on an answer that stands for a dropped connection (a fault rule with drop). */
export const DROPPED_HEADER = 'x-adcli-dropped';

/** What a socket closed without an answer looks like: the client retries it as a network error. */
export function droppedConnection(): Error {
  return Object.assign(new Error('the connection was dropped'), { code: 'ECONNRESET' });
}

/**
 * The local profile's YouTube settings, from ADCLI_YOUTUBE_API_KEY and ADCLI_YOUTUBE_BASE_URL (a usage
 * error when that is not a URL); none without a key.
 */
function localYouTube(
  settings: { youtubeApiKey?: string | undefined; youtubeBaseUrl?: string | undefined },
  check: (url: string) => string | null,
): { youtube?: { apiKey: string; baseUrl?: string } } {
  const apiKey = settings.youtubeApiKey?.trim();
  if (!apiKey) return {};
  const given = settings.youtubeBaseUrl?.trim();
  if (!given) return { youtube: { apiKey } };
  const baseUrl = check(given);
  if (baseUrl === null)
    throw new CliError(
      `ADCLI_YOUTUBE_BASE_URL must be an http(s) URL without query, fragment or credentials, not ${given}`,
      EXIT.usage,
    );
  return { youtube: { apiKey, baseUrl } };
}
