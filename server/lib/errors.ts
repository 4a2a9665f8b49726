/** The error codes of the API, each with the status it comes with. */
export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_conflict',
  'payload_too_large',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/**
 * The `WWW-Authenticate` challenge of a 401 (RFC 9110 §11.6.1, RFC 6750 §3): Bearer, with
 * error="invalid_token" when a key was sent but is not valid, "invalid_request" for a malformed
 * request, and no error when no key was sent at all.
 */
export function bearerChallenge(error?: 'invalid_token' | 'invalid_request'): string {
  return `Bearer realm="adcli"${error ? `, error="${error}"` : ''}`;
}

export const invalid = (message: string) => new ApiError(400, 'invalid_request', message);
export const unauthorized = (message: string, error?: 'invalid_token' | 'invalid_request') =>
  new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': bearerChallenge(error) });
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);

export function errorBody(code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, requestId } };
}
