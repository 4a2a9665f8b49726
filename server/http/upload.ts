import type { Context } from 'hono';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../lib/errors.ts';
import type { UploadedFile } from '../operations/operation.ts';
import { CLOSE, formatBytes } from './body-limit.ts';

/**
 * A file body (a snapshot upload), streamed to a private temporary file as it arrives: memory holds
 * one chunk at a time whatever the file's size, and a body over `maxBytes` is refused with 413 as
 * soon as it passes the bound. The caller disposes of the file.
 */
export async function receiveFile(c: Context, maxBytes: number): Promise<UploadedFile> {
  const tooBig = () =>
    new ApiError(
      413,
      'payload_too_large',
      `the file is larger than ${formatBytes(maxBytes)}`,
      CLOSE,
    );
  if (Number(c.req.header('content-length') ?? NaN) > maxBytes) throw tooBig();
  const body = c.req.raw.body;
  if (!body) throw empty();
  const dir = mkdtempSync(join(tmpdir(), 'adcli-upload-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  const path = join(dir, 'upload');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > maxBytes ? tooBig() : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as import('node:stream/web').ReadableStream),
      count,
      createWriteStream(path, { mode: 0o600 }),
    );
  } catch (e) {
    dispose();
    throw e;
  }
  if (size === 0) {
    dispose();
    throw empty();
  }
  return { path, size, dispose };
}

const empty = () =>
  new ApiError(400, 'invalid_request', 'the body must be the file (an SQLite snapshot), not empty');
