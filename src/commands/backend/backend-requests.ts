import type { Command } from 'commander';
import { BOUNDS } from '../../generated/contract.ts';
import type { Responses } from '../../generated/responses.ts';
import { optionsOf } from '../../lib/context.ts';
import { EXIT, SilentExit } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import {
  escapeControl,
  gray,
  paint,
  printJson,
  printJsonLine,
  red,
  table,
} from '../../lib/output.ts';
import { abortableSleep } from '../../lib/wait.ts';
import { callControl } from './control-call.ts';

type JournalEntry = Responses['list_requests']['data'][number];

const statusCell = (e: JournalEntry) => (e.status === 0 ? 'dropped' : String(e.status));

/** Replayed, the fault applied, contract violations: what sets a request apart. */
function noteOf(e: JournalEntry): string {
  const n = e.violations.length;
  return [
    e.replayed ? 'replayed' : '',
    e.fault ? `fault ${e.fault}` : '',
    n ? `${n} contract violation${n === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** A request's violations, one `where path: message` each. */
const violationTexts = (e: JournalEntry) =>
  e.violations.map((v) => `${v.where} ${v.path}: ${v.message}`);

/** Under the table, each violation of each request, for --violations on a terminal. */
function violationLines(io: IOStreams, entries: JournalEntry[]): void {
  for (const e of entries)
    for (const text of violationTexts(e))
      io.stdout.write(
        `${e.seq}  ${escapeControl(e.method)} ${escapeControl(e.path)}  ${escapeControl(text)}\n`,
      );
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
        'VIOLATIONS',
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
        violationTexts(e).join('; ') || null,
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
      violationTexts(e).join('; ') || '-',
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
  const o = optionsOf<{ limit?: number; follow?: boolean; violations?: boolean }>(cmd);
  const io = f.io;
  const client = await f.apiClient(o);
  const only = o.violations ? { violations: 'true' } : {};
  const first = await callControl<{ data: JournalEntry[] }>(client, 'list_requests', {
    query: { limit: o.limit, ...only },
  });
  if (!o.follow) {
    if (o.json) printJson(io, first.data);
    else if (o.violations && first.data.length === 0)
      io.stdout.write('No exchange broke the contract.\n');
    else {
      journalTable(io, first.data);
      if (o.violations && io.isStdoutTTY()) violationLines(io, first.data);
    }
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
              query: { after, limit: BOUNDS.journalLimit.max, ...only },
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
