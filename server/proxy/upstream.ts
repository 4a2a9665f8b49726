/** The proxy's upstream: its base URL as checked for `--proxy`, and why a call to it failed. */

/**
 * The upstream base as a URL, or an error saying why it cannot be one: http(s), no credentials,
 * no query or fragment. For a `--proxy` flag to check before the server starts.
 */
export function parseUpstream(upstream: string): URL {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(
      `the upstream must be an absolute http(s) URL, such as https://ads.example.com/api/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`the upstream must be an http or https URL, not ${url.protocol.slice(0, -1)}`);
  if (url.username || url.password)
    throw new Error(
      'the upstream URL must not hold credentials: the requests carry their own Authorization',
    );
  if (url.search || url.hash)
    throw new Error('the upstream URL must be a base, without a query or a fragment');
  return url;
}

export function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Why a fetch failed, in a few words, from its cause's code: never its message (it may hold a URL). */
export function reasonOf(err: unknown): string {
  const code = (err as { cause?: { code?: unknown } })?.cause?.code;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the name did not resolve',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_SOCKET: 'the connection closed',
    CERT_HAS_EXPIRED: 'its TLS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
    ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate names another host',
  };
  return typeof code === 'string' && reasons[code] ? ` (${reasons[code]})` : '';
}
