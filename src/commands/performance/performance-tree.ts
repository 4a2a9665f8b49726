import { Option, type Command } from 'commander';
import { DATE_PRESETS, DEFAULT_DATE_PRESET } from '../../generated/contract.ts';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli performance show`, under the group performance.ts declares. */
export function registerPerformanceTree(performance: Command, f: Factory): void {
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
      .action(async (_o, cmd) => (await import('./performance-show.ts')).show(f, cmd)),
    'adcli performance show',
    'adcli performance show --customer-id 512-384-7260 --date-range LAST_7_DAYS',
    'adcli performance show --campaign 65f0c1d2e3a4b5c6d7e8f901 --date-range LAST_7_DAYS',
    'adcli performance show --date-range THIS_MONTH --json',
    'adcli performance show --csv > performance.csv',
  );
}
