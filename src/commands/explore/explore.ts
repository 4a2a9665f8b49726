import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli explore channel|search|videos|similar`. */
export async function registerExplore(program: Command, f: Factory, deep: boolean): Promise<void> {
  const explore = examples(
    program.command('explore').description('Explore video-platform channels (invite-only)'),
    'adcli explore search "trail running"',
    'adcli explore channel UCnhwCGpIe9IdW5plisiGJLT',
  );
  if (deep) (await import('./explore-tree.ts')).registerExploreTree(explore, f);
}
