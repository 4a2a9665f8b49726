import type { Command } from 'commander';
import { optionsOf } from '../../lib/context.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson, say } from '../../lib/output.ts';
import { validateLocally } from '../../lib/validate.ts';
import { callControl, control, describeTarget } from './control-call.ts';

/** `backend reset [--seed NAME]`: the workspace emptied (or seeded), after a confirmation or --yes. */
export async function reset(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{ seed?: string; yes?: boolean }>(cmd);
  const body = o.seed === undefined ? {} : { seed: o.seed };
  await validateLocally((await control('reset_workspace')).body!, body, 'body');
  await f.prompter.confirmOrYes(
    {
      question: `Reset the workspace of ${describeTarget(f, o)}: delete every campaign, audience, data store and brand in it${o.seed ? `, then load the ${o.seed} seed` : ''}?`,
      withoutTerminal: 'resetting the workspace',
      declined: 'nothing reset',
    },
    o.yes,
  );
  const client = await f.apiClient(o);
  const r = await callControl<{ workspace: string; seed: string | null }>(
    client,
    'reset_workspace',
    { body },
  );
  if (o.json) printJson(f.io, r);
  else say(f.io, `Reset workspace ${r.workspace}${r.seed ? ` to the ${r.seed} seed` : ''}.`);
}
