import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli targeting show|generate|edit`. */
export async function registerTargeting(
  program: Command,
  f: Factory,
  deep: boolean,
): Promise<void> {
  const targeting = examples(
    program
      .command('targeting')
      .description(
        "Show, generate and edit a campaign's targeting (keywords, segments, topics, websites)",
      ),
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --wait',
    'adcli targeting show 65f0c1d2e3a4b5c6d7e8f901',
  );
  if (deep) (await import('./targeting-tree.ts')).registerTargetingTree(targeting, f);
}
