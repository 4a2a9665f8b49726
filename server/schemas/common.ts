import { z } from 'zod';
import { ERROR_CODES } from '../lib/errors.ts';

/** Field building blocks shared by the operation schemas; bounds come from the contract's Limits table. */
export const hexId = (what: string) =>
  z
    .string()
    .regex(/^[a-f0-9]{24}$/)
    .meta({ description: `${what} id (24 lowercase hex characters)` });

/**
 * A record's id in an answer (campaign, slot, audience, data store, brand): 24 lowercase hex
 * characters, as the contract fixes, stated as a pattern so generated clients and proxies (Prism,
 * `serve --proxy`) can check it.
 */
export const recordId = z.string().regex(/^[a-f0-9]{24}$/);

export const channelId = z
  .string()
  .regex(/^UC[A-Za-z0-9_-]{22}$/)
  .meta({ description: 'video-platform channel id (UC followed by 22 characters)' });

export const videoId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{11}$/)
  .meta({ description: 'video id (11 characters)' });

export const customerId = z
  .string()
  .regex(/^\d{3}-?\d{3}-?\d{4}$/)
  .meta({ description: 'ad-platform customer id, 10 digits, dashes optional (123-456-7890)' });

export const isoTime = z.string().meta({ description: 'ISO 8601 timestamp', format: 'date-time' });
/** A timestamp, or empty while the moment has not come (a store still collecting, a slot never generated). */
export const isoTimeOrEmpty = z.union([isoTime, z.literal('')]);
/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.string().meta({ description: 'YYYY-MM-DD', format: 'date' });

/** An ISO 8601 instant with a zone, to the millisecond at the most, or a date alone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An instant a client names (a time to set a clock to): ISO 8601 with a zone
 * (2026-12-01T09:00:00Z), or a date (midnight UTC). `field`, where given, begins the message of a
 * refusal ("time must be …"); without it the message is the field's own ("must be …").
 */
export const isoInstant = (field?: string) =>
  z
    .string()
    .max(40)
    .refine((s) => ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s)), {
      message: `${field ? `${field} ` : ''}must be an ISO 8601 instant with a zone, e.g. 2026-12-01T09:00:00Z, or a date`,
    })
    .meta({
      description: 'ISO 8601 instant with a zone (2026-12-01T09:00:00Z), or a date (midnight UTC)',
      openapi: { pattern: ISO_INSTANT.source },
    });

/**
 * A whole number in a query string: decimal digits only ("0x10", "1e2", " 5", "" are refused, not
 * read as numbers). A number given as such (the CLI's own checks) passes too. Documented as an
 * integer: what the parameter means, which is how OpenAPI describes a query parameter.
 */
export const queryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v),
    z.number().int().min(min).max(max),
  );

export const listQuery = {
  name: z
    .string()
    .max(160)
    .optional()
    .meta({ description: 'only items whose name contains this text (case-insensitive)' }),
  limit: queryInt(1, 100).default(25).meta({ description: 'page size, 1-100' }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({
      description: 'the nextCursor of the previous page',
      openapi: {
        description:
          'the nextCursor of the previous page of this list, unchanged: an opaque token; any other text is refused (400)',
      },
    }),
};

/**
 * The Idempotency-Key header of a write: any string of 1 to 200 characters (the contract's Limits).
 * What a header can carry is the document's pattern: visible characters and spaces, no control
 * characters, and spaces at its ends are not part of the value.
 */
export const idempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .meta({
    openapi: {
      pattern:
        '^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*[\\u0021-\\u007e\\u0080-\\u00ff][\\t\\u0020-\\u007e\\u0080-\\u00ff]*$',
    },
  });

/** A flag in a query string: `true` or `false` (nothing else), documented as a boolean. */
export const boolQuery = (description: string) =>
  z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
    .default(false)
    .meta({ description });

export const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'pass as cursor for the next page; null on the last page' }),
  });

export const deleted = z.strictObject({ id: recordId, deleted: z.literal(true) });

export const errorResponse = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES).meta({ description: 'stable, machine-readable code' }),
    message: z.string().meta({ description: 'plain-language explanation' }),
    requestId: z.string().optional().meta({ description: 'quote it when asking for help' }),
  }),
});

export const SCOPES = [
  'campaigns:read',
  'campaigns:write',
  'audiences:read',
  'audiences:write',
  'datasets:read',
  'datasets:write',
  'brands:read',
  'brands:write',
  'exploration:read',
  'ads:read',
  'ads:write',
  // adcli serve's own: the controls under /_adcli/v1 (clock, reset, snapshots, faults, journal)
  'backend',
] as const;
export type Scope = (typeof SCOPES)[number];
