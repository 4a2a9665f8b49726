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
  /** where a proxied exchange broke the contract (adcli serve --proxy); empty otherwise */
  violations: ContractViolation[];
}

/** A place where a request or its answer broke the contract: a field path and what is wrong there. */
export interface ContractViolation {
  where: 'request' | 'response';
  path: string;
  message: string;
}

export type NewJournalEntry = Omit<JournalEntry, 'seq' | 'violations'> & {
  workspaceId: string;
  keyId: string;
  violations?: readonly ContractViolation[];
};
