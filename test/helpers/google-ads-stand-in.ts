/**
 * A stand-in for the Google Ads API's REST interface and Google's OAuth 2.0 token endpoint: a small
 * local HTTP server holding a few accounts, and the budgets, campaigns, ad groups and criteria made
 * in them, so the Google Ads adapter is tested end to end without Google.
 *
 * Every answer is written from the reference pages (developers.google.com/google-ads/api):
 * - token: "Using OAuth 2.0 for Web Server Applications › Refreshing an access token" (form POST,
 *   `{access_token, expires_in, scope, token_type}`; `{error: 'invalid_grant', error_description:
 *   'Token has been expired or revoked.'}`, also listed in "Common errors");
 * - `GET /vNN/customers:listAccessibleCustomers` → `{resourceNames}`: rest/reference/rest/vNN/
 *   customers/listAccessibleCustomers and ListAccessibleCustomersResponse;
 * - `POST …/googleAds:searchStream` → a JSON array of `{results, fieldMask, requestId}`:
 *   SearchGoogleAdsStreamResponse and GoogleAdsRow (int64 as strings; camelCase fields);
 * - `FROM user_interest` rows: UserInterest (resourceName `customers/{id}/userInterests/{id}`, name,
 *   taxonomyType of UserInterestTaxonomyType, userInterestParent, launchedToAll, availabilities of
 *   CriterionCategoryAvailability with CriterionCategoryChannelAvailability and its
 *   CriterionCategoryChannelAvailabilityMode); an ad group criterion's `userInterest` is
 *   UserInterestInfo (`userInterestCategory`, a UserInterest resource name);
 * - `POST …/{campaignBudgets|campaigns|adGroups|adGroupCriteria}:mutate` `{operations,
 *   partialFailure}` → `{results: [{resourceName}], partialFailureError?}`: MutateCampaignsRequest
 *   and its siblings, "Partial failure" guide; `campaignCriteria:mutate` with CampaignCriterion's
 *   LocationInfo and LanguageInfo, whose constants come from the geo_target_constant (country_code,
 *   target_type) and language_constant (code) resources;
 * - failures `{error: {code, message, status, details: [{'@type': '…GoogleAdsFailure', errors:
 *   [{errorCode, message, location}], requestId}]}}`: GoogleAdsFailure, GoogleAdsError,
 *   ErrorLocation, AuthorizationErrorEnum (DEVELOPER_TOKEN_NOT_APPROVED, USER_PERMISSION_DENIED),
 *   QuotaErrorEnum (RESOURCE_EXHAUSTED), CriterionErrorEnum, "Common errors".
 * Headers checked as "Authorization and HTTP headers" says: Authorization Bearer, developer-token,
 * login-customer-id for an account reached through its manager.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mutate, type World } from './google-ads-world.ts';

export const CREDS = {
  developerToken: 'devtok-STANDIN-0123456789',
  clientId: 'client-123.apps.googleusercontent.example',
  clientSecret: 'GOCSPX-standin-secret',
  refreshToken: '1//standin-refresh-token',
};

export interface Seen {
  method: string;
  path: string;
  body: any;
  headers: Record<string, string | undefined>;
  status: number;
}

export interface Failure {
  status: number;
  rpc: string;
  errorCode: Record<string, string>;
  message: string;
  times?: number;
}

export interface GoogleAdsStandIn {
  baseUrl: string;
  tokenUrl: string;
  world: World;
  seen: Seen[];
  tokensIssued(): number;
  /** the next requests whose path contains `pathPart` fail so */
  fail(pathPart: string, f: Failure): void;
  /** access tokens issued so far are refused (401), as after their expiry */
  expireAccessTokens(): void;
  /** the refresh token is refused from now on (invalid_grant) */
  revokeRefreshToken(): void;
  /** the developer token is approved for test accounts only, and these accounts are not */
  developerTokenNotApproved(): void;
  /**
   * The next request whose path contains `pathPart` is held unanswered (a slow network) until
   * `release()`; `held` settles once one is.
   */
  hold(pathPart: string): { held: Promise<void>; release(): void };
  close(): Promise<void>;
}

export async function startGoogleAdsStandIn(
  world: World,
  version = 'v26',
): Promise<GoogleAdsStandIn> {
  const seen: Seen[] = [];
  const failures: { part: string; f: Failure; left: number }[] = [];
  let issued = 0;
  let validFrom = 0;
  let refreshRevoked = false;
  let notApproved = false;
  const holds: { part: string; arrived(): void; released: Promise<void> }[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readAll(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const holding = holds.findIndex((h) => url.pathname.includes(h.part));
    if (holding >= 0) {
      const [h] = holds.splice(holding, 1);
      h!.arrived();
      await h!.released;
    }
    const headers = {
      authorization: one(req, 'authorization'),
      'developer-token': one(req, 'developer-token'),
      'login-customer-id': one(req, 'login-customer-id'),
    };
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* a form */
    }
    const answer = (status: number, out: unknown) => {
      seen.push({ method: req.method ?? '', path: url.pathname, body, headers, status });
      send(res, status, out);
    };
    if (url.pathname === '/token') {
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'refresh_token')
        return answer(400, { error: 'unsupported_grant_type' });
      if (
        form.get('client_id') !== CREDS.clientId ||
        form.get('client_secret') !== CREDS.clientSecret
      )
        return answer(401, { error: 'invalid_client', error_description: 'Unauthorized' });
      if (refreshRevoked || form.get('refresh_token') !== CREDS.refreshToken)
        return answer(400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      issued++;
      return answer(200, {
        access_token: `ya29.standin-${issued}`,
        expires_in: 3599,
        scope: 'https://www.googleapis.com/auth/adwords',
        token_type: 'Bearer',
      });
    }
    const prefix = `/${version}/`;
    if (!url.pathname.startsWith(prefix))
      return answer(404, rpcError(404, 'NOT_FOUND', 'Not Found'));
    const path = url.pathname.slice(prefix.length);
    const token = /^Bearer ya29\.standin-(\d+)$/.exec(headers.authorization ?? '');
    if (!token || Number(token[1]) <= validFrom)
      return answer(
        401,
        failure(
          401,
          'UNAUTHENTICATED',
          { authenticationError: 'OAUTH_TOKEN_EXPIRED' },
          'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        ),
      );
    if (headers['developer-token'] !== CREDS.developerToken)
      return answer(
        401,
        failure(
          401,
          'UNAUTHENTICATED',
          { authenticationError: 'DEVELOPER_TOKEN_INVALID' },
          'The developer token is not valid.',
        ),
      );
    if (notApproved)
      return answer(
        403,
        failure(
          403,
          'PERMISSION_DENIED',
          { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' },
          'The developer token is only approved for use with test accounts. To access non-test accounts, apply for Basic or Standard access.',
        ),
      );
    const failing = failures.find((x) => x.left > 0 && path.includes(x.part));
    if (failing) {
      failing.left--;
      const { status, rpc, errorCode, message } = failing.f;
      return answer(status, failure(status, rpc, errorCode, message));
    }
    if (path === 'customers:listAccessibleCustomers' && req.method === 'GET')
      return answer(200, { resourceNames: world.accessible.map((id) => `customers/${id}`) });
    const m = /^customers\/(\d+)\/(\w+):(\w+)$/.exec(path);
    const customer = m ? world.customers.find((c) => c.id === m[1]) : undefined;
    if (!m || !customer || req.method !== 'POST')
      return answer(
        403,
        failure(
          403,
          'PERMISSION_DENIED',
          { authorizationError: 'USER_PERMISSION_DENIED' },
          "User doesn't have permission to access customer.",
        ),
      );
    if (customer.manager && headers['login-customer-id'] !== customer.manager)
      return answer(
        403,
        failure(
          403,
          'PERMISSION_DENIED',
          { authorizationError: 'USER_PERMISSION_DENIED' },
          "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid",
        ),
      );
    const out = mutate(world, customer.id, m[2]!, m[3]!, body);
    return answer(out.status, out.body);
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenUrl: `http://127.0.0.1:${port}/token`,
    world,
    seen,
    tokensIssued: () => issued,
    fail: (part, f) => failures.push({ part, f, left: f.times ?? 1 }),
    expireAccessTokens: () => (validFrom = issued),
    revokeRefreshToken: () => (refreshRevoked = true),
    developerTokenNotApproved: () => (notApproved = true),
    hold(part) {
      let arrived!: () => void;
      let release!: () => void;
      const held = new Promise<void>((r) => (arrived = r));
      holds.push({ part, arrived, released: new Promise<void>((r) => (release = r)) });
      return { held, release };
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function rpcError(code: number, status: string, message: string) {
  return { error: { code, message, status } };
}

export function failure(
  code: number,
  status: string,
  errorCode: Record<string, string>,
  message: string,
  index?: number,
) {
  return {
    error: {
      code,
      message: code === 400 ? 'Request contains an invalid argument.' : message,
      status,
      details: [googleAdsFailure([{ errorCode, message, index }])],
    },
  };
}

export function googleAdsFailure(
  errors: {
    errorCode: Record<string, string>;
    message: string;
    index?: number | undefined;
    trigger?: string;
  }[],
) {
  return {
    '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
    errors: errors.map((e) => ({
      errorCode: e.errorCode,
      message: e.message,
      ...(e.trigger ? { trigger: { stringValue: e.trigger } } : {}),
      ...(e.index !== undefined
        ? {
            location: {
              fieldPathElements: [
                { fieldName: 'operations', index: e.index },
                { fieldName: 'create' },
              ],
            },
          }
        : {}),
    })),
    requestId: 'standin-req-1',
  };
}

function one(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
