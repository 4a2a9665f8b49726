import type { Command } from 'commander';
import { BOUNDS } from '../../generated/contract.ts';
import { chars, limitOption } from '../../lib/args.ts';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

const exploreCommands = () => import('./explore-commands.ts');

/** `adcli explore channel|search|videos|similar`, under the group explore.ts declares. */
export function registerExploreTree(explore: Command, f: Factory): void {
  examples(
    explore
      .command('channel')
      .description(
        'Describe a channel: topics, content themes, latest videos, subscribers, country',
      )
      .argument('<id>', 'channel id (UC…)')
      .action(async (id, _o, cmd) => (await exploreCommands()).channel(f, id, cmd)),
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
      .action(async (q, _o, cmd) => (await exploreCommands()).search(f, q, cmd)),
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
      .action(async (id, _o, cmd) => (await exploreCommands()).videos(f, id, cmd)),
    'adcli explore videos UCnhwCGpIe9IdW5plisiGJLT --limit 10',
  );
  examples(
    explore
      .command('similar')
      .description('Channels most like this one (shared topics and content), with a 0-1 similarity')
      .argument('<id>', 'channel id (UC…)')
      .addOption(limitOption(BOUNDS.similarLimit, 'how many', false))
      .action(async (id, _o, cmd) => (await exploreCommands()).similar(f, id, cmd)),
    'adcli explore similar UCnhwCGpIe9IdW5plisiGJLT --limit 5',
  );
}
