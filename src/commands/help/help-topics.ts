import { EXIT } from '../../lib/errors.ts';
import { SERVE_SETTINGS } from '../../lib/serve-settings.ts';

/** `adcli help exit-codes`; every value of EXIT has a line. */
export const EXIT_CODES: { code: number; name: keyof typeof EXIT; meaning: string }[] = [
  { code: EXIT.ok, name: 'ok', meaning: 'ok' },
  {
    code: EXIT.unexpected,
    name: 'unexpected',
    meaning: 'unexpected error (a bug, or a failure adcli does not know)',
  },
  {
    code: EXIT.usage,
    name: 'usage',
    meaning:
      'usage: a bad or missing flag or argument, a prompt needed but no terminal to ask on, a delete without --yes, serve on a port in use',
  },
  {
    code: EXIT.refused,
    name: 'refused',
    meaning: 'the API refused the request: 400 invalid, 404 not found, 409 conflict',
  },
  {
    code: EXIT.auth,
    name: 'auth',
    meaning: 'authentication: no key, a bad key (401), or a key without the scope or access (403)',
  },
  {
    code: EXIT.unavailable,
    name: 'unavailable',
    meaning: 'the API is unavailable: a network error, a 5xx, or a 429 still after the retries',
  },
  {
    code: EXIT.config,
    name: 'config',
    meaning:
      'configuration: a setting the server was told it needs is missing (serve --require-database without a database URL), or a page to open on the local profile, which serves none (campaigns open, backend console)',
  },
  {
    code: EXIT.waitTimeout,
    name: 'waitTimeout',
    meaning: '--wait timed out (the job goes on; wait again to resume)',
  },
  { code: EXIT.jobFailed, name: 'jobFailed', meaning: 'the job ended in error' },
  { code: EXIT.interrupted, name: 'interrupted', meaning: 'interrupted (Ctrl-C)' },
];

/**
 * `adcli help environment`: every variable adcli reads (test/help.test.ts finds each one read in
 * src/ and server/ here), as gh's `help environment`. Names read in either case are listed together.
 */
export const ENVIRONMENT: { names: string[]; meaning: string }[] = [
  {
    names: ['ADCLI_API_KEY'],
    meaning:
      "an API key to use instead of the profile's (it needs a base URL: ADCLI_BASE_URL, --base-url or the profile's). Never pass a key as an argument.",
  },
  {
    names: ['ADCLI_BASE_URL'],
    meaning:
      "the API's base URL, e.g. https://api.example.com/api/v1, instead of the profile's; --base-url wins over it.",
  },
  {
    names: ['ADCLI_PROFILE'],
    meaning:
      'the profile to use when --profile is not given (default: the current one, see adcli profiles). Precedence: flags, then ADCLI_API_KEY and ADCLI_BASE_URL, then --profile or ADCLI_PROFILE, then the current profile.',
  },
  {
    names: ['ADCLI_CONFIG_DIR'],
    meaning: 'where profiles are saved (default $XDG_CONFIG_HOME/adcli, else ~/.config/adcli).',
  },
  {
    names: ['ADCLI_DATA_DIR'],
    meaning:
      'the data dir of the local backend and of adcli serve, unless --data is given (default $XDG_DATA_HOME/adcli, else ~/.local/share/adcli).',
  },
  {
    names: ['ADCLI_DATABASE_URL'],
    meaning:
      'a Postgres URL for adcli serve and its keys and ads commands to keep the store in, shared by replicas, unless --database is given (the password may be left to PGPASSWORD).',
  },
  {
    names: ['ADCLI_YOUTUBE_API_KEY'],
    meaning:
      "a YouTube Data API v3 key for adcli serve: data stores collect the channels and videos the catalog does not know from YouTube, within --youtube-quota units a day. Better here than --youtube-api-key, which other users see in ps; never passed on to --exec's command. The built-in local profile collects with it too.",
  },
  {
    names: ['ADCLI_YOUTUBE_BASE_URL'],
    meaning:
      'where the YouTube Data API is, for adcli serve (unless --youtube-base-url is given) and the local profile: default https://www.googleapis.com/youtube/v3.',
  },
  {
    names: [
      'ADCLI_GOOGLE_ADS_DEVELOPER_TOKEN',
      'ADCLI_GOOGLE_ADS_CLIENT_ID',
      'ADCLI_GOOGLE_ADS_CLIENT_SECRET',
      'ADCLI_GOOGLE_ADS_REFRESH_TOKEN',
    ],
    meaning:
      "the Google Ads credentials of adcli serve --ads-platform google-ads: the manager account's developer token, an OAuth 2.0 client's id and secret, and a refresh token of a Google account with access to the ad accounts. From the environment only (never a flag, a log line, a snapshot or an export); never passed on to --exec's command. docs/google-ads.md says how to get each.",
  },
  {
    names: ['ADCLI_GOOGLE_ADS_LOGIN_CUSTOMER_ID'],
    meaning:
      'the manager account (10 digits) that adcli serve --ads-platform google-ads reaches client accounts through: the login-customer-id header. Unset: the accounts the refresh token reaches directly.',
  },
  {
    names: ['ADCLI_MCP_READ_ONLY'],
    meaning:
      'adcli mcp --read-only, when the flag is not given (1, true, yes or on; 0, false, no or off): only the tools that read are served.',
  },
  {
    names: ['ADCLI_MCP_TOOLSETS'],
    meaning:
      'adcli mcp --toolsets, when the flag is not given: the toolsets to serve, comma-separated (all for every one).',
  },
  // adcli serve's flags as variables (src/lib/serve-settings.ts); an ADCLI_ variable adcli does not
  // know is named in a warning at its start, with the nearest known name
  ...SERVE_SETTINGS.filter((s) => s.parse !== 'own').map((s) => ({
    names: [s.env],
    meaning: `adcli serve --${s.flag}, when the flag is not given${s.parse === 'bool' ? ' (1, true, yes or on; 0, false, no or off)' : ''}.`,
  })),
  {
    names: ['ADCLI_DEBUG'],
    meaning:
      'set to any value to print the stack trace of an unexpected error (exit 1). --debug shows the HTTP exchanges.',
  },
  {
    names: ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'],
    meaning:
      'a proxy for requests to https:// and http:// APIs (the lower-case name wins when both are set).',
  },
  {
    names: ['NO_PROXY', 'no_proxy'],
    meaning:
      'hosts to reach without the proxy, comma-separated (e.g. localhost,.internal.example).',
  },
  { names: ['NO_COLOR'], meaning: 'set to any value to print no colour, even on a terminal.' },
  {
    names: ['FORCE_COLOR', 'CLICOLOR_FORCE'],
    meaning: 'set to print colour even when piped (FORCE_COLOR=0 or false turns colour off).',
  },
  { names: ['TERM'], meaning: 'dumb turns colour and the default pager off.' },
  {
    names: ['ADCLI_PAGER', 'PAGER'],
    meaning:
      'the pager for what people read on a terminal (lists, records, targeting), ADCLI_PAGER first; set but empty, or cat, for none. Default: less -FRX when less is on the PATH. Never when piped or with --json.',
  },
  {
    names: ['LESS', 'LV'],
    meaning: "the pager's own options; when unset, adcli sets LESS=FRX and LV=-c for it.",
  },
  { names: ['PATH'], meaning: 'where the pager is looked for.' },
  {
    names: ['BROWSER'],
    meaning:
      'the command that opens a page (adcli campaigns open, adcli backend console), with its arguments; else xdg-open, open or the Windows shell.',
  },
  {
    names: ['DISPLAY', 'WAYLAND_DISPLAY'],
    meaning: 'on Linux without either, no browser is opened: the link is printed instead.',
  },
  {
    names: ['COLUMNS'],
    meaning: "the width to lay out tables and help in, instead of the terminal's.",
  },
  {
    names: ['CI'],
    meaning:
      'set to any value to never prompt: a missing value is a usage error naming its flag (exit 2), as without a terminal.',
  },
  {
    names: ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'HOME'],
    meaning: 'where the default config and data dirs are (see ADCLI_CONFIG_DIR, ADCLI_DATA_DIR).',
  },
];

/** The text of `adcli help environment`, indented and wrapped to `width`. */
export function environmentHelp(width: number): string {
  const wrap = (text: string, indent: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && indent.length + line.length + 1 + word.length > width) {
        lines.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(indent + line);
    return lines.join('\n');
  };
  return [
    'Environment variables adcli reads:',
    '',
    // names that do not fit on a line together break after a comma, never inside a name
    ...ENVIRONMENT.flatMap((e) => [wrap(e.names.join(', '), ''), wrap(e.meaning, '  '), '']),
    wrap(
      'adcli serve --exec runs its command with ADCLI_BASE_URL and ADCLI_API_KEY set to the server it started.',
      '',
    ),
    '',
  ].join('\n');
}
