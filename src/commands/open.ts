/**
 * `adcli campaigns open ID` (and `campaigns get ID --web`) and `adcli backend console`: open a page
 * in a browser, as `gh browse` does.
 *
 * - Against adcli serve, the page needs a session: the command asks the server for a one-time login
 *   link (the control create_login_link, with the profile's key) and opens that; the key itself never
 *   goes into a URL.
 * - Against another deployment, a campaign opens at its record's `url` (that application has its own
 *   sign-in); the console exists only in adcli serve (exit 3, as the other backend commands).
 * - On the local profile there is no web server: the command says how to get one (exit 3).
 * - A browser is opened only when stdout is a terminal, CI is unset and --no-browser is not given;
 *   BROWSER names the command to use (else xdg-open, open, or the Windows shell). Otherwise, or when
 *   no browser can be started, the URL is printed on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Command } from 'commander';
import { CONTROL_PREFIX } from '../generated/operations.ts';
import { ApiCallError, type ApiClient } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT } from '../lib/errors.ts';
import { escapeControl } from '../lib/escape.ts';
import type { Factory } from '../lib/factory.ts';
import { isLocal } from '../lib/target.ts';
import { operation, validateLocally } from '../lib/validate.ts';

interface OpenFlags {
  /** commander's --no-browser: false when given */
  browser?: boolean;
}

interface LoginLink {
  url: string;
  page: string;
  expiresAt: string;
}

const LOCAL = (what: string, command: string) =>
  `${what} is served by adcli serve, and the local profile runs the backend inside each adcli command, with no web server to open. ` +
  `Start one on the same data (adcli serve), point adcli at it (ADCLI_BASE_URL=http://127.0.0.1:4010/api/v1 and ADCLI_API_KEY=<the key it prints>, ` +
  `or adcli auth login --base-url http://127.0.0.1:4010/api/v1), then run ${command} again`;

/** `adcli campaigns open ID` and `adcli campaigns get ID --web`. */
export async function openCampaign(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<OpenFlags>(cmd);
  await validateLocally((await operation('get_campaign')).params!, { campaignId: id }, 'path');
  if (isLocal(f.target(o)))
    throw new CliError(LOCAL('The campaign page', `adcli campaigns open ${id}`), EXIT.refused);
  const client = await f.apiClient(o);
  // The campaign first: an unknown id or one outside the key's limits is said as for campaigns get.
  const campaign = await client.call<{ url: string }>('get_campaign', {
    params: { campaignId: id },
  });
  const link = await loginLink(client, { campaignId: id });
  if (link) await open(f, o, link.url, link.page, link.expiresAt);
  else await open(f, o, campaign.url, campaign.url, null);
}

/** `adcli backend console`. */
export async function openConsole(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<OpenFlags>(cmd);
  if (isLocal(f.target(o)))
    throw new CliError(LOCAL('The console', 'adcli backend console'), EXIT.refused);
  const client = await f.apiClient(o);
  const link = await loginLink(client, {});
  if (!link) {
    const t = client.target;
    throw new CliError(
      `${t.baseUrl} (profile ${t.profile}) is not adcli serve: the console exists only in adcli serve (it has no ${client.url('/login-links', undefined, CONTROL_PREFIX)}: 404)`,
      EXIT.refused,
    );
  }
  await open(f, o, link.url, link.page, link.expiresAt);
}

/** A one-time login link from adcli serve, or null from a deployment that has no such control (404). */
async function loginLink(
  client: ApiClient,
  body: { campaignId?: string },
): Promise<LoginLink | null> {
  try {
    return await client.request<LoginLink>('POST', '/login-links', {
      prefix: CONTROL_PREFIX,
      body,
    });
  } catch (e) {
    // The campaign was found a moment ago, so a 404 here is the route: not adcli serve.
    if (e instanceof ApiCallError && e.status === 404) return null;
    throw e;
  }
}

/**
 * Opens `url` in a browser, or prints it. `page` is what is said on stderr (the page's address, not
 * the one-time link).
 */
async function open(
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
