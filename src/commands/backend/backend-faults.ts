/** `adcli backend faults add|list|remove|clear`: the workspace's fault rules. */
import { when } from '../../lib/crud.ts';
import type { Command } from 'commander';
import type { Responses } from '../../generated/responses.ts';
import { durationText } from '../../lib/args.ts';
import { optionsOf } from '../../lib/context.ts';
import { usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { fields, printJson, say, table } from '../../lib/output.ts';
import { validateLocally } from '../../lib/validate.ts';
import { callControl, control } from './control-call.ts';

type FaultRule = Responses['add_fault'];

/** What a rule does: "503", "drop", "delay 2s, then 503" (the delay as --delay takes it). */
function faultAction(r: FaultRule): string {
  const then = r.drop ? 'drop' : r.status !== null ? String(r.status) : null;
  if (r.delayMs === null) return then ?? '-';
  const delay = durationText(r.delayMs);
  return then ? `delay ${delay}, then ${then}` : `delay ${delay}`;
}

/** Which requests it still applies to: "2 more", "used up", "p=0.5", "every one". */
function faultApplies(r: FaultRule): string {
  if (r.remaining !== null) return r.remaining > 0 ? `${r.remaining} more` : 'used up';
  if (r.probability !== null) return `p=${r.probability}`;
  return 'every one';
}

function showRule(io: IOStreams, r: FaultRule): void {
  fields(io, [
    ['ID', r.id],
    ['Method', r.method],
    ['Path', r.path],
    ['Fault', faultAction(r)],
    ['Applies to', faultApplies(r)],
    ['Matched', r.matched],
    ['Created', when(r.createdAt)],
  ]);
}

export async function faultsAdd(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{
    path: string;
    method?: string;
    status?: number;
    drop?: boolean;
    delay?: number;
    count?: number;
    probability?: number;
  }>(cmd);
  if (o.status === undefined && o.delay === undefined && !o.drop)
    throw usageError('a fault rule needs --status, --drop or --delay');
  const body = {
    method: o.method,
    path: o.path,
    status: o.status,
    delayMs: o.delay,
    drop: o.drop,
    count: o.count,
    probability: o.probability,
  };
  for (const k of Object.keys(body) as (keyof typeof body)[])
    if (body[k] === undefined) delete body[k];
  await validateLocally((await control('add_fault')).body!, body, 'body');
  const client = await f.apiClient(o);
  const rule = await callControl<FaultRule>(client, 'add_fault', { body });
  if (o.json) printJson(f.io, rule);
  else showRule(f.io, rule);
}

export async function faultsList(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const { data } = await callControl<{ data: FaultRule[] }>(client, 'list_faults');
  if (o.json) {
    printJson(f.io, data);
    return;
  }
  table(
    f.io,
    [
      { header: 'ID', id: true },
      { header: 'METHOD', cut: false },
      'PATH',
      'FAULT',
      { header: 'APPLIES TO', drop: 1 },
      { header: 'MATCHED', cut: false, align: 'right' },
    ],
    data.map((r) => [r.id, r.method, r.path, faultAction(r), faultApplies(r), r.matched]),
    { empty: 'No fault rules: every request is answered as usual.' },
  );
}

export async function faultsRemove(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  await validateLocally((await control('delete_fault')).params!, { faultId: id }, 'path');
  const client = await f.apiClient(o);
  const r = await callControl<{ id: string; deleted: true }>(client, 'delete_fault', {
    params: { faultId: id },
  });
  if (o.json) printJson(f.io, r);
  else say(f.io, `Removed fault rule ${id}.`);
}

export async function faultsClear(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const r = await callControl<{ deleted: number }>(client, 'clear_faults');
  if (o.json) printJson(f.io, r);
  else say(f.io, `Removed ${r.deleted} fault rule${r.deleted === 1 ? '' : 's'}.`);
}
