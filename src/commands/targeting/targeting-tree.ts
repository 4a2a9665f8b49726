import type { Command } from 'commander';
import { BOUNDS, MATCH_TYPES, TARGETING_SECTIONS } from '../../generated/contract.ts';
import { atMost } from '../../lib/args.ts';
import type { Factory } from '../../lib/factory.ts';
import { waitFlags } from '../../lib/flags.ts';
import { examples } from '../../lib/help.ts';
import { collect } from '../../lib/validate.ts';

/** `adcli targeting show|generate|edit`, under the group targeting.ts declares. */
export function registerTargetingTree(targeting: Command, f: Factory): void {
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
    ).action(async (id, _o, cmd) => (await import('./targeting-show.ts')).show(f, id, cmd)),
    'adcli targeting show 65f0c1d2e3a4b5c6d7e8f901',
    '# wait for the slots that are still generating',
    'adcli targeting show 65f0c1d2e3a4b5c6d7e8f901 --wait --json',
  );
  examples(
    waitFlags(
      targeting
        .command('generate')
        .description(
          "Generate targeting in the background from the audience slots' data stores: the slots without targeting yet, the named ones (--audience), or every slot (--all)\n\n" +
            'Regenerating keeps the items you added and never adds back the ones you removed (targeting edit).',
        )
        .argument('<campaign>', 'campaign id')
        .option(
          '--audience <slot>',
          `audience slot id to (re)generate; repeat for several, ${atMost(BOUNDS.generateSlots)} (see targeting show)`,
          collect,
        )
        .option(
          '--all',
          'regenerate every audience slot of the campaign (one generating already goes on as it is; --wait waits for it too)',
        )
        .option(
          '--idempotency-key <key>',
          'make a retry of this exact request safe (default: generated)',
        ),
      'the slots it started generate',
      'the final targeting',
    ).action(async (id, _o, cmd) => (await import('./targeting-generate.ts')).generate(f, id, cmd)),
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --wait',
    '# regenerate one slot',
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --audience 65f0c1d2e3a4b5c6d7e8f902',
    '# regenerate every slot',
    'adcli targeting generate 65f0c1d2e3a4b5c6d7e8f901 --all --wait',
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
      .action(async (id, slot, _o, cmd) =>
        (await import('./targeting-edit.ts')).edit(f, id, slot, cmd),
      ),
    'adcli targeting edit 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --add-keyword "trail shoes:EXACT" --remove "running"',
    'adcli targeting edit 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --add "topics:/Sports/Running" --restore "trail running"',
    'adcli targeting edit 65f0c1d2e3a4b5c6d7e8f901 65f0c1d2e3a4b5c6d7e8f902 --file items.json',
  );
}
