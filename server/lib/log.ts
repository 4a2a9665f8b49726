/**
 * The server's log lines: the request log (one line per request) and the server's own events
 * (a full disk, an unexpected error). As text for a person at a terminal, or with `json` one JSON
 * object per line for log shippers. Whatever a client sent (a path, a message quoting it) is
 * escaped: it can neither start a new line nor send escape codes to the operator's terminal.
 *
 * `adcli serve` writes every line through a `LogSink` (createSink): a level below which lines are
 * dropped, probes at `debug`, the time and level on every text line, and an event repeated word for
 * word said once, then counted (one line a window while it goes on). A logger made over a sink hands
 * it records, not lines; a logger made over a plain writer formats lines itself, as before.
 */
export type LogFormat = 'text' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

export type Level = 'debug' | 'info' | 'warn' | 'error';
/** From the most to the least said. */
export const LOG_LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error'];

/** The probes of orchestrators and scrapers: their request lines are `debug`, not `info`. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz', '/metrics']);

export interface RequestLogEntry {
  method: string;
  /** the path as requested (decoded) */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  /** the caller's W3C trace context, when it sent a well-formed one */
  traceparent?: string;
}

export type Fields = Record<string, string | number | boolean | null>;

export interface Logger {
  request(entry: RequestLogEntry): void;
  event(level: Level, message: string, fields?: Fields): void;
}

/** One thing to log, before it is a line. */
export type LogRecord =
  | { kind: 'request'; entry: RequestLogEntry }
  | { kind: 'event'; level: Level; message: string; fields?: Fields };

/**
 * Where adcli serve's lines go. Called with a line (a writer that hands lines, not records), the
 * line is an event: `warn` when it is the server's own warning (`adcli serve: …`, as the job
 * workers' pool words them), else `info`; `record` takes a record; `flush` says the counts still
 * held back.
 */
export interface LogSink {
  (line: string): void;
  record(r: LogRecord): void;
  flush(): void;
  readonly format: LogFormat;
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

/** The level of a record: a probe's request line is debug, any other request info. */
export function levelOf(r: LogRecord): Level {
  if (r.kind === 'event') return r.level;
  return PROBE_PATHS.has(r.entry.path) ? 'debug' : 'info';
}

/**
 * One record as one line (no newline). `stamped` text starts with the time and the level (adcli
 * serve's log); plain text is the line alone, with `warn: `/`error: ` before an event of that level.
 */
export function formatRecord(
  r: LogRecord,
  format: LogFormat,
  stamped: boolean,
  at = new Date(),
): string {
  const level = levelOf(r);
  if (format === 'json') {
    // JSON.stringify escapes control characters itself; the line holds one object.
    if (r.kind === 'request')
      return JSON.stringify({
        time: at.toISOString(),
        level,
        type: 'request',
        ...r.entry,
        durationMs: round(r.entry.durationMs),
      });
    return JSON.stringify({
      time: at.toISOString(),
      level,
      type: 'event',
      message: r.message,
      ...r.fields,
    });
  }
  let text: string;
  if (r.kind === 'request') {
    const e = r.entry;
    text = `${e.method} ${escapeForLog(e.path)} ${e.status} ${e.durationMs.toFixed(1)}ms ${e.requestId}`;
    if (e.traceparent) text += ` traceparent=${e.traceparent}`;
  } else {
    const extra = Object.entries(r.fields ?? {}).map(
      ([k, v]) => ` ${k}=${escapeForLog(String(v))}`,
    );
    text = `${escapeForLog(r.message)}${extra.join('')}`;
    if (!stamped && level !== 'info') text = `${level}: ${text}`;
  }
  return stamped ? `${at.toISOString()} ${level.toUpperCase().padEnd(5)} ${text}` : text;
}

/** A logger writing whole lines (without their newline) to `write`, or records to a sink. */
export function createLogger(
  write: ((line: string) => void) | LogSink,
  format: LogFormat = 'text',
): Logger {
  if (isSink(write))
    return {
      request: (entry) => write.record({ kind: 'request', entry }),
      event: (level, message, fields) => write.record({ kind: 'event', level, message, fields }),
    };
  return {
    request: (entry) => write(formatRecord({ kind: 'request', entry }, format, false)),
    event: (level, message, fields) =>
      write(formatRecord({ kind: 'event', level, message, fields }, format, false)),
  };
}

function isSink(w: ((line: string) => void) | LogSink): w is LogSink {
  return typeof (w as Partial<LogSink>).record === 'function';
}

/** How long an event repeated word for word is counted before the count is said. */
export const REPEAT_WINDOW_MS = 10_000;

export interface SinkOptions {
  format: LogFormat;
  /** the least level written (default info) */
  level?: Level;
  /** default REPEAT_WINDOW_MS */
  repeatWindowMs?: number;
  /** the time of a line (default the system's) */
  now?: () => Date;
  /** runs `fn` once after `ms` (default an unref'd setTimeout); answers how to cancel it */
  schedule?: (fn: () => void, ms: number) => () => void;
}

/**
 * adcli serve's log: every line stamped (text) or one JSON object, below `level` dropped, and an
 * event said again with the same level and message within the window held back: the first is
 * written, then once a window `… (N more times in the last S s)` while it goes on.
 */
export function createSink(out: (line: string) => void, opts: SinkOptions): LogSink {
  const least = LOG_LEVELS.indexOf(opts.level ?? 'info');
  const windowMs = opts.repeatWindowMs ?? REPEAT_WINDOW_MS;
  const now = opts.now ?? (() => new Date());
  const schedule =
    opts.schedule ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      t.unref();
      return () => clearTimeout(t);
    });
  const held = new Map<string, { count: number; cancel: () => void }>();
  const write = (r: LogRecord) => out(formatRecord(r, opts.format, true, now()));
  const summary = (level: Level, message: string, count: number): LogRecord => ({
    kind: 'event',
    level,
    message:
      opts.format === 'json'
        ? message
        : `${message} (${count} more time${count === 1 ? '' : 's'} in the last ${windowMs / 1000} s)`,
    ...(opts.format === 'json' ? { fields: { repeated: count, windowS: windowMs / 1000 } } : {}),
  });
  const record = (r: LogRecord): void => {
    const level = levelOf(r);
    if (LOG_LEVELS.indexOf(level) < least) return;
    if (r.kind === 'request') return write(r);
    const key = `${level}\u0000${r.message}`;
    const h = held.get(key);
    if (h) {
      h.count += 1;
      return;
    }
    write(r);
    const entry = { count: 0, cancel: () => {} };
    const tick = () => {
      if (entry.count === 0) {
        held.delete(key);
        return;
      }
      write(summary(level, r.message, entry.count));
      entry.count = 0;
      entry.cancel = schedule(tick, windowMs);
    };
    entry.cancel = schedule(tick, windowMs);
    held.set(key, entry);
  };
  const sink = ((line: string) =>
    record({
      kind: 'event',
      level: line.startsWith('adcli serve: ') ? 'warn' : 'info',
      message: line,
    })) as LogSink;
  return Object.assign(sink, {
    record,
    format: opts.format,
    flush() {
      for (const [key, h] of held) {
        h.cancel();
        const sep = key.indexOf('\u0000');
        if (h.count > 0) write(summary(key.slice(0, sep) as Level, key.slice(sep + 1), h.count));
      }
      held.clear();
    },
  });
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
