/**
 * The pipeline on its own: a route's stages and handler as one Hono handler, with what Hono's own
 * composition guarantees (order, an error answered at the stage that threw it, c.res, c.error), and
 * a request that waits for nothing answered without a promise.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.ts';
import { inFront, passingAtOnce, pipeline, stage } from './pipeline.ts';

type Env = { Variables: { seen: string[] } };

const onError = (err: Error, c: { json: (b: unknown, s: number) => Response }) =>
  c.json({ error: err.message }, err instanceof ApiError ? err.status : 500);

/** A stage that notes its name on the way in, and the answer's status on the way out. */
function noting(name: string, seen: string[]): MiddlewareHandler<Env> {
  return stage<Env>((c, next) => {
    seen.push(`${name} in`);
    const answer = next();
    const out = () => seen.push(`${name} out ${c.res.status}`);
    if (answer instanceof Promise)
      return answer.then((r) => {
        out();
        return r instanceof Response ? r : undefined;
      });
    out();
    return answer;
  });
}

describe('pipeline', () => {
  it('runs the stages in order around the handler, and answers without a promise when none waits', () => {
    const seen: string[] = [];
    const app = new Hono<Env>();
    app.get(
      '/a',
      pipeline<Env>([noting('one', seen), noting('two', seen)], (c) => c.text('hi'), onError),
    );
    const res = app.fetch(new Request('http://localhost/a'));
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(200);
    expect(seen).toEqual(['one in', 'two in', 'two out 200', 'one out 200']);
  });

  it('waits where a stage waits, and the stages before it see the answer', async () => {
    const seen: string[] = [];
    const app = new Hono<Env>();
    const waiting: MiddlewareHandler<Env> = async (_c, next) => {
      // a timer on purpose: a stage that really waits, for a turn of the event loop
      await new Promise((r) => setTimeout(r, 5));
      await next();
    };
    app.get(
      '/a',
      pipeline<Env>(
        [noting('one', seen), waiting, noting('two', seen)],
        async (c) => c.text('later', 201),
        onError,
      ),
    );
    const res = await app.request('/a');
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('later');
    expect(seen).toEqual(['one in', 'two in', 'two out 201', 'one out 201']);
  });

  it('answers an error with the error handler at the stage that threw it (c.error set), sync or not', async () => {
    for (const thrower of [
      stage<Env>(() => {
        throw new ApiError(403, 'forbidden', 'no');
      }),
      stage<Env>(() => Promise.reject(new ApiError(403, 'forbidden', 'no'))),
    ]) {
      const seen: string[] = [];
      const app = new Hono<Env>();
      let error: unknown;
      app.get(
        '/a',
        pipeline<Env>(
          [
            noting('one', seen),
            stage<Env>((c, next) => {
              const answer = next();
              const after = () => (error = c.error);
              if (answer instanceof Promise) return answer.then((r) => (after(), r));
              after();
              return answer;
            }),
            thrower,
          ],
          () => {
            throw new Error('the handler never runs');
          },
          onError,
        ),
      );
      const res = await app.request('/a');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'no' });
      expect(seen).toEqual(['one in', 'one out 403']);
      expect(error).toBeInstanceOf(ApiError);
    }
  });

  it("keeps the first answer as c.res: an outer stage's other response does not replace it", async () => {
    const app = new Hono<Env>();
    app.get(
      '/a',
      pipeline<Env>(
        [stage<Env>((c, next) => (next(), c.text('ignored', 500)))],
        (c) => c.text('kept'),
        onError,
      ),
    );
    const res = await app.request('/a');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('kept');
  });
});

describe('stages around what Hono routes', () => {
  it('lets an async middleware that passes at once through without its promise (passingAtOnce)', async () => {
    const app = new Hono<Env>();
    const passes: MiddlewareHandler<Env> = async (_c, next) => next();
    const answers: MiddlewareHandler<Env> = async (c) => c.text('answered', 202);
    const waits: MiddlewareHandler<Env> = async (_c, next) => {
      // a timer on purpose: a middleware that really waits before passing on
      await new Promise((r) => setTimeout(r, 5));
      return next();
    };
    app.get(
      '/passes',
      pipeline<Env>([passingAtOnce(passes)], (c) => c.text('hi'), onError),
    );
    app.get(
      '/answers',
      pipeline<Env>([passingAtOnce(answers)], (c) => c.text('hi'), onError),
    );
    app.get(
      '/waits',
      pipeline<Env>([passingAtOnce(waits)], (c) => c.text('hi'), onError),
    );
    const passed = app.fetch(new Request('http://localhost/passes'));
    expect(passed).toBeInstanceOf(Response);
    expect(await (passed as Response).text()).toBe('hi');
    const answered = await app.request('/answers');
    expect([answered.status, await answered.text()]).toEqual([202, 'answered']);
    const waited = app.fetch(new Request('http://localhost/waits'));
    expect(waited).toBeInstanceOf(Promise);
    expect(await (await waited).text()).toBe('hi');
  });

  it('puts stages in front of what a Hono app routes (inFront), errors there answered there', async () => {
    const seen: string[] = [];
    const app = new Hono<Env>();
    app.onError(onError);
    app.use('/sub/*', inFront<Env>([noting('front', seen)], onError));
    app.get('/sub/ok', (c) => c.text('ok'));
    app.get('/sub/fails', () => {
      throw new ApiError(409, 'conflict', 'taken');
    });
    expect((await app.request('/sub/ok')).status).toBe(200);
    const failed = await app.request('/sub/fails');
    expect(failed.status).toBe(409);
    expect(seen).toEqual(['front in', 'front out 200', 'front in', 'front out 409']);
  });
});
