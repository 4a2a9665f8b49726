import type { Handler } from 'hono';
import { fingerprintOf } from '../operations/fingerprint.ts';
import { invoke, textOf, type IdempotencyRequest } from '../operations/invoke.ts';
import type { Operation, OperationContext, UploadedFile } from '../operations/operation.ts';
import type { IdempotencyRecords } from '../store/idempotency.ts';
import { readJson } from './json-body.ts';
import { strictQuery } from './query.ts';
import type { RequestEnv } from './request-log.ts';
import { receiveFile } from './upload.ts';

/**
 * The route of one operation: the request's path parameters, its query (read strictly) and its body
 * (JSON, or a file streamed to disk) into invoke, and the answer out, as JSON (or a file). The
 * middleware before it has authenticated the key and done what only HTTP does.
 */
export function operationRoute(
  ctx: OperationContext,
  op: Operation,
  opts: { records: IdempotencyRecords; maxBodyBytes: number },
): Handler<RequestEnv> {
  const status = op.successStatus ?? 200;
  return async (c) => {
    const query = strictQuery(c.req.url);
    const key = c.get('idempotencyKey');
    // the fingerprint without a body, completed once the body is read
    const idempotency: IdempotencyRequest | undefined =
      key === undefined
        ? undefined
        : {
            key,
            fingerprint: fingerprintOf(op.method, c.req.path, query, null),
            records: opts.records,
          };
    let upload: UploadedFile | undefined;
    const readBody = async () => {
      if (op.binary?.in === 'body')
        return (upload = await receiveFile(c, op.binary.maxBytes ?? opts.maxBodyBytes));
      const body = await readJson(c, op.bodyRequired ?? false);
      if (idempotency) idempotency.fingerprint = fingerprintOf(op.method, c.req.path, query, body);
      return body;
    };
    let result;
    try {
      result = await invoke(
        ctx,
        op,
        c.get('actor')!,
        { params: c.req.param(), query, readBody },
        idempotency,
      );
    } finally {
      upload?.dispose();
    }
    if (op.binary?.in === 'response' && !result.replayed) {
      return c.body(result.value as ReadableStream<Uint8Array>, 200, {
        'content-type': op.binary.mediaType,
        'content-disposition': 'attachment; filename="adcli-snapshot.db"',
      });
    }
    const text = textOf(result);
    c.get('remember')?.(text);
    if (result.replayed) {
      const note = c.get('journal');
      if (note) note.replayed = true;
      return c.body(text, result.status as 200, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
    }
    return c.body(text, status as 200, { 'content-type': 'application/json' });
  };
}
