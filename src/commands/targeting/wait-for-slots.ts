/** `--wait` on targeting: until the awaited audience slots stop generating, then the final targeting. */
import type { Targeting } from '../../generated/responses.ts';
import type { ApiClient } from '../../lib/client.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { escapeControl, notice } from '../../lib/output.ts';
import { follow } from '../../lib/wait.ts';
import { printTargeting } from './print-targeting.ts';

/** Prints the final targeting, and fails with 10 when one of the awaited slots ended in error. */
export async function finish(
  io: IOStreams,
  o: { json?: boolean },
  campaignId: string,
  t: Targeting,
  awaited: string[],
  client: ApiClient,
): Promise<void> {
  await printTargeting(io, o, t, client);
  const failed = t.audiences.filter((s) => awaited.includes(s.id) && s.status === 'error');
  if (failed.length) {
    const what = failed
      .map(
        (s) =>
          // the next step is said once, below: the API's own is left out
          `${escapeControl(s.name)} (slot ${s.id}): ${escapeControl(s.error.replace(/; name this audience in generate_targeting to try again$/, '') || 'no reason given')}`,
      )
      .join('; ');
    throw new CliError(
      `targeting of campaign ${campaignId} ended in error for ${what}. Fix it, then run adcli targeting generate ${campaignId} --audience ${failed[0]!.id} --wait`,
      EXIT.jobFailed,
    );
  }
}

function summary(t: Targeting, awaited: string[]): string {
  const slots = t.audiences.filter((s) => awaited.includes(s.id));
  const ready = slots.filter((s) => s.status !== 'generating').length;
  return `${ready}/${slots.length} audience slot${slots.length === 1 ? '' : 's'} done`;
}

/**
 * Polls get_targeting until none of the awaited slots is generating (ready or error): the shared
 * `--wait` (spinner or progress lines, timeout exit 8, Ctrl-C exit 130, the generation goes on).
 */
export async function waitForSlots(
  f: Factory,
  o: { waitTimeout: number; json?: boolean },
  client: ApiClient,
  campaignId: string,
  awaited: string[],
  initial: Targeting,
): Promise<Targeting> {
  if (awaited.length === 0) {
    notice(f.io, 'Nothing is generating; showing the targeting as it is.');
    return initial;
  }
  return follow<Targeting>(f, {
    client,
    initial,
    poll: (signal) => client.call<Targeting>('get_targeting', { params: { campaignId }, signal }),
    settled: (t) => t.audiences.every((s) => !awaited.includes(s.id) || s.status !== 'generating'),
    describe: (t) => `targeting of campaign ${campaignId}: ${summary(t, awaited)}`,
    spinnerText: (t) => `Generating targeting of campaign ${campaignId}: ${summary(t, awaited)}`,
    timeoutMs: o.waitTimeout,
    json: o.json,
    job: 'the generation',
    still: 'still generating',
    resume: `See it with adcli targeting show ${campaignId}, or keep waiting with adcli targeting show ${campaignId} --wait`,
  });
}
