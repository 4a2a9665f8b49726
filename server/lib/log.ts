/**
 * The server's log lines: the request log (one line per request) and the server's own events
 * (a full disk, an unexpected error). As text for a person at a terminal, or with `json` one JSON
 * object per line for log shippers. Whatever a client sent (a path, a message quoting it) is
 * escaped: it can neither start a new line nor send escape codes to the operator's terminal.
 */
export type LogFormat = 'text' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

export interface RequestLogEntry {
  method: string;
  /** the path as requested (decoded) */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
}

export type Level = 'info' | 'warn' | 'error';

export interface Logger {
  request(entry: RequestLogEntry): void;
  event(
    level: Level,
    message: string,
    fields?: Record<string, string | number | boolean | null>,
  ): void;
}

/** C0 and C1 control characters, DEL, and the backslash that escapes them. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/g;

/** Text safe for one log line on a terminal: control characters as \n, \t, \xNN (backslash as \\). */
export function escapeForLog(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    if (ch === '\\') return '\\\\';
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    return `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
}

/** A logger writing whole lines (without their newline) to `write`. */
export function createLogger(write: (line: string) => void, format: LogFormat = 'text'): Logger {
  if (format === 'json') {
    // JSON.stringify escapes control characters itself; the line holds one object.
    return {
      request: (e) =>
        write(
          JSON.stringify({
            time: new Date().toISOString(),
            level: 'info',
            type: 'request',
            ...e,
            durationMs: round(e.durationMs),
          }),
        ),
      event: (level, message, fields = {}) =>
        write(
          JSON.stringify({
            time: new Date().toISOString(),
            level,
            type: 'event',
            message,
            ...fields,
          }),
        ),
    };
  }
  return {
    request: (e) =>
      write(
        `${e.method} ${escapeForLog(e.path)} ${e.status} ${e.durationMs.toFixed(1)}ms ${e.requestId}`,
      ),
    event: (level, message, fields = {}) => {
      const extra = Object.entries(fields).map(([k, v]) => ` ${k}=${escapeForLog(String(v))}`);
      write(`${level === 'info' ? '' : `${level}: `}${escapeForLog(message)}${extra.join('')}`);
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
