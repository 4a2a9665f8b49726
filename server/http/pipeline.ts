import type { Context, Env, Handler, MiddlewareHandler, Next } from 'hono';

/** What a stage gives back: a response now, or later (or, as Hono middleware, nothing: then c.res). */
export type Answer = Response | Promise<Response | void | undefined> | void;

/**
 * A stage of a route: Hono middleware that keeps the request synchronous where it can. It returns
 * what `next()` returns instead of awaiting it, and a promise only where it has something to wait
 * for. In a Hono app (a stage's own tests) `next()` gives a promise, and Hono awaits whatever a
 * middleware returns; in a pipeline `next()` gives the answer of the stages after it, a response at
 * once when none of them waited.
 */
export function stage<E extends Env>(
  fn: (c: Context<E>, next: () => Answer) => Answer,
): MiddlewareHandler<E> {
  return fn as unknown as MiddlewareHandler<E>;
}

/**
 * Hono middleware written as an async function, whose way of letting a request through is a tail
 * call, `return next()`, and nothing after it: in a pipeline, a request it lets through at once
 * goes on without the promise of its async function (the promise settles as the answer it was
 * given). Where it waits, or answers itself, its promise is the answer, as for any stage.
 */
export function passingAtOnce<E extends Env>(mw: MiddlewareHandler<E>): MiddlewareHandler<E> {
  return stage<E>((c, next) => {
    let passed = false;
    let answer = undefined as Answer;
    const settled = (mw as unknown as Run<E>)(c, () => {
      passed = true;
      return (answer = next());
    });
    if (!passed || answer instanceof Promise) return settled;
    // what the promise settles as is the answer already given back (and it never rejects: next's
    // errors are answered by the pipeline)
    if (settled instanceof Promise) settled.catch(() => {});
    return answer;
  });
}

type Run<E extends Env> = (c: Context<E>, next: () => Answer) => Answer;
type ErrorHandler<E extends Env> = (err: Error, c: Context<E>) => Response | Promise<Response>;

/**
 * The stages of one route and its handler as a single Hono handler. Hono composes a route's
 * middleware with an async function and a promise per stage, per request; here a request that
 * waits for nothing (a read answered from the cache) is answered without a promise, and Hono's
 * own fast path for a route of one handler applies. What Hono's composition guarantees is kept:
 * an error thrown by a stage or the handler becomes the error handler's answer at that stage
 * (`c.error` set), so the stages before it see an answer as usual, and `c.res` holds the answer
 * from the moment it exists.
 */
export function pipeline<E extends Env>(
  stages: readonly MiddlewareHandler<E>[],
  handler: (c: Context<E>, next: Next) => unknown,
  onError: ErrorHandler<E>,
): Handler<E> {
  const run = runner(stages as unknown as Run<E>[], handler, onError);
  return (c) => run(c) as Response | Promise<Response>;
}

/**
 * Stages in front of whatever a Hono app routes the request to next (its own middleware and
 * handlers): for what the app mounts, and for requests no route answers.
 */
export function inFront<E extends Env>(
  stages: readonly MiddlewareHandler<E>[],
  onError: ErrorHandler<E>,
): MiddlewareHandler<E> {
  const run = runner(stages as unknown as Run<E>[], null, onError);
  return (c, next) => run(c, next) as Promise<Response | void>;
}

function runner<E extends Env>(
  stages: readonly Run<E>[],
  handler: ((c: Context<E>, next: Next) => unknown) | null,
  onError: ErrorHandler<E>,
): (c: Context<E>, last?: () => Answer) => Answer {
  const n = stages.length;
  const run = (c: Context<E>, i: number, last: (() => Answer) | undefined): Answer => {
    let out: Answer;
    try {
      out =
        i < n
          ? stages[i]!(c, () => run(c, i + 1, last))
          : handler
            ? (handler(c, nothingNext) as Answer)
            : last!();
    } catch (err) {
      return failed(c, err, onError);
    }
    if (out instanceof Promise)
      return out.then(
        (r) => answered(c, r),
        (err: unknown) => failed(c, err, onError),
      );
    return answered(c, out);
  };
  return (c, last) => run(c, 0, last);
}

/** The route's handler answers: nothing comes after it. */
const nothingNext: Next = () => Promise.resolve();

/**
 * A stage's answer: kept as c.res where none is yet (as Hono's composition keeps it); what an
 * outer stage gives back once there is one does not replace it.
 */
function answered<E extends Env>(
  c: Context<E>,
  r: Response | void | undefined,
): Response | undefined {
  if (c.finalized) return c.res;
  if (r instanceof Response) {
    c.res = r;
    return r;
  }
  return undefined;
}

/** An error of a stage, answered by the error handler there (Hono's composition does the same). */
function failed<E extends Env>(c: Context<E>, err: unknown, onError: ErrorHandler<E>): Answer {
  if (!(err instanceof Error)) throw err;
  c.error = err;
  const res = onError(err, c);
  if (res instanceof Promise)
    return res.then((r) => {
      c.res = r;
      return r;
    });
  c.res = res;
  return res;
}
