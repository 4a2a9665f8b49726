import { InvalidArgumentError, Option, type Command } from 'commander';
import { intArg } from '../lib/args.ts';
import type { Factory } from '../lib/factory.ts';

/** The bounds of a fault rule and of the journal (server/control; a test keeps them equal). */
export const FAULT_METHODS = ['*', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
export const FAULT_BOUNDS = { status: [400, 599], delayMs: [0, 60_000], count: [1, 1_000_000] } as const;
export const JOURNAL_SIZE = 1000;
/** The seeds a workspace can be reset to (server/seed SEEDS; a test keeps them equal). */
export const SEEDS = ['demo'];

const backend = () => import('../commands/backend.ts');

/** A fault's method: any case, one of FAULT_METHODS. */
function methodArg(value: string): string {
  const m = value.toUpperCase();
  if (!FAULT_METHODS.includes(m)) throw new InvalidArgumentError(`must be one of ${FAULT_METHODS.join(', ')}`);
  return m;
}

/** A probability: a number greater than 0 and at most 1. */
function probabilityArg(value: string): number {
  const p = Number(value);
  if (value.trim() === '' || !Number.isFinite(p) || p <= 0 || p > 1) throw new InvalidArgumentError('must be a number greater than 0 and at most 1, e.g. 0.25');
  return p;
}

const examples = (...lines: string[]) => `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((l) => `  ${l}`).join('\n')}`;

/** `adcli backend …`: the controls of adcli serve (design section 7), on the local profile or an adcli serve profile. */
export function registerBackend(program: Command, f: Factory): void {
  const b = program
    .command('backend')
    .description("Control the local backend or an adcli serve: its workspace's clock, reset, snapshots, faults and request journal")
    .addHelpText(
      'after',
      '\nThese commands work on the local profile and on any profile whose server is adcli serve; against\n' +
        'another deployment they exit 3. The key needs the backend scope (the local key and the first-run\n' +
        'key of adcli serve have it), and they act on the key\'s own workspace.',
    );

  const clock = b.command('clock').description("Show, move, freeze or resume the workspace's clock (everything time-based follows it)");
  clock
    .command('show', { isDefault: true })
    .description("Show the workspace's time, whether it is frozen, and how far ahead of real time it runs (the default)")
    .addHelpText('after', examples('adcli backend clock', 'adcli backend clock show --json'))
    .action(async (_o, cmd) => (await backend()).clockShow(f, cmd));
  clock
    .command('advance')
    .description('Move the clock forward, running every job that falls due on the way (syncs, daily metrics, expiries)')
    .argument('<duration>', 'how far: 90s, 25h, 7d, 1h30m, 2w or ISO 8601 (PT25H, P7D); 1 ms to 1000 days')
    .addHelpText('after', examples('adcli backend clock advance 25h', 'adcli backend clock advance 7d --json'))
    .action(async (by, _o, cmd) => (await backend()).clockAdvance(f, by, cmd));
  clock
    .command('set')
    .description('Move the clock forward to a time (never back), running the work that falls due on the way')
    .argument('<time>', 'an ISO 8601 instant with a zone (2026-12-01T09:00:00Z), or a date (midnight UTC)')
    .addHelpText('after', examples('adcli backend clock set 2026-12-01T09:00:00Z'))
    .action(async (time, _o, cmd) => (await backend()).clockSet(f, time, cmd));
  clock
    .command('freeze')
    .description('Stop time where it is, until the clock is advanced, set or resumed')
    .addHelpText('after', examples('adcli backend clock freeze'))
    .action(async (_o, cmd) => (await backend()).clockFreeze(f, cmd));
  clock
    .command('resume')
    .description('Let time run again from where it stands (staying as far ahead as it was moved)')
    .addHelpText('after', examples('adcli backend clock resume'))
    .action(async (_o, cmd) => (await backend()).clockResume(f, cmd));

  b.command('reset')
    .description('Empty the workspace (campaigns, audiences, data stores, brands, jobs, fault rules, journal), or load a seed into it; its keys stay')
    .addOption(new Option('--seed <name>', 'load this seed after emptying').choices(SEEDS))
    .option('--yes', 'do not ask for confirmation (needed without a terminal)')
    .addHelpText('after', examples('adcli backend reset --seed demo --yes'))
    .action(async (_o, cmd) => (await backend()).reset(f, cmd));

  const snapshot = b.command('snapshot').description('Save the whole store (every workspace) to a file, or load one back');
  snapshot
    .command('save')
    .description('Save a consistent copy of the whole store, taken while serving, to FILE (mode 0600)')
    .argument('<file>', 'where to write the SQLite file; - for stdout (not a terminal)')
    .addHelpText('after', examples('adcli backend snapshot save before.db', 'adcli backend snapshot save - > before.db'))
    .action(async (file, _o, cmd) => (await backend()).snapshotSave(f, file, cmd));
  snapshot
    .command('load')
    .description('Replace the whole store with a snapshot; a file that is not an adcli store changes nothing')
    .argument('<file>', 'a snapshot written by snapshot save')
    .option('--yes', 'do not ask for confirmation (needed without a terminal)')
    .addHelpText('after', examples('adcli backend snapshot load before.db --yes'))
    .action(async (file, _o, cmd) => (await backend()).snapshotLoad(f, file, cmd));

  const faults = b.command('faults').description("Add, list and remove fault rules: the workspace's matching API requests fail, wait or drop");
  const [sMin, sMax] = FAULT_BOUNDS.status;
  const [dMin, dMax] = FAULT_BOUNDS.delayMs;
  const [cMin, cMax] = FAULT_BOUNDS.count;
  faults
    .command('add')
    .description('Add a rule: requests whose method and path match get a status, a delay or a dropped connection')
    .requiredOption('--path <pattern>', 'API path under /api/v1; * or {name} is one segment, a final ** the rest (e.g. /campaigns/*)')
    .addOption(new Option('--method <method>', `${FAULT_METHODS.join(', ')} (default *: any)`).argParser(methodArg))
    .addOption(new Option('--status <code>', `answer with this error status, ${sMin}-${sMax} (429 carries Retry-After)`).argParser(intArg(sMin, sMax)))
    .addOption(new Option('--drop', 'close the connection without an answer').conflicts('status'))
    .addOption(new Option('--delay <ms>', `wait this long first, ${dMin}-${dMax} ms (alone: then answer normally)`).argParser(intArg(dMin, dMax)))
    .addOption(new Option('--count <n>', `apply to this many matching requests, ${cMin}-${cMax} (default: until removed)`).argParser(intArg(cMin, cMax)))
    .addOption(new Option('--probability <p>', 'apply to each matching request with this probability, greater than 0 and at most 1').argParser(probabilityArg).conflicts('count'))
    .addHelpText(
      'after',
      examples(
        'adcli backend faults add --path /workspace --method GET --status 503 --count 2',
        'adcli backend faults add --path "/campaigns/**" --delay 2000 --probability 0.5',
      ) + '\nOne of --status, --drop or --delay is needed; --status and --drop exclude each other, as do --count and --probability.',
    )
    .action(async (_o, cmd) => (await backend()).faultsAdd(f, cmd));
  faults
    .command('list')
    .description('List the fault rules in the order they are tried, with how often each was applied')
    .addHelpText('after', examples('adcli backend faults list'))
    .action(async (_o, cmd) => (await backend()).faultsList(f, cmd));
  faults
    .command('remove')
    .description('Remove one fault rule')
    .argument('<id>', 'fault rule id (see faults list)')
    .addHelpText('after', examples('adcli backend faults remove 65f0c1d2e3a4b5c6d7e8f901'))
    .action(async (id, _o, cmd) => (await backend()).faultsRemove(f, id, cmd));
  faults
    .command('clear')
    .description('Remove every fault rule of the workspace')
    .addHelpText('after', examples('adcli backend faults clear'))
    .action(async (_o, cmd) => (await backend()).faultsClear(f, cmd));

  b.command('requests')
    .description("Show the workspace's recent API requests: time, method, path, status, duration, request id, idempotency key, replay, fault")
    .option('--limit <n>', `the newest this many, 1-${JOURNAL_SIZE} (default 100)`, intArg(1, JOURNAL_SIZE))
    .option('--follow', 'then keep printing new requests as they come (every second) until Ctrl-C; with --json one object a line')
    .addHelpText('after', examples('adcli backend requests --limit 20', 'adcli backend requests --follow') + '\nStatus 0 is a dropped connection (a fault rule with --drop).')
    .action(async (_o, cmd) => (await backend()).requests(f, cmd));
}
