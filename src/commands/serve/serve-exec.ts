/** `adcli serve --exec`: the command run against the server, in its own process group, with the server in its environment. */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { GOOGLE_ADS_ENV } from '../../../server/app/google-ads.ts';
import { SERVE_SETTINGS } from '../../lib/serve-settings.ts';

/** Signals reach a command through its process group (POSIX): the shell alone would leave its children running. */
export const GROUP = process.platform !== 'win32';

/**
 * Starts the command with the server's URL and key (none through a proxy: the caller brings the
 * deployment's); `ended` gets its exit code, 128 + the signal's number when a signal stopped it
 * (as a shell reports it), 127 when it could not run.
 */
export function startCommand(
  exec: string,
  env: NodeJS.ProcessEnv,
  server: { baseUrl: string; apiKey: string | null | undefined },
  ended: (exitCode: number, error?: Error) => void,
): ChildProcess {
  const child = spawn(exec, {
    shell: true,
    stdio: 'inherit',
    detached: GROUP,
    env: commandEnv(env, server.baseUrl, server.apiKey),
  });
  child.once('error', (err) => ended(127, err));
  child.once('exit', (code, signal) =>
    ended(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0)),
  );
  return child;
}

/** Sends a signal to the command's whole group (or the command alone where there are no groups). */
export function forward(c: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (GROUP && c.pid !== undefined) process.kill(-c.pid, signal);
    else c.kill(signal);
  } catch {
    // the group is gone already
  }
}

/**
 * The environment of --exec's command: the server's URL and key; not the database's URL, which
 * holds the server's password, nor the YouTube key or the Google Ads credentials (the command talks to
 * the API, and those are the server's alone).
 */
function commandEnv(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  /** undefined: the environment's own key stays (a proxy's caller brings the deployment's key) */
  apiKey: string | null | undefined,
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, ADCLI_BASE_URL: baseUrl };
  delete out.ADCLI_DATABASE_URL;
  delete out.ADCLI_YOUTUBE_API_KEY;
  for (const name of Object.values(GOOGLE_ADS_ENV)) delete out[name];
  // the server's own settings are not the command's: an adcli serve it starts begins from its defaults
  for (const s of SERVE_SETTINGS) if (s.parse !== 'own') delete out[s.env];
  if (apiKey === undefined) return out;
  if (apiKey !== null) out.ADCLI_API_KEY = apiKey;
  else delete out.ADCLI_API_KEY;
  return out;
}
