/**
 * The Google Ads API's failures, read from their REST shape, and what each becomes for the port.
 *
 * A failed call answers `{error: {code, message, status, details: [{'@type':
 * 'type.googleapis.com/google.ads.googleads.vNN.errors.GoogleAdsFailure', errors: [{errorCode:
 * {authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED'}, message, trigger?, location?:
 * {fieldPathElements: [{fieldName: 'operations', index: 2}, …]}}], requestId}]}}` (reference:
 * GoogleAdsFailure, GoogleAdsError, ErrorCode, ErrorLocation; "Handling errors" of the REST guide).
 * A mutate with `partialFailure: true` answers 200 with the same status object as
 * `partialFailureError`, one error per refused operation, each located by its operation index.
 */
import { AdPlatformError, type AdPlatformErrorCode } from '../port.ts';
import { GOOGLE_ADS_ENV } from './settings.ts';

/** One GoogleAdsError: its error code's kind (`authorizationError`) and value, message and operation. */
export interface AdsError {
  kind: string;
  value: string;
  message: string;
  /** the index of the operation it is about (location.fieldPathElements operations[i]), if any */
  index: number | null;
  /** the value that triggered it (trigger.stringValue …), if any */
  trigger: string;
}

/** A failure the API answered: the HTTP status, the RPC status name, its GoogleAdsErrors. */
export class GoogleAdsCallError extends Error {
  readonly status: number;
  readonly rpcStatus: string;
  readonly errors: AdsError[];
  readonly requestId: string;
  constructor(
    status: number,
    rpcStatus: string,
    errors: AdsError[],
    requestId: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleAdsCallError';
    this.status = status;
    this.rpcStatus = rpcStatus;
    this.errors = errors;
    this.requestId = requestId;
  }
}

/** The GoogleAdsErrors of a google.rpc.Status (an `error` object or a `partialFailureError`). */
export function adsErrorsOf(status: unknown): { errors: AdsError[]; requestId: string } {
  const details = (status as { details?: unknown } | null)?.details;
  const out: AdsError[] = [];
  let requestId = '';
  if (!Array.isArray(details)) return { errors: out, requestId };
  for (const d of details as Record<string, unknown>[]) {
    if (!String(d?.['@type'] ?? '').endsWith('.GoogleAdsFailure')) continue;
    if (typeof d.requestId === 'string') requestId = d.requestId;
    for (const e of Array.isArray(d.errors) ? (d.errors as Record<string, unknown>[]) : []) {
      const code = (e.errorCode ?? {}) as Record<string, unknown>;
      const [kind, value] = Object.entries(code)[0] ?? ['', ''];
      const path = ((e.location as { fieldPathElements?: unknown } | undefined)
        ?.fieldPathElements ?? []) as { fieldName?: unknown; index?: unknown }[];
      const op = Array.isArray(path) ? path.find((p) => p?.fieldName === 'operations') : undefined;
      const trigger = Object.values((e.trigger ?? {}) as Record<string, unknown>)[0];
      out.push({
        kind,
        value: String(value),
        message: typeof e.message === 'string' ? e.message : '',
        index: typeof op?.index === 'number' ? op.index : op ? 0 : null,
        trigger: trigger === undefined ? '' : String(trigger),
      });
    }
  }
  return { errors: out, requestId };
}

/** Whether a failure is worth the same request again after a wait: quota exhausted for now, or Google's 5xx. */
export function retryable(e: GoogleAdsCallError): boolean {
  if (e.status === 429 || e.rpcStatus === 'RESOURCE_EXHAUSTED') return true;
  if (e.status >= 500) return true;
  return e.errors.some((x) => x.kind === 'internalError' || x.value === 'CONCURRENT_MODIFICATION');
}

const fix = (variable: keyof typeof GOOGLE_ADS_ENV) => GOOGLE_ADS_ENV[variable];

/**
 * What a person reads of one GoogleAdsError: the field at fault and the fix, for the errors an
 * operator or a marketer can act on; the API's own message otherwise.
 */
export function explain(e: AdsError): { code: AdPlatformErrorCode; message: string } {
  const said = e.message ? ` (Google Ads: ${e.message})` : '';
  if (e.value.includes('DEVELOPER_TOKEN')) {
    const why =
      e.value === 'DEVELOPER_TOKEN_NOT_APPROVED'
        ? 'is approved for test accounts only; use a test account, or apply for Basic access in the API Center of the manager account'
        : e.value === 'DEVELOPER_TOKEN_PROHIBITED'
          ? 'may not be used with the Google Cloud project of the OAuth client; use the client of the project the token was first used with'
          : 'is not accepted; copy it again from the API Center of the manager account';
    return {
      code: 'credentials',
      message: `the developer token (${fix('developerToken')}) ${why}${said}`,
    };
  }
  if (
    e.value === 'USER_PERMISSION_DENIED' ||
    e.value === 'CUSTOMER_NOT_ENABLED' ||
    e.kind === 'headerError'
  ) {
    const what =
      e.kind === 'headerError'
        ? `the login-customer-id header is wrong: set ${fix('loginCustomerId')} to the 10-digit id of the manager account, or unset it`
        : e.value === 'CUSTOMER_NOT_ENABLED'
          ? 'the account is not enabled (cancelled or suspended); pick another account'
          : `the Google account of ${fix('refreshToken')} has no direct access to this account: when it reaches it through a manager account, set ${fix('loginCustomerId')} to that manager account's id`;
    return { code: 'credentials', message: `${what}${said}` };
  }
  if (e.kind === 'authenticationError') {
    return {
      code: 'credentials',
      message: `Google Ads did not accept the access token (${e.value}); check ${fix('clientId')}, ${fix('clientSecret')} and ${fix('refreshToken')}, and that the Google account may use Google Ads${said}`,
    };
  }
  if (e.kind === 'quotaError') {
    return {
      code: 'unavailable',
      message: `the Google Ads API quota of the developer token is spent for now (${e.value}); the next sync tries again${said}`,
    };
  }
  if (e.kind === 'criterionError' || e.kind === 'adGroupCriterionError') {
    return {
      code: 'refused',
      message: `Google Ads refused the criterion${e.trigger ? ` ${e.trigger}` : ''} (${e.value})${said}`,
    };
  }
  if (e.value === 'CUSTOMER_NOT_FOUND' || e.value === 'INVALID_CUSTOMER_ID') {
    return {
      code: 'account_not_found',
      message: `Google Ads has no such account (${e.value})${said}`,
    };
  }
  return {
    code: 'refused',
    message: `Google Ads refused the request (${e.kind || 'error'} ${e.value})${said}`,
  };
}

/** The port's error for a failed call (after retries), saying what was being done. */
export function platformError(doing: string, e: unknown): AdPlatformError {
  if (e instanceof AdPlatformError) return e;
  if (e instanceof GoogleAdsCallError) {
    const first = e.errors[0];
    if (first) {
      const explained = explain(first);
      // what is still failing after the retries is unavailable for now, whatever its error code
      const code = retryable(e) ? 'unavailable' : explained.code;
      const message = explained.message;
      const more =
        e.errors.length > 1
          ? ` (and ${e.errors.length - 1} more error${e.errors.length > 2 ? 's' : ''})`
          : '';
      return new AdPlatformError(code, `${doing}: ${message}${more}${rid(e.requestId)}`);
    }
    const code: AdPlatformErrorCode =
      e.status === 401 || e.status === 403
        ? 'credentials'
        : retryable(e)
          ? 'unavailable'
          : 'refused';
    return new AdPlatformError(code, `${doing}: ${e.message}${rid(e.requestId)}`);
  }
  return new AdPlatformError(
    'unavailable',
    `${doing}: ${e instanceof Error ? e.message : String(e)}`,
  );
}

const rid = (id: string) => (id ? ` [Google Ads request ${id}]` : '');
