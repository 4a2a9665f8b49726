/** Bodies the proxy reads for its check up to a bound, and passes on whole either way. */

/**
 * The first `limit` bytes of a stream and more: the whole body when it holds at most `limit` bytes
 * (`rest` null), else a stream of all of it (what was read, then the rest) to pass on unread.
 */
export async function readUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array; rest: ReadableStream<Uint8Array> | null }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      const head = chunks.slice();
      const rest = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          const next = head.shift();
          if (next) return controller.enqueue(next);
          const r = await reader.read();
          if (r.done) controller.close();
          else controller.enqueue(r.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { bytes: new Uint8Array(0), rest };
    }
  }
  if (chunks.length === 1) return { bytes: chunks[0]!, rest: null };
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, rest: null };
}

/** UTF-8 text; bytes that are not UTF-8 become U+FFFD (and so fail the check as text). */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}
