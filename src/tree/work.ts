import { Option, type Command } from 'commander';
import type { Factory } from '../lib/factory.ts';
import {
  API_METHODS,
  BOUNDS,
  DATE_PRESETS,
  DEFAULT_DATE_PRESET,
  MATCH_TYPES,
  TARGETING_SECTIONS,
} from '../generated/contract.ts';
import { OPERATIONS, type OperationSummary } from '../generated/operations.ts';
import { atMost, chars, limitOption } from '../lib/args.ts';
import { examples, helpSection } from '../lib/help.ts';
import { collect } from '../lib/validate.ts';
import { waitFlags } from './wait-flags.ts';

const targetingCmds = () => import('../commands/targeting.ts');
const performanceCmds = () => import('../commands/performance.ts');
const adsCmds = () => import('../commands/ads.ts');
const exploreCmds = () => import('../commands/explore.ts');
const apiCmds = () => import('../commands/api.ts');

/**
 * The OPERATIONS section of `adcli api --help`: every operation, from the generated table (no zod,
 * no server code at start-up), a line each when that fits `width`, else the scope and summary on a
 * second line.
 */
export function operationsHelp(
  ops: readonly OperationSummary[] = OPERATIONS,
  width = Infinity,
): string {
  const mw = Math.max(...ops.map((o) => o.method.length));
  const pw = Math.max(...ops.map((o) => o.path.length));
  const sw = Math.max(...ops.map((o) => o.scope.length));
  const oneLine = ops.map(
    (o) => `${o.method.padEnd(mw)}  ${o.path.padEnd(pw)}  ${o.scope.padEnd(sw)}  ${o.summary}`,
  );
  const fits = oneLine.every((l) => l.length <= width);
  return [
    'Paths are under the base URL (…/api/v1); each needs the scope beside it.',
    ...(fits
      ? oneLine
      : ops.flatMap((o) => [
          `${o.method.padEnd(mw)}  ${o.path}`,
          `${' '.repeat(mw + 2)}${o.scope}  ${o.summary}`,
        ])),
  ].join('\n');
}

/** targeting, performance, ads, explore and api. */
export function registerWork(program: Command, f: Factory): void {
  const targeting = examples(
    program
      .command('targeting')
      .description(
        "Show, generate and edit a campaign's targeting (keywords, segments, topics, websites)",
      ),
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --wait',
    'adcli targeting show 65f0c1d2e3a4b5c6d7e8f901',
  );
  examples(
    waitFlags(
      targeting
        .command('show')
        .description(
          'Show the targeting of every audience slot: items by section in rank order, with match types and sources, and what generating leaves out',
        )
        .argument('<campaign>', 'campaign id'),
      'an audience slot generates',
      'the final targeting',
    ).action(async (id, _o, cmd) => (await targetingCmds()).show(f, id, cmd)),
    'adcli targeting show 65f0c1d2e3a4b5c6d7e8f901',
    '# wait for the slots that are still generating',
    'adcli targeting show 65f0c1d2e3a4b5c6d7e8f901 --wait --json',
  );
  examples(
    waitFlags(
      targeting
        .command('generate')
        .description(
          "Generate targeting in the background from the audience slots' data stores (slots without targeting yet, or the named ones)",
        )
        .argument('<campaign>', 'campaign id')
        .option(
          '--audience <slot>',
          `audience slot id to (re)generate; repeat for several, ${atMost(BOUNDS.generateSlots)} (see targeting show)`,
          collect,
        )
        .option(
          '--idempotency-key <key>',
          'make a retry of this exact request safe (default: generated)',
        ),
      'the slots it started generate',
      'the final targeting',
    ).action(async (id, _o, cmd) => (await targetingCmds()).generate(f, id, cmd)),
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --wait',
    '# regenerate one slot',
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --audience 65f0c1d2e3a4b5c6d7e8f902',
  );
  examples(
    targeting
      .command('edit')
      .description(
        'Add, remove or restore items of an audience slot, or replace them all from a file, and print what changed\n\n' +
          'Regenerating the slot keeps what you add, and never adds back what you remove: removed items are ' +
          'left out (targeting show lists them) until you restore them. A slot left with no items needs ' +
          'generating again (targeting generate fills it, leaving out what you removed).',
      )
      .argument('<campaign>', 'campaign id')
      .argument('<slot>', 'audience slot id (see targeting show)')
      .option(
        '--add-keyword <text[:MATCH]>',
        `add a keyword with a match type, {${MATCH_TYPES.join(', ')}} (default BROAD); repeatable`,
        collect,
      )
      .option(
        '--add <section:text>',
        `add an item to a section, {${TARGETING_SECTIONS.join(', ')}}, e.g. "topics:/Sports/Running"; repeatable`,
        collect,
      )
      .option(
        '--remove <text>',
        'remove the items with this text or label (section:text for one section) and leave them out when generating; repeatable',
        collect,
      )
      .option(
        '--restore <text>',
        'let generating add a removed item again (section:text for one section); repeatable',
        collect,
      )
      .option(
        '--file <file>',
        `replace all items: JSON {"items": [...]} or an array of items ({section, text, matchType?, label?, source?}), at most ${BOUNDS.targetingItems.max}; - reads stdin`,
      )
      .option(
        '--idempotency-key <key>',
        'make a retry of this exact change safe (default: generated)',
      )
      .action(async (id, slot, _o, cmd) => (await targetingCmds()).edit(f, id, slot, cmd)),
    'adcli targeting edit 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --add-keyword "trail shoes:EXACT" --remove "running"',
    'adcli targeting edit 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --add "topics:/Sports/Running" --restore "trail running"',
    'adcli targeting edit 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --file items.json',
  );

  const performance = examples(
    program
      .command('performance')
      .description('Performance of the campaigns in an ad-platform account, or of one campaign'),
    'adcli performance show --date-range LAST_7_DAYS',
  );
  examples(
    performance
      .command('show')
      .description(
        "Totals, a per-campaign table and daily charts of clicks and cost: the account's days (all its campaigns), or one campaign's with --campaign (piped: tab-separated total/campaign/day rows)",
      )
      .option(
        '--customer-id <id>',
        "ad-platform account, 123-456-7890 (default: the campaign's account with --campaign, else the workspace's default account)",
      )
      .option(
        '--campaign <id>',
        "only this campaign: its row, and daily figures of its own instead of the account's",
      )
      .addOption(
        new Option('--date-range <preset>', "date range in the account's time zone")
          .choices(DATE_PRESETS)
          .default(DEFAULT_DATE_PRESET),
      )
      .option(
        '--csv',
        'print CSV for a spreadsheet: a header row, then the total, each campaign and each day (account day or campaign day)',
      )
      .action(async (_o, cmd) => (await performanceCmds()).show(f, cmd)),
    'adcli performance show',
    'adcli performance show --customer-id 512-384-7260 --date-range LAST_7_DAYS',
    'adcli performance show --campaign 65f0c1d2e3a4b5c6d7e8f901 --date-range LAST_7_DAYS',
    'adcli performance show --date-range THIS_MONTH --json',
    'adcli performance show --csv > performance.csv',
  );

  const ads = examples(
    program.command('ads').description('The ad platform as the workspace sees it'),
    'adcli ads accounts',
  );
  examples(
    ads
      .command('accounts')
      .description('List the ad-platform accounts this key may use, the default first')
      .action(async (_o, cmd) => (await adsCmds()).accounts(f, cmd)),
    'adcli ads accounts',
    'adcli ads accounts --json',
  );

  const explore = examples(
    program.command('explore').description('Explore video-platform channels (invite-only)'),
    'adcli explore search "trail running"',
    'adcli explore channel UCnhwCGpIe9IdW5plisiGJLT',
  );
  examples(
    explore
      .command('channel')
      .description(
        'Describe a channel: topics, content themes, latest videos, subscribers, country',
      )
      .argument('<id>', 'channel id (UC…)')
      .action(async (id, _o, cmd) => (await exploreCmds()).channel(f, id, cmd)),
    'adcli explore channel UCnhwCGpIe9IdW5plisiGJLT',
  );
  examples(
    explore
      .command('search')
      .description(
        'Search channels by title, handle, keywords or description (every word must match)',
      )
      .argument('<query>', `words to look for, ${chars(BOUNDS.searchQuery)}`)
      .addOption(limitOption(BOUNDS.listLimit))
      .option('--all', 'follow every page')
      .action(async (q, _o, cmd) => (await exploreCmds()).search(f, q, cmd)),
    'adcli explore search "trail running"',
    'adcli explore search coffee --limit 5 --json',
  );
  examples(
    explore
      .command('videos')
      .description("List a channel's videos in the content catalog, newest first")
      .argument('<id>', 'channel id (UC…)')
      .addOption(limitOption(BOUNDS.listLimit))
      .option('--all', 'follow every page')
      .action(async (id, _o, cmd) => (await exploreCmds()).videos(f, id, cmd)),
    'adcli explore videos UCnhwCGpIe9IdW5plisiGJLT --limit 10',
  );
  examples(
    explore
      .command('similar')
      .description('Channels most like this one (shared topics and content), with a 0-1 similarity')
      .argument('<id>', 'channel id (UC…)')
      .addOption(limitOption(BOUNDS.similarLimit, 'how many', false))
      .action(async (id, _o, cmd) => (await exploreCmds()).similar(f, id, cmd)),
    'adcli explore similar UCnhwCGpIe9IdW5plisiGJLT --limit 5',
  );

  const api = program
    .command('api')
    .description(
      "Send a raw API request with the profile's key and print the response JSON\n\n" +
        'The response JSON goes to stdout. A refused request prints the error JSON on stderr and exits ' +
        '3 (400, 404, 409), 4 (401, 403) or 5 (429 after retries, 5xx).',
    )
    .argument('<method>', `HTTP method, any case: {${API_METHODS.join(', ')}}`)
    .argument('<path>', 'path under the base URL, e.g. /campaigns or /campaigns?limit=5')
    .option('--data <json>', 'request body: JSON text, @file, or - for stdin')
    .option('--query <key=value>', 'a query parameter; repeatable', collect)
    .option(
      '--idempotency-key <key>',
      `Idempotency-Key of a write, ${chars(BOUNDS.idempotencyKey)} (default: generated)`,
    )
    .action(async (method, path, _o, cmd) => (await apiCmds()).api(f, method, path, cmd));
  helpSection(api, 'OPERATIONS', (width) => operationsHelp(OPERATIONS, width));
  examples(
    api,
    'adcli api GET /workspace',
    'adcli api GET /campaigns --query limit=5 --query name=spring',
    `adcli api POST /campaigns --data '{"name": "Spring launch"}'`,
    `adcli api PATCH /campaigns/65f0c1d2e3a4b5c6d7e8f901 --data '{"budget": 80}'`,
    'cat body.json | adcli api PATCH /campaigns/65f0c1d2e3a4b5c6d7e8f901 --data -',
  );
}
