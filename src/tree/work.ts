import { Option, type Command } from 'commander';
import type { Factory } from '../lib/factory.ts';
import { OPERATIONS, type OperationSummary } from '../generated/operations.ts';
import { intArg } from '../lib/args.ts';
import { collect } from '../lib/validate.ts';
import { waitFlags } from './wait-flags.ts';

/** The performance date-range presets (the contract's, in the account's time zone). */
export const DATE_RANGES = ['TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_14_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH'];
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const targetingCmds = () => import('../commands/targeting.ts');
const performanceCmds = () => import('../commands/performance.ts');
const adsCmds = () => import('../commands/ads.ts');
const exploreCmds = () => import('../commands/explore.ts');
const apiCmds = () => import('../commands/api.ts');

/** `adcli api --help`: every operation, from the generated table (no zod, no server code at start-up). */
export function operationsHelp(ops: readonly OperationSummary[] = OPERATIONS): string {
  const mw = Math.max(...ops.map((o) => o.method.length));
  const pw = Math.max(...ops.map((o) => o.path.length));
  const sw = Math.max(...ops.map((o) => o.scope.length));
  return [
    '',
    'Operations (paths are under the base URL, e.g. http://127.0.0.1:4010/api/v1):',
    ...ops.map((o) => `  ${o.method.padEnd(mw)}  ${o.path.padEnd(pw)}  ${o.scope.padEnd(sw)}  ${o.summary}`),
    '',
    'Examples:',
    '  adcli api GET /workspace',
    '  adcli api GET /campaigns --query limit=5 --query name=spring',
    `  adcli api POST /campaigns --data '{"name": "Spring launch"}'`,
    '  adcli api PUT /campaigns/ID/targeting/audiences/SLOT/items --data @items.json',
    '  cat body.json | adcli api PATCH /campaigns/ID --data -',
    '',
    'The response JSON goes to stdout. A refused request prints the error JSON on stderr and exits',
    '3 (400, 404, 409), 4 (401, 403) or 5 (429 after retries, 5xx).',
  ].join('\n');
}

/** targeting, performance, ads, explore and api. */
export function registerWork(program: Command, f: Factory): void {
  const targeting = program.command('targeting').description("Show, generate and edit a campaign's targeting (keywords, segments, topics, websites)");
  waitFlags(
    targeting
      .command('show')
      .description('Show the targeting of every audience slot, grouped by section, with match types and sources')
      .argument('<campaign>', 'campaign id'),
    'an audience slot generates',
    'the final targeting',
  ).action(async (id, _o, cmd) => (await targetingCmds()).show(f, id, cmd));
  waitFlags(
    targeting
      .command('generate')
      .description("Generate targeting in the background from the audience slots' data stores (slots without targeting yet, or the named ones)")
      .argument('<campaign>', 'campaign id')
      .option('--audience <slot>', 'audience slot id to (re)generate; repeat for several (see targeting show)', collect)
      .option('--idempotency-key <key>', 'make a retry of this exact request safe (default: generated)'),
    'the slots it started generate',
    'the final targeting',
  ).action(async (id, _o, cmd) => (await targetingCmds()).generate(f, id, cmd));
  targeting
    .command('edit')
    .description("Replace an audience slot's items from a file, or add and remove keywords on its current items")
    .argument('<campaign>', 'campaign id')
    .argument('<slot>', 'audience slot id (see targeting show)')
    .option('--file <file>', 'JSON {"items": [...]} or an array of items ({section, text, matchType?, label?, source?}); - reads stdin')
    .option('--add-keyword <text[:MATCH]>', 'add a keyword, match type EXACT, PHRASE or BROAD (default BROAD); repeatable', collect)
    .option('--remove <text>', 'remove the items with this text or label; repeatable', collect)
    .option('--idempotency-key <key>', 'make a retry of this exact change safe (default: generated)')
    .action(async (id, slot, _o, cmd) => (await targetingCmds()).edit(f, id, slot, cmd));

  const performance = program.command('performance').description('Performance of the campaigns in an ad-platform account');
  performance
    .command('show')
    .description('Totals, a per-campaign table and daily charts of clicks and cost (piped: tab-separated total/campaign/day rows)')
    .option('--customer-id <id>', "ad-platform account, 123-456-7890 (default: the workspace's default account)")
    .addOption(new Option('--date-range <preset>', "date range in the account's time zone (default LAST_30_DAYS)").choices(DATE_RANGES))
    .action(async (_o, cmd) => (await performanceCmds()).show(f, cmd));

  const ads = program.command('ads').description('The ad platform as the workspace sees it');
  ads
    .command('accounts')
    .description('List the ad-platform accounts this key may use, the default first')
    .action(async (_o, cmd) => (await adsCmds()).accounts(f, cmd));

  const explore = program.command('explore').description('Explore video-platform channels (invite-only)');
  explore
    .command('channel')
    .description('Describe a channel: topics, content themes, latest videos, subscribers, country')
    .argument('<id>', 'channel id (UC…)')
    .action(async (id, _o, cmd) => (await exploreCmds()).channel(f, id, cmd));
  explore
    .command('search')
    .description('Search channels by title, handle, keywords or description (every word must match)')
    .argument('<query>', 'words to look for')
    .option('--limit <n>', 'page size (1-100)', intArg(1, 100))
    .option('--all', 'follow every page')
    .action(async (q, _o, cmd) => (await exploreCmds()).search(f, q, cmd));
  explore
    .command('videos')
    .description("List a channel's videos in the content catalog, newest first")
    .argument('<id>', 'channel id (UC…)')
    .option('--limit <n>', 'page size (1-100)', intArg(1, 100))
    .option('--all', 'follow every page')
    .action(async (id, _o, cmd) => (await exploreCmds()).videos(f, id, cmd));
  explore
    .command('similar')
    .description('Channels most like this one (shared topics and content), with a 0-1 similarity')
    .argument('<id>', 'channel id (UC…)')
    .option('--limit <n>', 'how many (1-50, default 10)', intArg(1, 50))
    .action(async (id, _o, cmd) => (await exploreCmds()).similar(f, id, cmd));

  program
    .command('api')
    .description("Send a raw API request with the profile's key and print the response JSON")
    .argument('<method>', API_METHODS.join(', '))
    .argument('<path>', 'path under the base URL, e.g. /campaigns or /campaigns?limit=5')
    .option('--data <json>', 'request body: JSON text, @file, or - for stdin')
    .option('--query <key=value>', 'a query parameter; repeatable', collect)
    .option('--idempotency-key <key>', 'Idempotency-Key of a write (default: generated)')
    .addHelpText('after', () => operationsHelp())
    .action(async (method, path, _o, cmd) => (await apiCmds()).api(f, method, path, cmd));
}
