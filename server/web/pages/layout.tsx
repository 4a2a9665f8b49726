/** The frame of every page: head, the workspace's name and time, sign-out, the flash, the footer. */
import type { Child, FC, PropsWithChildren } from 'hono/jsx';
import { formatDuration } from '../../lib/duration.ts';
import { PACKAGE_VERSION } from '../../lib/version.ts';
import type { Header } from '../data.ts';
import { when } from './format.ts';

export interface PageContext {
  /** the way back to /app/ from this page: '' or '../' */
  root: string;
  /** the session's token for forms */
  csrf: string;
  /** what the last form did, shown once */
  flash: string | null;
}

export const Layout: FC<
  PropsWithChildren<{
    title: string;
    root: string;
    header?: Header | null;
    ctx?: PageContext | null;
  }>
> = (p) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="same-origin" />
      <link rel="icon" href="data:," />
      <title>{`${p.title} · adcli serve`}</title>
      <link rel="stylesheet" href={`${p.root}style.css`} />
    </head>
    <body>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <div class="wrap bar">
          <a class="brand" href={p.root || './'}>
            adcli serve
          </a>
          {p.header ? (
            <span class="meta">
              workspace <strong>{p.header.workspace}</strong>
            </span>
          ) : null}
          {p.header?.clock ? (
            <span class="meta">
              time <strong>{when(p.header.clock.now)}</strong>
              {p.header.clock.frozen
                ? ' (frozen)'
                : p.header.clock.offsetMs >= 1000
                  ? ` (${formatDuration(p.header.clock.offsetMs)} ahead)`
                  : ''}
            </span>
          ) : null}
          {p.ctx ? (
            <form method="post" action={`${p.root}logout`}>
              <input type="hidden" name="csrf" value={p.ctx.csrf} />
              <button type="submit" class="link">
                Sign out
              </button>
            </form>
          ) : null}
        </div>
      </header>
      <main id="main" class="wrap" tabindex={-1}>
        {p.ctx?.flash ? (
          <p class="flash" role="status">
            {p.ctx.flash}
          </p>
        ) : null}
        {p.children}
      </main>
      <footer class="wrap foot">
        adcli {PACKAGE_VERSION} · the local backend's own pages, read through the same operations as
        the API
      </footer>
    </body>
  </html>
);

export const doc = (node: Child): string => '<!doctype html>' + String(node);
