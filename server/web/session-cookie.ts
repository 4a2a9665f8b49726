/**
 * The pages' session cookie (web/mount.ts): `adcli_session_<port>`, one per server, since cookies are
 * per host, not per port. Every cookie of that prefix is adcli's own, whichever server on the host set
 * it: `serve --proxy` keeps them from the deployment it forwards to (proxy/forwarded-headers.ts).
 */
export const SESSION_COOKIE_PREFIX = 'adcli_session_';

/** The session cookie's name for a request to `url`: named after the port it reached. */
export function sessionCookieName(url: string): string {
  const port = new URL(url).port || (url.startsWith('https:') ? '443' : '80');
  return `${SESSION_COOKIE_PREFIX}${port}`;
}

/** Whether a cookie of this name is an adcli server's session cookie. */
export function isSessionCookieName(name: string): boolean {
  return name.trim().startsWith(SESSION_COOKIE_PREFIX);
}
