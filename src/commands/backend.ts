import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { formatDuration } from '../../server/control/duration.ts';
import { CONTROL_PREFIX } from '../generated/operations.ts';
import { ApiCallError, type ApiClient, type RequestOptions } from '../lib/client.ts';
import { optionsOf } from '../lib/context.ts';
import { CliError, EXIT, SilentExit, usageError } from '../lib/errors.ts';
import type { Factory } from '../lib/factory.ts';
import type { IOStreams } from '../lib/iostreams.ts';
import {
  bold,
  escapeControl,
  fields,
  gray,
  notice,
  paint,
  printJson,
  printJsonLine,
  red,
  say,
  statusText,
  table,
} from '../lib/output.ts';
import type { GlobalOptions } from '../lib/target.ts';
import { validateLocally } from '../lib/validate.ts';
import { abortableSleep } from '../lib/wait.ts';
import { BOUNDS, type AdsStatus } from '../generated/contract.ts';
import type { Responses } from '../generated/responses.ts';

type ClockState = Responses['get_clock'];
type Advanced = Responses['advance_clock'];
type FaultRule = Responses['add_fault'];
type JournalEntry = Responses['list_requests']['data'][number];

const SNAPSHOT_TYPE = 'application/vnd.sqlite3';
/** Every SQLite file starts with these 16 bytes. */
const SQLITE_MAGIC = 'SQLite format 3\0';

/** A control's declaration (its zod schemas), loaded only to check input before any request. */
async function control(name: string) {
  const { controlOperations } = await import('../../server/control/operations.ts');
  const op = controlOperations.find((o) => o.name === name);
  if (!op) throw new Error(`no control ${name}`);
  return op;
}

/**
 * Calls a control of adcli serve. A deployment that is not adcli serve has no such route (404): that
 * is said plainly, with exit 3. A 404 of a control that names a record (a fault rule) is told apart
 * by asking for the clock, which every adcli serve has.
 */
async function callControl<T>(
  client: ApiClient,
  name: string,
  opts: RequestOptions & { params?: Record<string, string> } = {},
): Promise<T> {
  try {
    return await client.call<T>(name, opts);
  } catch (e) {
    throw await explain(client, e, opts.params !== undefined);
  }
}

async function explain(client: ApiClient, e: unknown, namesRecord: boolean): Promise<unknown> {
  if (!(e instanceof ApiCallError) || e.status !== 404) return e;
  if (namesRecord) {
    try {
      await client.call('get_clock');
      return e;
    } catch (probe) {
      if (!(probe instanceof ApiCallError) || probe.status !== 404) return e;
    }
  }
  const t = client.target;
  return new CliError(
    `${t.baseUrl} (profile ${t.profile}) is not adcli serve: backend commands work only with adcli serve and the local profile (it has no ${client.url('', undefined, CONTROL_PREFIX)} controls: 404)`,
    EXIT.refused,
  );
}

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

/** `backend clock advance DURATION`: checked locally (the server's own parser and bounds), then moved. */
export async function clockAdvance(f: Factory, by: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const body = { by };
  await validateLocally((await control('advance_clock')).body!, body, 'body');
  showAdvanced(f.io, o, await moveClock(f, o, 'advance_clock', body));
}

/** `backend clock set TIME`: an ISO instant with a zone, or a date; forward only (the server refuses going back). */
export async function clockSet(f: Factory, time: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const body = { time };
  await validateLocally((await control('set_clock')).body!, body, 'body');
  showAdvanced(f.io, o, await moveClock(f, o, 'set_clock', body));
}

/** Which backend a confirmation is about: the profile and where it points. */
function describeTarget(f: Factory, o: GlobalOptions): string {
  const t = f.target(o);
  return t.profile === t.baseUrl ? `profile ${t.profile}` : `profile ${t.profile} (${t.baseUrl})`;
}

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

/**
 * `backend snapshot save FILE`: the workspace's records as an SQLite file (never a key). Written to a private temporary file
 * beside FILE (mode 0600, created before the request, so an unwritable folder fails first), synced,
 * then renamed over FILE: never half a snapshot, never readable by others.
 */
export async function snapshotSave(f: Factory, file: string, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const io = f.io;
  const toStdout = file === '-';
  if (toStdout && io.isStdoutTTY())
    throw usageError(
      'a snapshot is a binary file: give a FILE, or redirect stdout (adcli backend snapshot save - > FILE)',
    );
  const path = toStdout ? '' : resolve(file);
  const tmp = `${path}.${randomUUID().slice(0, 8)}.tmp`;
  let fd: number | undefined;
  if (!toStdout) {
    try {
      fd = openSync(tmp, 'wx', 0o600);
    } catch (e) {
      throw usageError(`cannot write ${file}: ${(e as Error).message.replace(tmp, path)}`);
    }
  }
  try {
    const client = await f.apiClient(o);
    let bytes: Uint8Array;
    try {
      bytes = await client.callBytes('save_snapshot', { mediaType: SNAPSHOT_TYPE });
    } catch (e) {
      throw await explain(client, e, false);
    }
    if (fd === undefined) {
      io.stdout.write(bytes);
      return;
    }
    for (let at = 0; at < bytes.byteLength;) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
    if (o.json) printJson(io, { file: path, bytes: bytes.byteLength });
    else
      say(io, `Saved a snapshot of the workspace (${formatBytes(bytes.byteLength)}) to ${file}.`);
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(tmp, { force: true });
    }
  }
}

/** `backend snapshot load FILE`: replaces the workspace's records, after a confirmation or --yes. */
export async function snapshotLoad(f: Factory, file: string, cmd: Command): Promise<void> {
  const o = optionsOf<{ yes?: boolean }>(cmd);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw usageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  if (new TextDecoder().decode(bytes.subarray(0, SQLITE_MAGIC.length)) !== SQLITE_MAGIC) {
    throw usageError(
      `${file} is not a snapshot: not an SQLite file (adcli backend snapshot save writes one)`,
    );
  }
  await f.prompter.confirmOrYes(
    {
      question: `Replace everything the workspace holds on ${describeTarget(f, o)} with ${file}?`,
      withoutTerminal: "loading a snapshot (it replaces the workspace's records)",
      declined: 'nothing loaded',
    },
    o.yes,
  );
  const client = await f.apiClient(o);
  let text: string;
  try {
    text = new TextDecoder().decode(
      await client.callBytes('load_snapshot', { body: bytes, mediaType: SNAPSHOT_TYPE }),
    );
  } catch (e) {
    throw await explain(client, e, false);
  }
  const r = JSON.parse(text) as { workspace: string; rows: Record<string, number> };
  if (o.json) printJson(f.io, r);
  else {
    const n = (table: string) => r.rows[table] ?? 0;
    const count = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
    say(
      f.io,
      `Loaded ${file} into workspace ${r.workspace}: ${count(n('campaigns'), 'campaign')}, ${count(n('audiences'), 'saved audience')}, ${count(n('data_stores'), 'data store')}, ${count(n('brands'), 'brand')}.`,
    );
  }
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** What a rule does: "503", "drop", "delay 2000 ms, then 503". */
function faultAction(r: FaultRule): string {
  const then = r.drop ? 'drop' : r.status !== null ? String(r.status) : null;
  if (r.delayMs === null) return then ?? '-';
  return then ? `delay ${r.delayMs} ms, then ${then}` : `delay ${r.delayMs} ms`;
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
    ['Created', r.createdAt],
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
      { header: 'ID', cut: false },
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

const statusCell = (e: JournalEntry) => (e.status === 0 ? 'dropped' : String(e.status));

/** Replayed, the fault applied: what sets a request apart. */
function noteOf(e: JournalEntry): string {
  return [e.replayed ? 'replayed' : '', e.fault ? `fault ${e.fault}` : '']
    .filter(Boolean)
    .join(', ');
}

/** On a terminal, the columns that fit; piped, every field, one request a line. */
function journalTable(io: IOStreams, entries: JournalEntry[]): void {
  if (io.isStdoutTTY()) {
    table(
      io,
      [
        { header: 'SEQ', cut: false, align: 'right' },
        { header: 'AT', cut: false, drop: 1 },
        { header: 'METHOD', cut: false },
        'PATH',
        { header: 'STATUS', cut: false },
        { header: 'MS', cut: false, align: 'right', drop: 2 },
        { header: 'NOTE', drop: 3 },
      ],
      entries.map((e) => [e.seq, e.at, e.method, e.path, statusCell(e), e.durationMs, noteOf(e)]),
      { empty: 'No requests yet.' },
    );
  } else {
    table(
      io,
      [
        'SEQ',
        'AT',
        'METHOD',
        'PATH',
        'STATUS',
        'MS',
        'REQUEST ID',
        'IDEMPOTENCY KEY',
        'REPLAYED',
        'FAULT',
      ],
      entries.map((e) => [
        e.seq,
        e.at,
        e.method,
        e.path,
        statusCell(e),
        e.durationMs,
        e.requestId,
        e.idempotencyKey,
        e.replayed ? 'replayed' : null,
        e.fault,
      ]),
    );
  }
}

/** One request a line while following: JSON, tab-separated when piped, or aligned on a terminal. */
function followLine(io: IOStreams, e: JournalEntry): string {
  if (!io.isStdoutTTY()) {
    const cells = [
      e.seq,
      e.at,
      e.method,
      e.path,
      statusCell(e),
      e.durationMs,
      e.requestId,
      e.idempotencyKey ?? '-',
      e.replayed ? 'replayed' : '-',
      e.fault ?? '-',
    ];
    return cells.map((v) => escapeControl(String(v))).join('\t');
  }
  const status = statusCell(e).padEnd(7);
  const note = noteOf(e);
  return paint(
    io,
    gray(e.at),
    '  ',
    escapeControl(e.method).padEnd(6),
    ' ',
    e.status === 0 || e.status >= 400 ? red(status) : status,
    ' ',
    `${e.durationMs} ms`.padStart(9),
    '  ',
    e.path,
    note ? gray(`  (${note})`) : null,
  );
}

/**
 * `backend requests [--limit N] [--follow]`: the journal, oldest first; --follow polls every second
 * with `after` until Ctrl-C, which ends it quietly (nothing is lost) with the interrupted code.
 */
export async function requests(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<{ limit?: number; follow?: boolean }>(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  const first = await callControl<{ data: JournalEntry[] }>(client, 'list_requests', {
    query: { limit: o.limit },
  });
  if (!o.follow) {
    if (o.json) printJson(io, first.data);
    else journalTable(io, first.data);
    return;
  }
  const ctrlC = f.interrupts.takeOver();
  const { signal } = ctrlC;
  let after = 0;
  const print = (entries: JournalEntry[]) => {
    for (const e of entries) {
      if (o.json) printJsonLine(io, e);
      else io.stdout.write(followLine(io, e) + '\n');
      after = Math.max(after, e.seq);
    }
  };
  try {
    print(first.data);
    for (;;) {
      await abortableSleep(1000, signal);
      if (signal.aborted) break;
      try {
        print(
          (
            await callControl<{ data: JournalEntry[] }>(client, 'list_requests', {
              query: { after, limit: BOUNDS.journalLimit.max },
              signal,
            })
          ).data,
        );
      } catch (e) {
        if (signal.aborted) break;
        throw e;
      }
    }
  } finally {
    ctrlC.release();
  }
  throw new SilentExit(EXIT.interrupted);
}

type PlatformCampaign = Responses['list_ads_campaigns']['data'][number];

/** `backend ads list`: the workspace's campaigns in the ad platform, as a person there sees them. */
export async function adsList(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf(cmd);
  const client = await f.apiClient(o);
  const { data } = await callControl<{ data: PlatformCampaign[] }>(client, 'list_ads_campaigns');
  if (o.json) return printJson(f.io, data);
  table(
    f.io,
    [
      { header: 'CAMPAIGN', cut: false },
      'NAME',
      { header: 'STATUS', cut: false },
      { header: 'SERVING', cut: false },
      { header: 'AD PLATFORM ID', cut: false, drop: 2 },
      { header: 'ACCOUNT', cut: false, drop: 3 },
      { header: 'LAST SYNC', cut: false, drop: 1 },
    ],
    data.map((c) => [
      c.deletedInService ? `${c.campaignId} (deleted)` : c.campaignId,
      c.name,
      statusText(c.status),
      c.serving.status === 'SERVING' ? 'yes' : c.serving.status.toLowerCase().replace('_', ' '),
      c.googleAdsCampaignId,
      `${c.customerId} (${c.currencyCode})`,
      c.lastSyncAt ? c.lastSyncAt.slice(0, 16).replace('T', ' ') : 'not yet',
    ]),
    {
      empty:
        'No campaign of this workspace is in the ad platform yet: adcli campaigns publish ID creates one there (paused).',
    },
  );
  // why a campaign does not serve is worth a line each on a terminal
  if (f.io.isStdoutTTY())
    for (const c of data)
      if (c.serving.reason && c.status === 'ENABLED')
        notice(f.io, `${c.campaignId}: not serving: ${c.serving.reason}`);
}

/** `backend ads set-status CAMPAIGN STATUS`: what a person does in the ad platform. */
export async function adsSetStatus(
  f: Factory,
  campaign: string,
  status: AdsStatus,
  cmd: Command,
): Promise<void> {
  const o = optionsOf(cmd);
  await validateLocally(
    (await control('set_ads_status')).params!,
    { campaignId: campaign },
    'path',
  );
  const client = await f.apiClient(o);
  const r = await callControl<Responses['set_ads_status']>(client, 'set_ads_status', {
    params: { campaignId: campaign },
    body: { status },
  });
  if (o.json) return printJson(f.io, r);
  const what: Record<AdsStatus, string> = {
    ENABLED: 'it serves from now on, with the settings and targeting of its last sync',
    PAUSED: 'it stops serving until it is turned on again',
    REMOVED: 'it never serves again (a removed campaign cannot be turned back on)',
  };
  say(
    f.io,
    `Campaign ${r.campaignId} (ad platform ${r.googleAdsCampaignId}) is now ${r.status} in the ad platform: ${what[r.status]}. The service records it at the sync this started.`,
  );
}
