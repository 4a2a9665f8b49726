/** A value made when first needed, then kept: a delete refused for want of --yes opens no client. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
