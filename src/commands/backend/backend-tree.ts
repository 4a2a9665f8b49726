import { InvalidArgumentError, Option, type Command } from 'commander';
import { BOUNDS, FAULT_METHODS, SEEDS } from '../../generated/contract.ts';
import { DURATION_GRAMMAR, durationIn, durationRange, intIn, range } from '../../lib/args.ts';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';
import { registerBackendAds } from '../ads/ads-tree.ts';

const clockCommands = () => import('./backend-clock.ts');
const snapshotCommands = () => import('./backend-snapshot.ts');
const faultsCommands = () => import('./backend-faults.ts');

/** A fault's method: any case, one of FAULT_METHODS. */
function methodArg(value: string): string {
  const m = value.toUpperCase();
  if (!(FAULT_METHODS as readonly string[]).includes(m))
    throw new InvalidArgumentError(`must be one of ${FAULT_METHODS.join(', ')}`);
  return m;
}

/** A probability within its bound: greater than 0, at most 1. */
function probabilityArg(value: string): number {
  const { min, max } = BOUNDS.faultProbability;
  const p = Number(value);
  if (value.trim() === '' || !Number.isFinite(p) || p <= min || p > max)
    throw new InvalidArgumentError(`must be a number ${range(BOUNDS.faultProbability)}, e.g. 0.25`);
  return p;
}

/** The subcommands of `adcli backend …`, under the group backend.ts declares. */
export function registerBackendTree(b: Command, f: Factory): void {
  registerClock(b, f);
  registerReset(b, f);
  registerSnapshot(b, f);
  registerFaults(b, f);
  registerRequests(b, f);
  registerFixtures(b, f);
  registerBackendAds(b, f);
  registerConsole(b, f);
}

/** `adcli backend clock …`: the workspace's clock */
function registerClock(b: Command, f: Factory): void {
  const clock = examples(
    b
      .command('clock')
      .description(
        "Show, move, freeze or resume the workspace's clock (everything time-based follows it)",
      ),
    'adcli backend clock',
    'adcli backend clock advance 25h',
  );
  examples(
    clock
      .command('show', { isDefault: true })
      .description(
        "Show the workspace's time, whether it is frozen, and how far ahead of real time it runs (the default)",
      )
      .action(async (_o, cmd) => (await clockCommands()).clockShow(f, cmd)),
    'adcli backend clock',
    'adcli backend clock show --json',
  );
  examples(
    clock
      .command('advance')
      .description(
        'Move the clock forward, running every job that falls due on the way (syncs, daily metrics, expiries)',
      )
      .argument(
        '<duration>',
        `how far, ${DURATION_GRAMMAR.replace(/^a duration: /, '')}; 1ms to 1000d`,
      )
      .action(async (by, _o, cmd) => (await clockCommands()).clockAdvance(f, by, cmd)),
    'adcli backend clock advance 25h',
    'adcli backend clock advance 7d --json',
  );
  examples(
    clock
      .command('set')
      .description(
        'Move the clock forward to a time (never back), running the work that falls due on the way',
      )
      .argument(
        '<time>',
        'an ISO 8601 instant with a zone (2026-12-01T09:00:00Z), or a date (midnight UTC)',
      )
      .action(async (time, _o, cmd) => (await clockCommands()).clockSet(f, time, cmd)),
    'adcli backend clock set 2030-12-01T09:00:00Z',
  );
  examples(
    clock
      .command('freeze')
      .description('Stop time where it is, until the clock is advanced, set or resumed')
      .action(async (_o, cmd) => (await clockCommands()).clockFreeze(f, cmd)),
    'adcli backend clock freeze',
  );
  examples(
    clock
      .command('resume')
      .description('Let time run again from where it stands (staying as far ahead as it was moved)')
      .action(async (_o, cmd) => (await clockCommands()).clockResume(f, cmd)),
    'adcli backend clock resume',
  );
}

/** `adcli backend reset`: empty the workspace, or load a seed */
function registerReset(b: Command, f: Factory): void {
  examples(
    b
      .command('reset')
      .description(
        'Empty the workspace (campaigns, audiences, data stores, brands, jobs, fault rules, journal), or load a seed into it; its keys stay',
      )
      .addOption(new Option('--seed <name>', 'load this seed after emptying').choices(SEEDS))
      .option('--yes', 'do not ask for confirmation (needed without a terminal)')
      .action(async (_o, cmd) => (await import('./backend-reset.ts')).reset(f, cmd)),
    'adcli backend reset --seed demo --yes',
    '# an empty workspace',
    'adcli backend reset --yes',
  );
}

/** `adcli backend snapshot save|load` */
function registerSnapshot(b: Command, f: Factory): void {
  const snapshot = examples(
    b
      .command('snapshot')
      .description("Save the workspace's records to a file, or load one back (never a key)"),
    'adcli backend snapshot save before.db',
    'adcli backend snapshot load before.db --yes',
  );
  examples(
    snapshot
      .command('save')
      .description(
        "Save a consistent copy of the workspace's records, taken while serving, to FILE (mode 0600)",
      )
      .argument('<file>', 'where to write the SQLite file; - for stdout (not a terminal)')
      .action(async (file, _o, cmd) => (await snapshotCommands()).snapshotSave(f, file, cmd)),
    'adcli backend snapshot save before.db',
    'adcli backend snapshot save - > before.db',
  );
  examples(
    snapshot
      .command('load')
      .description(
        "Replace the workspace's records with a snapshot's; a file that is refused changes nothing",
      )
      .argument('<file>', 'a snapshot written by snapshot save')
      .option('--yes', 'do not ask for confirmation (needed without a terminal)')
      .action(async (file, _o, cmd) => (await snapshotCommands()).snapshotLoad(f, file, cmd)),
    'adcli backend snapshot load before.db --yes',
  );
}

/** `adcli backend faults …`: fault rules */
function registerFaults(b: Command, f: Factory): void {
  const faults = examples(
    b
      .command('faults')
      .description(
        "Add, list and remove fault rules: the workspace's matching API requests fail, wait or drop",
      ),
    'adcli backend faults add --path /workspace --status 503 --count 2',
    'adcli backend faults list',
    'adcli backend faults clear',
  );
  examples(
    faults
      .command('add')
      .description(
        'Add a rule: requests whose method and path match get a status, a delay or a dropped connection\n\n' +
          'One of --status, --drop or --delay is needed; --status and --drop exclude each other, as do --count and --probability.',
      )
      .requiredOption(
        '--path <pattern>',
        'API path under /api/v1; * or {name} is one segment, a final ** the rest (e.g. /campaigns/*)',
      )
      .addOption(
        new Option(
          '--method <method>',
          `the method to match, any case: {${FAULT_METHODS.join(', ')}} (default *: any)`,
        ).argParser(methodArg),
      )
      .addOption(
        new Option(
          '--status <code>',
          `answer with this error status, ${range(BOUNDS.faultStatus)} (429 carries Retry-After)`,
        ).argParser(intIn(BOUNDS.faultStatus)),
      )
      .addOption(new Option('--drop', 'close the connection without an answer').conflicts('status'))
      .addOption(
        new Option(
          '--delay <duration>',
          `wait this long first, ${durationRange(BOUNDS.faultDelayMs)} (500ms, 2s; alone: then answer normally)`,
        ).argParser(durationIn(BOUNDS.faultDelayMs)),
      )
      .addOption(
        new Option(
          '--count <n>',
          `apply to this many matching requests, ${range(BOUNDS.faultCount)} (default: until removed)`,
        ).argParser(intIn(BOUNDS.faultCount)),
      )
      .addOption(
        new Option(
          '--probability <p>',
          `apply to each matching request with this probability, ${range(BOUNDS.faultProbability)}`,
        )
          .argParser(probabilityArg)
          .conflicts('count'),
      )
      .action(async (_o, cmd) => (await faultsCommands()).faultsAdd(f, cmd)),
    'adcli backend faults add --path /workspace --method GET --status 503 --count 2',
    'adcli backend faults add --path "/campaigns/**" --delay 2s --probability 0.5',
    'adcli backend faults add --path /campaigns --method POST --drop --count 1',
  );
  examples(
    faults
      .command('list')
      .description(
        'List the fault rules in the order they are tried, with how often each was applied',
      )
      .action(async (_o, cmd) => (await faultsCommands()).faultsList(f, cmd)),
    'adcli backend faults list',
    'adcli backend faults list --json',
  );
  examples(
    faults
      .command('remove')
      .description('Remove one fault rule')
      .argument('<id>', 'fault rule id (see faults list)')
      .action(async (id, _o, cmd) => (await faultsCommands()).faultsRemove(f, id, cmd)),
    'adcli backend faults remove 65f0c1d2e3a4b5c6d7e8f901',
  );
  examples(
    faults
      .command('clear')
      .description('Remove every fault rule of the workspace')
      .action(async (_o, cmd) => (await faultsCommands()).faultsClear(f, cmd)),
    'adcli backend faults clear',
  );
}

/** `adcli backend requests`: the request journal */
function registerRequests(b: Command, f: Factory): void {
  const journal = BOUNDS.journalLimit;
  examples(
    b
      .command('requests')
      .description(
        "Show the workspace's recent API requests: time, method, path, status, duration, request id, idempotency key, replay, fault, contract violations\n\n" +
          'Status 0 is a dropped connection (a fault rule with --drop).',
      )
      .addOption(
        new Option('--limit <n>', `the newest this many, ${range(journal)}`)
          .argParser(intIn(journal))
          .default(journal.default),
      )
      .option(
        '--follow',
        'then keep printing new requests as they come (every second) until Ctrl-C; with --json one object a line',
      )
      .option(
        '--violations',
        'only the exchanges adcli serve --proxy forwarded that broke the contract, each with its field paths',
      )
      .action(async (_o, cmd) => (await import('./backend-requests.ts')).requests(f, cmd)),
    'adcli backend requests --limit 20',
    'adcli backend requests --follow',
    '# what a deployment behind adcli serve --proxy answered against the contract',
    'adcli backend requests --violations',
  );
}

/** `adcli backend apply|export`: fixtures files */
function registerFixtures(b: Command, f: Factory): void {
  examples(
    b
      .command('apply')
      .description(
        'Apply a fixtures file (YAML or JSON) to the workspace: brands, data stores, saved audiences, campaigns and the clock, each named by a ref\n\n' +
          'A record whose ref the workspace knows from an earlier apply changes only where it differs; the others are made. ' +
          'Applying the same file again changes nothing (0 created, 0 updated). The file is checked whole first and applied in one ' +
          'transaction: a bad record changes nothing, and the error names the file, the record and the field. docs/fixtures.md has the format.',
      )
      .argument('<file>', 'a fixtures file, YAML or JSON; - for stdin')
      .option(
        '--prune',
        "also delete the records the workspace's refs name that the file no longer names",
      )
      .option(
        '--dry-run',
        'check the file and print what applying it would create, update and delete, changing nothing',
      )
      .action(async (file, _o, cmd) => (await import('./backend-apply.ts')).apply(f, file, cmd)),
    'adcli backend apply - < ci.yaml',
    'adcli backend apply fixtures.json --prune',
    '# in a pull request: what the file would change on the shared staging backend',
    'adcli backend apply ci.yaml --prune --dry-run',
  );
  examples(
    b
      .command('export')
      .description(
        "Write the workspace's records as a fixtures file (YAML, or JSON with --json) that adcli backend apply makes again; never a key",
      )
      .argument('[file]', 'where to write it (default: stdout)')
      .action(async (file, _o, cmd) =>
        (await import('./backend-export.ts')).exportFixtures(f, file, cmd),
      ),
    'adcli backend export > ci.yaml',
    'adcli backend export fixtures.json --json',
  );
}

/** `adcli backend console`: the console in a browser */
function registerConsole(b: Command, f: Factory): void {
  examples(
    b
      .command('console')
      .description(
        "Open adcli serve's console in a browser: the workspace's records, jobs, clock, fault rules and requests (a one-time login link); prints the URL when no browser can be opened",
      )
      .option('--no-browser', 'print the URL instead of opening a browser')
      .action(async (_o, cmd) => (await import('./backend-console.ts')).openConsole(f, cmd)),
    'adcli backend console',
    'adcli backend console --no-browser',
  );
}
