/** The error codes of the API (design brief §3). */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'idempotency_conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const invalid = (message: string) => new ApiError(400, 'invalid_request', message);
export const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);

export function errorBody(code: ErrorCode, message: string, requestId: string) {
  return { error: { code, message, requestId } };
}
