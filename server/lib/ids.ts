import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';

/** 24-hex ids shaped like MongoDB ObjectIds: seconds, a per-process random part, a counter. */
const processPart = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

/** Set while a seed makes records that must have the same ids everywhere (withStableIds). */
const stableIds = new AsyncLocalStorage<{ label: string; next: number; open: boolean }>();

export const ID_PATTERN = /^[a-f0-9]{24}$/;

export function newId(now: Date): string {
  const stable = stableIds.getStore();
  if (stable?.open) return stableId(`${stable.label}:${stable.next++}`);
  const b = Buffer.alloc(12);
  b.writeUInt32BE(Math.floor(now.getTime() / 1000) >>> 0, 0);
  processPart.copy(b, 4);
  counter = (counter + 1) & 0xffffff;
  b.writeUIntBE(counter, 9, 3);
  return b.toString('hex');
}

/** Deterministic id from a label, for seed data that must be the same on every machine. */
export function stableId(label: string): string {
  return createHash('sha256').update(label).digest('hex').slice(0, 24);
}

/**
 * Runs fn with newId giving stableId(`label:0`), stableId(`label:1`), …: records made in the same
 * order get the same ids on every run and machine (the demo seed, so the document's examples name
 * real records). The label must be unique in the store (a workspace's slug in it). Work that fn
 * leaves behind (a timer) gets random ids again once fn is done, so a later run of the same label
 * cannot meet an id it gave.
 */
export async function withStableIds<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const state = { label, next: 0, open: true };
  try {
    return await stableIds.run(state, fn);
  } finally {
    state.open = false;
  }
}

/** Unique per request and cheap: a random per-process prefix and a counter (no crypto per request). */
const requestPrefix = 'req_' + randomBytes(8).toString('hex');
let requestCounter = 0;
export function requestId(): string {
  return requestPrefix + (++requestCounter).toString(16).padStart(8, '0');
}
