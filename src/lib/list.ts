import { BOUNDS } from '../generated/contract.ts';
import type { ApiClient } from './client.ts';
import type { IOStreams } from './iostreams.ts';
import { ce, notice, printJson } from './output.ts';

export interface ListFlags {
  limit?: number;
  all?: boolean;
  name?: string;
  json?: boolean;
}

/**
 * One page, or with --all every page (progress on stderr). --json prints the items as one array;
 * otherwise `render` draws them.
 */
export async function runList<T>(
  io: IOStreams,
  client: ApiClient,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  flags: ListFlags,
  render: (items: T[]) => void,
): Promise<void> {
  const items: T[] = [];
  let more = false;
  if (flags.all) {
    for await (const page of client.pages<T>(path, { ...query, limit: flags.limit ?? BOUNDS.listLimit.max })) {
      items.push(...page);
      if (io.isStderrTTY()) io.stderr.write(`\r${ce(io).gray(`fetched ${items.length}…`)}`);
    }
    if (io.isStderrTTY()) io.stderr.write('\r\x1b[K');
  } else {
    const page = await client.request<{ data: T[]; nextCursor: string | null }>('GET', path, { query: { ...query, limit: flags.limit } });
    items.push(...page.data);
    more = page.nextCursor !== null;
  }
  if (flags.json) printJson(io, items);
  else render(items);
  if (more && !flags.json) notice(io, `Showing the first ${items.length}; --all lists every one.`);
}
