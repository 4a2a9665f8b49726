import type { Command } from 'commander';
import type { Factory } from '../../lib/factory.ts';
import { examples } from '../../lib/help.ts';

/** `adcli backend …`: the controls of adcli serve, on the local profile or an adcli serve profile. */
export async function registerBackend(program: Command, f: Factory, deep: boolean): Promise<void> {
  const b = examples(
    program
      .command('backend')
      .description(
        "Control the local backend or an adcli serve: its workspace's clock, reset, snapshots, faults, request journal and ad platform\n\n" +
          'These commands work on the local profile and on any profile whose server is adcli serve; against ' +
          'another deployment they exit 3. The key needs the backend scope (the local key and the first-run ' +
          "key of adcli serve have it), and they act on the key's own workspace.",
      ),
    'adcli backend clock advance 7d',
    'adcli backend faults add --path /workspace --status 503 --count 1',
    'adcli backend requests --limit 20',
  );
  if (deep) (await import('./backend-tree.ts')).registerBackendTree(b, f);
}
