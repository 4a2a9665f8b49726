/**
 * adcli serve's pages need a session: a command asks the server for a one-time login link (the
 * control create_login_link, with the profile's key) and opens that; the key itself never goes into
 * a URL. The local profile has no web server, so it has no pages to open.
 */
import { CONTROL_PREFIX } from '../generated/operations.ts';
import { ApiCallError, type ApiClient } from './client.ts';

export interface LoginLink {
  url: string;
  page: string;
  expiresAt: string;
}

/** Why a page cannot open on the local profile, and how to get one that can. */
export const noPagesOnLocal = (what: string, command: string) =>
  `${what} is served by adcli serve, and the local profile runs the backend inside each adcli command, with no web server to open. ` +
  `Start one on the same data (adcli serve), point adcli at it (ADCLI_BASE_URL=http://127.0.0.1:4010/api/v1 and ADCLI_API_KEY=<the key it prints>, ` +
  `or adcli auth login --base-url http://127.0.0.1:4010/api/v1), then run ${command} again`;

/** A one-time login link from adcli serve, or null from a deployment that has no such control (404). */
export async function loginLink(
  client: ApiClient,
  body: { campaignId?: string },
): Promise<LoginLink | null> {
  try {
    return await client.request<LoginLink>('POST', '/login-links', {
      prefix: CONTROL_PREFIX,
      body,
    });
  } catch (e) {
    // The campaign was found a moment ago, so a 404 here is the route: not adcli serve.
    if (e instanceof ApiCallError && e.status === 404) return null;
    throw e;
  }
}
