import { BOUNDS } from '../generated/contract.ts';
import type { ApiClient } from './client.ts';
import type { IOStreams } from './iostreams.ts';
import { hint, printJson, progress, say } from './output.ts';

export interface ListFlags {
  limit?: number;
  all?: boolean;
  name?: string;
  json?: boolean;
}

export interface ListOptions<T> {
  /** draws the items (a table); it may first look something up */
  render: (items: T[]) => void | Promise<void>;
  /** said on a terminal when there are none: "No campaigns match." */
  empty: string;
}

/**
 * One page, or with --all every page (progress on stderr). --json prints the items as one array;
 * otherwise `render` draws them, and no items at all are said in words on a terminal (nothing piped).
 * A list that stopped before the end says so on stderr, never on stdout, so a script learns it too.
 */
export async function runList<T>(
  io: IOStreams,
  client: ApiClient,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  flags: ListFlags,
  opts: ListOptions<T>,
): Promise<void> {
  const items: T[] = [];
  let more = false;
  if (flags.all) {
    for await (const page of client.pages<T>(path, {
      ...query,
      limit: flags.limit ?? BOUNDS.listLimit.max,
    })) {
      items.push(...page);
      progress(io, `fetched ${items.length}…`);
    }
    progress(io);
  } else {
    const page = await client.request<{ data: T[]; nextCursor: string | null }>('GET', path, {
      query: { ...query, limit: flags.limit },
    });
    items.push(...page.data);
    more = page.nextCursor !== null;
  }
  if (flags.json) printJson(io, items);
  else if (items.length === 0) {
    if (io.isStdoutTTY()) say(io, opts.empty);
  } else await opts.render(items);
  if (more)
    hint(
      io,
      `Showing the first ${items.length}; more match: --all lists every one (--limit sets the page size, up to 100).`,
    );
}
