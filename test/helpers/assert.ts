/**
 * The assertions every test makes, written once: an API success with its status, an error in the
 * contract's shape (`{"error": {"code", "message", "requestId"}}`, the request id the header's), and
 * a CLI run that succeeded (exit 0) with its JSON output.
 */
import { expect } from 'vitest';
import { ERROR_CODES } from '../../server/lib/errors.ts';

/**
 * An HTTP answer: the in-process client's Reply, a served process's HttpReply (both with Headers) or
 * a raw socket's Answer (headers as a lower-cased record).
 */
export interface Answered {
  status: number;
  body: any;
  headers: Headers | Record<string, string>;
}

/** What a CLI run answers, in-process (runCli) or as a child process (runAdcli, code null if killed). */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The error of an answer in the contract's shape. */
export interface ApiError {
  code: string;
  message: string;
  requestId: string;
}

const header = (r: Answered, name: string): string | null | undefined =>
  r.headers instanceof Headers ? r.headers.get(name) : r.headers[name];

/**
 * The body of a successful answer with this status (200 unless said; '2xx' for any success),
 * failing with the body shown.
 */
export function ok<T = any>(r: { status: number; body: T }, status: number | '2xx' = 200): T {
  if (status === '2xx') {
    expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(200);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  } else expect({ status: r.status, body: r.body }).toMatchObject({ status });
  return r.body;
}

/**
 * An error answer in the contract's shape (JSON, nothing beside `error`, a code of the contract,
 * exactly code, message and requestId, a message without a stack trace, the request id the
 * header's), whose message holds every fragment given. Answers the error, for checks of its message.
 */
export function expectError(
  r: Answered,
  status: number,
  code: string,
  ...fragments: (string | RegExp)[]
): ApiError {
  expect({ status: r.status, body: r.body }).toMatchObject({ status, body: { error: { code } } });
  expect(ERROR_CODES).toContain(code);
  expect(header(r, 'content-type')).toMatch(/application\/json/);
  expect(Object.keys(r.body)).toEqual(['error']);
  expect(Object.keys(r.body.error).sort()).toEqual(['code', 'message', 'requestId']);
  const error = r.body.error as ApiError;
  expect(error.message).toEqual(expect.any(String));
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message).not.toMatch(/\n\s+at /);
  expect(error.requestId).toEqual(expect.any(String));
  expect(error.requestId.length).toBeGreaterThan(0);
  expect(error.requestId).toBe(header(r, 'x-request-id'));
  for (const f of fragments) {
    if (typeof f === 'string') expect(error.message).toContain(f);
    else expect(error.message).toMatch(f);
  }
  return error;
}

/** A CLI run that exited 0, failing with its exit code and both streams shown. */
export function succeeded<R extends Ran>(r: R): R {
  expect(r.code, `exit ${r.code}\n--- stdout ---\n${r.stdout}\n--- stderr ---\n${r.stderr}`).toBe(
    0,
  );
  return r;
}

/** The parsed stdout of a CLI run that exited 0 (a `--json` command). */
export function json(r: Ran): any {
  return JSON.parse(succeeded(r).stdout);
}
