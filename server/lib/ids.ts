import { createHash, randomBytes } from 'node:crypto';

/** 24-hex ids shaped like MongoDB ObjectIds: seconds, a per-process random part, a counter. */
const processPart = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

export const ID_PATTERN = /^[a-f0-9]{24}$/;

export function newId(now: Date): string {
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

/** Unique per request and cheap: a random per-process prefix and a counter (no crypto per request). */
const requestPrefix = 'req_' + randomBytes(8).toString('hex');
let requestCounter = 0;
export function requestId(): string {
  return requestPrefix + (++requestCounter).toString(16).padStart(8, '0');
}
