// @store sqlite
/**
 * Logs an operator can ship (server/lib/log.ts, server/http/request-log.ts): adcli serve's sink
 * (every line stamped or one JSON object, a least level, probes at debug, an event repeated word for
 * word said once and then counted), and a caller's own X-Request-Id and traceparent kept when well
 * formed, echoed in the answer and the log line. The sink runs on a schedule the test turns by hand.
 */
import { describe, expect, it } from 'vitest';
import { testBackend } from './helpers/backend.ts';
import { createLogger, createSink, type LogFormat, type Level } from '../server/lib/log.ts';
import { incomingRequestId, incomingTraceparent } from '../server/http/request-log.ts';

const AT = new Date('2026-11-28T10:00:00.000Z');

/** A sink writing to `lines`, whose repeat windows end when `tick()` is called. */
function sink(format: LogFormat, level?: Level) {
  const lines: string[] = [];
  let due: (() => void)[] = [];
  const s = createSink((l) => lines.push(l), {
    format,
    ...(level ? { level } : {}),
    repeatWindowMs: 10_000,
    now: () => AT,
    schedule: (fn) => {
      due.push(fn);
      return () => (due = due.filter((f) => f !== fn));
    },
  });
  const tick = () => {
    const now = due;
    due = [];
    for (const fn of now) fn();
  };
  return { sink: s, logger: createLogger(s), lines, tick };
}

const probe = (path: string) => ({
  method: 'GET',
  path,
  status: 200,
  durationMs: 0.4,
  requestId: 'req_1',
});

describe("adcli serve's log sink", () => {
  it('stamps every text line with the time and the level, lines handed in whole included', () => {
    const { sink: s, logger, lines } = sink('text');
    logger.request(probe('/api/v1/workspace'));
    logger.event('warn', 'the disk is nearly full', { free: '1 MB' });
    s('job campaign_generate c1 failed: boom');
    // a line handed in whole that is the server's own warning (the job workers' pool words them so)
    s('adcli serve: job worker 1 stopped unexpectedly');
    expect(lines).toEqual([
      '2026-11-28T10:00:00.000Z INFO  GET /api/v1/workspace 200 0.4ms req_1',
      '2026-11-28T10:00:00.000Z WARN  the disk is nearly full free=1 MB',
      '2026-11-28T10:00:00.000Z INFO  job campaign_generate c1 failed: boom',
      '2026-11-28T10:00:00.000Z WARN  adcli serve: job worker 1 stopped unexpectedly',
    ]);
  });

  it('writes one JSON object a line under json, lines handed in whole included', () => {
    const { sink: s, logger, lines } = sink('json');
    logger.event('error', 'internal error: x\ny', { requestId: 'req_2' });
    s('job loop: timeout');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        time: AT.toISOString(),
        level: 'error',
        type: 'event',
        message: 'internal error: x\ny',
        requestId: 'req_2',
      },
      { time: AT.toISOString(), level: 'info', type: 'event', message: 'job loop: timeout' },
    ]);
  });

  it('logs the probes at debug: dropped at the default level, written at debug', () => {
    for (const level of ['info', 'debug'] as const) {
      const { logger, lines } = sink('json', level);
      for (const p of ['/livez', '/readyz', '/metrics', '/api/v1/workspace'])
        logger.request(probe(p));
      const paths = lines.map((l) => JSON.parse(l) as { path: string; level: string });
      if (level === 'info') expect(paths.map((p) => p.path)).toEqual(['/api/v1/workspace']);
      else
        expect(paths.map((p) => [p.path, p.level])).toEqual([
          ['/livez', 'debug'],
          ['/readyz', 'debug'],
          ['/metrics', 'debug'],
          ['/api/v1/workspace', 'info'],
        ]);
    }
  });

  it('drops what is below the level: warn keeps warnings and errors only', () => {
    const { sink: s, logger, lines } = sink('text', 'warn');
    logger.request(probe('/api/v1/workspace'));
    s('a plain line');
    logger.event('info', 'ready');
    logger.event('warn', 'careful');
    logger.event('error', 'broken');
    expect(lines.map((l) => l.slice(25))).toEqual(['WARN  careful', 'ERROR broken']);
  });

  it('says an event repeated word for word once, then a count a window while it goes on', () => {
    const { sink: s, logger, lines, tick } = sink('text');
    for (let i = 0; i < 40; i++) s('job loop: connect ECONNREFUSED 127.0.0.1:5432');
    logger.event('error', 'the database cannot be reached', { requestId: 'req_a' });
    logger.event('error', 'the database cannot be reached', { requestId: 'req_b' });
    expect(lines.map((l) => l.slice(25))).toEqual([
      'INFO  job loop: connect ECONNREFUSED 127.0.0.1:5432',
      'ERROR the database cannot be reached requestId=req_a',
    ]);
    tick();
    expect(lines.slice(2).map((l) => l.slice(25))).toEqual([
      'INFO  job loop: connect ECONNREFUSED 127.0.0.1:5432 (39 more times in the last 10 s)',
      'ERROR the database cannot be reached (1 more time in the last 10 s)',
    ]);
    // still going on: counted in the next window
    s('job loop: connect ECONNREFUSED 127.0.0.1:5432');
    tick();
    expect(lines.slice(4).map((l) => l.slice(25))).toEqual([
      'INFO  job loop: connect ECONNREFUSED 127.0.0.1:5432 (1 more time in the last 10 s)',
    ]);
    // a window without it ends the holding: the next one is said again at once
    tick();
    tick();
    expect(lines).toHaveLength(5);
    s('job loop: connect ECONNREFUSED 127.0.0.1:5432');
    expect(lines).toHaveLength(6);
    // requests are never held back, however alike
    logger.request(probe('/api/v1/workspace'));
    logger.request(probe('/api/v1/workspace'));
    expect(lines).toHaveLength(8);
  });

  it('counts in a JSON field under json, and says what it still holds when flushed (a stop)', () => {
    const { sink: s, lines } = sink('json');
    for (let i = 0; i < 3; i++) s('job loop: timeout');
    s.flush();
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ message: 'job loop: timeout' }),
      expect.objectContaining({ message: 'job loop: timeout', repeated: 2, windowS: 10 }),
    ]);
  });
});

describe("a caller's request id and trace context", () => {
  it('keeps X-Request-Id of a bounded safe charset and a W3C traceparent, else neither', () => {
    expect(incomingRequestId('b7a2c1d0-4e5f-4a6b-8c9d-0e1f2a3b4c5d')).toBeDefined();
    expect(incomingRequestId('lb.trace:42_x')).toBe('lb.trace:42_x');
    for (const bad of ['', 'a b', 'x\ny', 'é', '<script>', 'a'.repeat(129), 'a/b'])
      expect(incomingRequestId(bad), bad).toBeUndefined();
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(incomingTraceparent(tp)).toBe(tp);
    expect(incomingTraceparent(`cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x`)).toBe(
      'cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-x',
    );
    for (const bad of [
      tp.toUpperCase(),
      `${tp}-extra`, // version 00 has no more fields
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      `${tp}\n`,
    ])
      expect(incomingTraceparent(bad), bad).toBeUndefined();
  });

  it('answers with them and logs them; replaces an id of a bad shape and drops a bad traceparent', async () => {
    const lines: string[] = [];
    const b = await testBackend({ log: (l) => lines.push(l), logFormat: 'json' });
    const tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const kept = await b.api.get('/campaigns/' + 'f'.repeat(24), {
      'x-request-id': 'edge-7f3a',
      traceparent: tp,
    });
    expect(kept.status).toBe(404);
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a');
    expect(kept.headers.get('traceparent')).toBe(tp);
    expect(kept.body.error.requestId).toBe('edge-7f3a');
    // a read the cache may answer carries them too
    const read = await b.api.get('/workspace', { 'x-request-id': 'edge-7f3b', traceparent: tp });
    expect(read.headers.get('x-request-id')).toBe('edge-7f3b');
    expect(read.headers.get('traceparent')).toBe(tp);

    const replaced = await b.api.get('/workspace', {
      'x-request-id': 'two words',
      traceparent: '00-zz-00f067aa0ba902b7-01',
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]+$/);
    expect(replaced.headers.get('traceparent')).toBeNull();

    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged[0]).toMatchObject({ requestId: 'edge-7f3a', traceparent: tp, status: 404 });
    expect(logged[1]).toMatchObject({ requestId: 'edge-7f3b', traceparent: tp, status: 200 });
    expect(logged[2]!.requestId).toBe(replaced.headers.get('x-request-id'));
    expect(logged[2]).not.toHaveProperty('traceparent');
  });
});
