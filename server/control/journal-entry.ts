/** A request as the journal keeps it: below both the journal and the sinks that store its rows. */

export interface JournalEntry {
  seq: number;
  /** when it arrived, in the workspace's time */
  at: string;
  method: string;
  /** path and query under the host; never a header, so never the key */
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  /** answered from the idempotency memory */
  replayed: boolean;
  /** the fault applied: a rule id, `prefer`, or null */
  fault: string | null;
}

export type NewJournalEntry = Omit<JournalEntry, 'seq'> & { workspaceId: string; keyId: string };
