/** `adcli backend clock show|advance|set|freeze|resume`. */
import type { Command } from 'commander';
import { formatDuration } from '../../../server/lib/duration.ts';
import type { Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import { durationArg } from '../../lib/args.ts';
import { CliError, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { bold, fields, printJson } from '../../lib/output.ts';
import type { GlobalOptions } from '../../lib/target.ts';
import { validateLocally } from '../../lib/validate.ts';
import { abortableSleep } from '../../lib/wait.ts';
import { callControl, control } from './control-call.ts';

type ClockState = Responses['get_clock'];
type Advanced = Responses['advance_clock'];

function showClock(io: IOStreams, state: ClockState): void {
  const ahead =
    Math.abs(state.offsetMs) < 1000
      ? 'real time'
      : `${formatDuration(state.offsetMs)} ${state.offsetMs > 0 ? 'ahead of' : 'behind'} real time`;
  fields(io, [
    ['Now', bold(state.now)],
    ['Frozen', state.frozen ? 'yes' : 'no'],
    ['Offset', ahead],
  ]);
}

function showAdvanced(io: IOStreams, o: GlobalOptions, r: Advanced): void {
  if (o.json) {
    printJson(io, r);
    return;
  }
  showClock(io, r.clock);
  const ran = Object.entries(r.ran).filter(([, n]) => n > 0);
  fields(io, [
    ['Ran', ran.length ? ran.map(([kind, n]) => `${kind} ×${n}`).join(', ') : 'nothing fell due'],
  ]);
}

async function clockCall(f: Factory, cmd: Command, name: string): Promise<void> {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const state = await callControl<ClockState>(client, name);
  if (o.json) printJson(f.io, state);
  else showClock(f.io, state);
}

export const clockShow = (f: Factory, cmd: Command) => clockCall(f, cmd, 'get_clock');
export const clockFreeze = (f: Factory, cmd: Command) => clockCall(f, cmd, 'freeze_clock');
export const clockResume = (f: Factory, cmd: Command) => clockCall(f, cmd, 'resume_clock');

/**
 * Moves the clock with `name` (advance or set); on a terminal a spinner says how far the advance got
 * (GET /clock while it steps through due jobs). The call's Idempotency-Key stays the same across the
 * client's retries, so a retry resumes an advance that was cut off instead of moving again.
 */
async function moveClock(
  f: Factory,
  o: GlobalOptions,
  name: 'advance_clock' | 'set_clock',
  body: Record<string, string>,
): Promise<Advanced> {
  const client = await f.apiClient(o);
  if (!f.io.isStderrTTY()) return callControl<Advanced>(client, name, { body });
  const spinner = await f.io.startSpinner('Moving the clock…');
  const done = new AbortController();
  const watch = (async () => {
    while (!done.signal.aborted) {
      await abortableSleep(500, done.signal);
      if (done.signal.aborted) return;
      const state = await callControl<ClockState>(client, 'get_clock').catch(() => null);
      const ran = state?.advancing
        ? Object.values(state.advancing.ran).reduce((a, n) => a + n, 0)
        : 0;
      if (state?.advancing)
        spinner.update(
          `Moving the clock to ${state.advancing.to}: at ${state.now}, ${ran} job${ran === 1 ? '' : 's'} run`,
        );
    }
  })();
  try {
    return await callControl<Advanced>(client, name, { body });
  } finally {
    done.abort();
    await watch;
    spinner.stop();
  }
}

/**
 * `backend clock advance DURATION`: read in the grammar of every duration adcli takes (its message
 * names the grammar), its bounds checked locally with the server's own schema, then moved.
 */
export async function clockAdvance(f: Factory, by: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  try {
    durationArg(by);
  } catch (e) {
    throw usageError(`<duration> ${(e as Error).message}, not ${JSON.stringify(by)}`);
  }
  const body = { by };
  try {
    await validateLocally((await control('advance_clock')).body!, body, 'body');
  } catch (e) {
    // the API's field is the command's argument here
    if (e instanceof CliError) throw usageError(e.message.replace(/^by must/, '<duration> must'));
    throw e;
  }
  showAdvanced(f.io, o, await moveClock(f, o, 'advance_clock', body));
}

/** `backend clock set TIME`: an ISO instant with a zone, or a date; forward only (the server refuses going back). */
export async function clockSet(f: Factory, time: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const body = { time };
  await validateLocally((await control('set_clock')).body!, body, 'body');
  showAdvanced(f.io, o, await moveClock(f, o, 'set_clock', body));
}
