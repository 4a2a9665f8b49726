import { Option, type Command } from 'commander';
import { SCOPES, SEEDS } from '../../generated/contract.ts';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';
import { applyServeEnv, parserOf, SERVE_SETTINGS } from '../../lib/serve-settings.ts';
import { LOG_LEVELS } from '../../../server/lib/log.ts';
import { registerServeAds } from '../ads/ads-tree.ts';
import type { ServeOptions } from './serve-command.ts';
import { withBackendStore } from './store-flags.ts';

/** A flag's parser, from the settings table: the flag and its variable read values alike. */
const parse = parserOf;

/** The flags and action of `adcli serve` (declared in serve.ts), `serve keys|migrate|ads`. */
export function registerServeTree(serve: Command, f: Factory): void {
  for (const add of [
    listenAndStoreOptions,
    workloadOptions,
    outputOptions,
    outsideOptions,
    operatorOptions,
  ])
    add(serve);
  serve.action(async (_o, cmd: Command) => {
    // Variables fill what the command line left to its defaults (serve-settings.ts).
    const cli = (key: string) => cmd.getOptionValueSource(key) === 'cli';
    const { options, fromEnv } = applyServeEnv(f.env, cmd.optsWithGlobals(), cli);
    await (
      await import('./serve-command.ts')
    ).serveCommand(f, options as unknown as ServeOptions, fromEnv);
  });
  // Each flag's help names its variable, from the one table.
  for (const option of serve.options) {
    const setting = SERVE_SETTINGS.find((s) => option.long === `--${s.flag}`);
    if (setting) option.description += ` [env ${setting.env}]`;
  }

  registerServeKeys(serve, f);
  registerServeMigrate(serve, f);
  registerServeAds(serve, f);
}

/** `adcli serve keys create|list|revoke`: the backend's API keys, on its data dir or database. */
function registerServeKeys(serve: Command, f: Factory): void {
  // `serve` and its subcommands share --data and --json, and commander lets a parent take its known
  // options wherever they appear: `serve keys create --data DIR --json` fills serve's options, not
  // create's. So the subcommands read their options merged with serve's (optsWithGlobals).
  const keys = examples(
    serve.command('keys').description('Manage API keys of the local backend (safe while it runs)'),
    'adcli serve keys list',
    'adcli serve keys create --workspace demo --scopes campaigns:read,campaigns:write --name ci',
  );
  const create = withBackendStore(
    keys
      .command('create')
      .description(
        'Create an API key (the workspace is created when missing); the key is shown once',
      )
      .requiredOption('--workspace <slug>', 'workspace of the key')
      .requiredOption(
        '--scopes <list>',
        `comma-separated scopes, e.g. campaigns:read,campaigns:write: {${SCOPES.join(', ')}}`,
      )
      .option('--customer-ids <list>', 'limit the key to these ad-platform accounts')
      .option(
        '--campaign-ids <list>',
        'limit the key to these campaigns (it cannot create campaigns)',
      )
      .option('--name <name>', 'a label for the key'),
  )
    .option('--json', 'print {id, key, ...} as JSON')
    .action(async (_opts, cmd: Command) =>
      (await import('./serve-keys.ts')).createKey(f, cmd.optsWithGlobals()),
    );
  examples(
    create,
    'adcli serve keys create --workspace demo --scopes campaigns:read,campaigns:write --name ci',
    '# a key limited to one ad-platform account',
    'adcli serve keys create --workspace demo --scopes ads:read --customer-ids 512-384-7260 --json',
  );
  const list = withBackendStore(
    keys.command('list').description('List API keys (never their text)'),
  )
    .option('--json', 'print JSON')
    .action(async (_opts, cmd: Command) =>
      (await import('./serve-keys.ts')).listKeys(f, cmd.optsWithGlobals()),
    );
  examples(list, 'adcli serve keys list', 'adcli serve keys list --json');
  const revoke = withBackendStore(
    keys
      .command('revoke')
      .description('Revoke an API key; it stops working on its next request')
      .argument('<id>', 'key id (from keys list)'),
  )
    .option('--json', 'print JSON')
    .action(async (id, _opts, cmd: Command) =>
      (await import('./serve-keys.ts')).revokeKey(f, id, cmd.optsWithGlobals()),
    );
  examples(revoke, 'adcli serve keys revoke 65f0c1d2e3a4b5c6d7e8f901');
}

/** `adcli serve migrate`: the store brought to this version's schema, alone. */
function registerServeMigrate(serve: Command, f: Factory): void {
  const migrate = withBackendStore(
    serve
      .command('migrate')
      .description(
        "Bring the store to this adcli's schema, saying each step, then exit: on Postgres, run it before rolling replicas to a new version",
      ),
  )
    .option('--json', 'print {store, from, to, applied} as JSON')
    .action(async (_opts, cmd: Command) =>
      (await import('./serve-migrate.ts')).migrate(f, cmd.optsWithGlobals()),
    );
  examples(
    migrate,
    'adcli serve migrate --database postgres://adcli@db.internal:5432/adcli',
    'adcli serve migrate --data ~/.local/share/adcli',
  );
}

/** Where it listens and where it keeps its store. */
function listenAndStoreOptions(serve: Command): Command {
  return serve
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--port <port>',
      'port to listen on, 0 picks a free one (default: 4010; with --exec a free one)',
      parse('port'),
    )
    .option(
      '--data <dir>',
      'data dir (default $ADCLI_DATA_DIR or ~/.local/share/adcli); with --database it keeps only the local key file',
    )
    .option(
      '--database <url>',
      'keep the store in Postgres, shared by replicas: postgres://USER@HOST:PORT/DB (default $ADCLI_DATABASE_URL; keep the password out of argv: put it there or in PGPASSWORD)',
    )
    .option(
      '--require-database',
      'refuse to start without a database URL (--database or ADCLI_DATABASE_URL) instead of using a SQLite store in the data dir: for replicas, where a missing URL is a mistake',
    )
    .option(
      '--pool-size <n>',
      "Postgres connections of the server's HTTP thread (default 10); each job worker holds 2 more",
      parse('pool-size'),
    )
    .option(
      '--memory',
      'a throw-away store: a private temporary file, deleted when the server stops',
    );
}

/** What it starts with and how its jobs and limits run. */
function workloadOptions(serve: Command): Command {
  return serve
    .addOption(
      new Option('--seed <name>', 'load demo content into a fresh workspace').choices(SEEDS),
    )
    .option(
      '--rate-limit <n>',
      'requests per key per minute (0 turns the limit off)',
      parse('rate-limit'),
      120,
    )
    .option(
      '--job-delay <ms>',
      'minimum duration of background jobs, to watch collecting/generating states',
      parse('job-delay'),
      1500,
    )
    .option(
      '--sync-interval <seconds>',
      'how often settings and targeting reach the ad platform',
      parse('sync-interval'),
      60,
    )
    .option(
      '--clock <time>',
      'start every new workspace with its clock frozen at TIME, e.g. 2026-12-01T09:00:00Z (see adcli backend clock)',
      parse('clock'),
    )
    .option(
      '--snapshot <file>',
      'start with the workspace a snapshot holds (adcli backend snapshot save), loaded into the workspace of its name',
    )
    .option(
      '--fixtures <file>',
      'apply a fixtures file (YAML or JSON, see adcli backend apply) to the workspace at start; applied again at each start, it changes only what differs',
    )
    .option(
      '--workers <n>',
      'threads running background jobs, 1 to 16 (default: one less than the cores, at most 4)',
      parse('workers'),
    );
}

/** What it prints, runs and logs. */
function outputOptions(serve: Command): Command {
  return serve
    .option(
      '--exec <command>',
      'run a shell command with ADCLI_BASE_URL and ADCLI_API_KEY set, then stop and exit with its exit code',
    )
    .option('--json', 'print one JSON line {baseUrl, apiKey, workspace} once listening')
    .option('--quiet', 'do not log requests to stderr')
    .option(
      '--log-requests',
      'log one line per request to stderr (the default, except with --exec)',
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'the request log: text lines, or one JSON object per line for log shippers',
      )
        .choices(['text', 'json'])
        .default('text'),
    )
    .addOption(
      new Option(
        '--log-level <level>',
        'the least level logged: debug adds the probes (/livez, /readyz, /metrics)',
      )
        .choices(LOG_LEVELS)
        .default('info'),
    );
}

/** The services beyond it: a proxied deployment, YouTube, the ad platform. */
function outsideOptions(serve: Command): Command {
  return serve
    .option(
      '--proxy <url>',
      'forward /api/v1 to a real deployment (its base URL, e.g. https://ads.example.com/api/v1) and check every exchange against the contract',
    )
    .option(
      '--public-url <url>',
      "where campaign links point (their url): e.g. https://ads.example.com (default: the server's own address)",
    )
    .option(
      '--youtube-api-key <key>',
      'a YouTube Data API v3 key: data stores collect channel and video ids the catalog does not know from YouTube (default $ADCLI_YOUTUBE_API_KEY; prefer it: a flag is visible to other users in ps)',
    )
    .option(
      '--youtube-base-url <url>',
      'where the YouTube Data API is (default: $ADCLI_YOUTUBE_BASE_URL, else https://www.googleapis.com/youtube/v3)',
    )
    .option(
      '--youtube-quota <units>',
      "YouTube Data API units the server may spend per UTC day, all data stores together (default: 10000, the API's default daily quota)",
      parse('youtube-quota'),
    )
    .option(
      '--youtube-workspace-quota <units>',
      "the most of those units one workspace may spend per UTC day, so one workspace of a shared backend cannot spend the others' (default: all of --youtube-quota)",
      parse('youtube-workspace-quota'),
    )
    .addOption(
      new Option(
        '--ads-platform <platform>',
        'where campaigns are published (always PAUSED): the simulated ad platform, or Google Ads with the credentials of the ADCLI_GOOGLE_ADS_* variables (docs/google-ads.md)',
      )
        .choices(['simulated', 'google-ads'])
        .default('simulated'),
    )
    .option(
      '--google-ads-base-url <url>',
      'where the Google Ads API is, with --ads-platform google-ads (default https://googleads.googleapis.com)',
    )
    .option(
      '--google-oauth-token-url <url>',
      "where Google's OAuth 2.0 token endpoint is, with --ads-platform google-ads (default https://oauth2.googleapis.com/token)",
    );
}

/** What an operator runs it with: metrics, and how it stops. */
function operatorOptions(serve: Command): Command {
  return serve
    .option(
      '--metrics-port <port>',
      'serve Prometheus metrics at GET /metrics on this port of their own (0 picks a free one); none unless given',
      parse('metrics-port'),
    )
    .option(
      '--metrics-host <host>',
      'address the metrics port listens on (default: 127.0.0.1, loopback only)',
    )
    .option(
      '--drain-delay <duration>',
      'on SIGTERM, how long the port keeps accepting while /readyz answers 503, so balancers take this server out first (default: 2s; 0 with --memory)',
      parse('drain-delay'),
    )
    .option(
      '--stop-grace <duration>',
      'the longest a stop takes, from the signal to the exit: requests under way are answered and running jobs finish within it, else are handed back (default: 8s)',
      parse('stop-grace'),
    );
}
