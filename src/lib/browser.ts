/**
 * Opening a page in a browser, as `gh browse` does. A browser is opened only when stdout is a
 * terminal, CI is unset and --no-browser is not given; BROWSER names the command to use (else
 * xdg-open, open, or the Windows shell). Otherwise, or when no browser can be started, the URL is
 * printed on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { escapeControl } from './escape.ts';
import type { Factory } from './factory.ts';

export interface OpenFlags {
  /** commander's --no-browser: false when given */
  browser?: boolean;
}

/**
 * Opens `url` in a browser, or prints it. `page` is what is said on stderr (the page's address, not
 * the one-time link).
 */
export async function openInBrowser(
  f: Factory,
  o: OpenFlags,
  url: string,
  page: string,
  expiresAt: string | null,
): Promise<void> {
  const io = f.io;
  const once = expiresAt ? ` It works once, until ${expiresAt}.` : '';
  const print = (why?: string) => {
    if (why && io.isStderrTTY()) io.stderr.write(`${why}; open this link in a browser.${once}\n`);
    io.stdout.write(escapeControl(url) + '\n');
  };
  if (o.browser === false || !io.isStdoutTTY() || f.env.CI) return print();
  const command = browserCommand(f.env, url);
  if (!command) return print('No browser to open here (no BROWSER, no display)');
  const started = await launch(command, f.env);
  if (started !== true) return print(`Could not start a browser (${command[0]}: ${started})`);
  io.stderr.write(`Opening ${escapeControl(page)} in your browser.\n`);
}

/** The command that opens a URL: $BROWSER (a command and its arguments), else the platform's opener. */
export function browserCommand(
  env: Readonly<Record<string, string | undefined>>,
  url: string,
  platform: string = process.platform,
): string[] | null {
  const browser = env.BROWSER?.trim();
  if (browser) return [...browser.split(/\s+/), url];
  if (platform === 'darwin') return ['open', url];
  if (platform === 'win32') return ['rundll32', 'url.dll,FileProtocolHandler', url];
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return ['xdg-open', url];
}

/**
 * Starts the browser command without waiting for the browser: true once it has started and (for
 * a launcher that hands the URL over and ends, as xdg-open does) ended well; else why not.
 */
function launch(
  command: string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<true | string> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(command[0]!, command.slice(1), {
        env: { ...env } as NodeJS.ProcessEnv,
        stdio: 'ignore',
        detached: true,
      });
    } catch (e) {
      resolve((e as Error).message);
      return;
    }
    child.once('error', (e: NodeJS.ErrnoException) =>
      resolve(e.code === 'ENOENT' ? 'not found' : e.message),
    );
    child.once('spawn', () => {
      // A browser started by BROWSER may run on: not waited for. A launcher reports how it went.
      if (env.BROWSER?.trim()) {
        child.unref();
        resolve(true);
      }
    });
    child.once('exit', (code, signal) =>
      resolve(code === 0 ? true : signal ? `ended by ${signal}` : `exit code ${code}`),
    );
  });
}
