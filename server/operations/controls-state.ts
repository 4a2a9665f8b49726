/**
 * The controls of a workspace's records as a whole: reset it (or seed it), save it to a snapshot or
 * load one, apply a fixtures document or export one.
 */
import { z } from 'zod';
import { applyFixtures, COUNTED } from '../control/fixtures/apply.ts';
import { exportFixtures } from '../control/fixtures/export.ts';
import { fixturesOpenApiSchema, KINDS, type FixturesOutput } from '../control/fixtures/schema.ts';
import { resetWorkspace } from '../control/reset.ts';
import { loadSnapshot, saveSnapshot } from '../control/snapshot.ts';
import { boolQuery } from '../schemas/common.ts';
import { SEEDS } from '../seed/index.ts';
import { apiRoutes } from './index.ts';
import {
  defineOperation,
  readOnly,
  RolledBack,
  type Operation,
  type UploadedFile,
} from './operation.ts';

/** A snapshot upload may be this large (it is streamed to a temporary file, never held in memory). */
export const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

const snapshotFile = z
  .custom<ReadableStream<Uint8Array>>((v) => v instanceof ReadableStream)
  .meta({ description: 'an SQLite file' });
const snapshotUpload = z
  .custom<UploadedFile>((v) => typeof (v as UploadedFile | undefined)?.path === 'string')
  .meta({ description: 'an SQLite file' });
const SQLITE_TYPE = 'application/vnd.sqlite3';

/** A fixtures document: read by the control itself, so its errors name the file, the record and the field. */
const fixturesBody = z
  .custom<unknown>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), {
    message: 'the body must be a fixtures document (a JSON object)',
  })
  .meta({ openapi: fixturesOpenApiSchema });
const fixturesAnswer = z.custom<FixturesOutput>().meta({ openapi: fixturesOpenApiSchema });

const kindCounts = z.strictObject({
  created: z.number(),
  updated: z.number(),
  deleted: z.number().meta({ description: 'removed by prune' }),
  unchanged: z.number(),
});

export const resetAndSnapshotControls: readonly Operation[] = [
  defineOperation({
    name: 'reset_workspace',
    method: 'POST',
    path: '/reset',
    scope: 'backend',
    tag: 'reset',
    summary: 'Reset the workspace',
    description:
      'Empties the workspace (campaigns, audiences, data stores, brands, imports, jobs, idempotency memory, ad-platform records, fault rules, journal) or loads a seed into it. The workspace and its API keys stay; the clock returns to real time.',
    body: z.strictObject({
      seed: z.enum(SEEDS).optional().meta({ description: 'load this seed after emptying' }),
    }),
    response: z.strictObject({ workspace: z.string(), seed: z.enum(SEEDS).nullable() }),
    errors: [400, 403, 409],
    wholeWorkspace: true,
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: async (actor, { body }, s) => {
      const result = await resetWorkspace(s, actor.workspaceId, body.seed);
      try {
        await s.controls.journal.clear(actor.workspaceId);
      } catch {
        // best effort: a journal that cannot be opened (a full disk) has nothing to clear
      }
      return result;
    },
  }),
  defineOperation({
    name: 'save_snapshot',
    method: 'GET',
    path: '/snapshot',
    scope: 'backend',
    tag: 'snapshots',
    summary: 'Save a snapshot of the workspace',
    description:
      "A consistent copy of the workspace's records (campaigns, audiences, data stores and their imports, brands, jobs, ad-platform records, its clock and fault rules), taken while serving, as an SQLite file. Never an API key, a login link, a session or an idempotency record. A key limited to accounts or campaigns may not save the whole workspace (403).",
    response: snapshotFile,
    errors: [403],
    timeDependent: true,
    wholeWorkspace: true,
    binary: { mediaType: SQLITE_TYPE, in: 'response' },
    hints: readOnly,
    handler: (actor, _i, s) => saveSnapshot(s, actor.workspaceId),
  }),
  defineOperation({
    name: 'load_snapshot',
    method: 'PUT',
    path: '/snapshot',
    scope: 'backend',
    tag: 'snapshots',
    summary: 'Load a snapshot into the workspace',
    description:
      "Replaces the workspace's records with a snapshot's, in one transaction; other workspaces, the workspace's keys, its slug and its invitations are untouched. Every row is checked as the API checks what it writes, references must stay inside the snapshot, and the workspace must read back as the API serves it: otherwise 400 naming the table and row, and nothing changes. A file from a newer adcli, or one whose records belong to another workspace of this server, is refused. A key limited to accounts or campaigns may not (403); 409 while an advance of the workspace's clock runs.",
    body: snapshotUpload,
    bodyRequired: true,
    response: z.strictObject({
      workspace: z.string(),
      rows: z.record(z.string(), z.number()).meta({ description: 'the rows loaded, by table' }),
    }),
    errors: [400, 403, 409, 413],
    wholeWorkspace: true,
    binary: { mediaType: SQLITE_TYPE, in: 'body', maxBytes: MAX_SNAPSHOT_BYTES },
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: (actor, { body }, s) => loadSnapshot(s, actor.workspaceId, body.path, apiRoutes),
  }),
];

export const fixturesControls: readonly Operation[] = [
  defineOperation({
    name: 'apply_fixtures',
    method: 'POST',
    path: '/fixtures',
    scope: 'backend',
    tag: 'fixtures',
    summary: 'Apply a fixtures document to the workspace',
    description:
      'Brands, data stores, saved audiences and campaigns (with their slots, targeting items and ad-platform status) and the clock, each named by a `ref` that other records use as `"@ref"`. Each record is matched by its ref to the record an earlier apply made (the workspace keeps its refs), created when there is none, and changed only where it differs, through the API\'s own rules: applying the same document again changes nothing (0 created, 0 updated). `prune` also deletes the records the workspace\'s refs name that the document does not. The document is checked whole before anything changes and applied in one transaction: a bad record changes nothing, and the 400 names the file (`file`), the record (its place and ref) and the field. The JSON Schema of the document is at /_adcli/v1/fixtures.schema.json. A key limited to accounts or campaigns may not (403); 409 while an advance moves the clock.',
    query: z.strictObject({
      prune: boolQuery(
        "also delete the records the workspace's refs name that the document does not name",
      ),
      dryRun: boolQuery(
        'check the document and count what applying it would create, update and delete, changing nothing (ids of records it would create are not kept)',
      ),
      file: z
        .string()
        .max(300)
        .optional()
        .meta({ description: 'the name of the file the document comes from, for messages' }),
    }),
    body: fixturesBody,
    bodyRequired: true,
    response: z.strictObject({
      workspace: z.string(),
      created: z.number(),
      updated: z.number(),
      deleted: z.number().meta({ description: 'removed by prune' }),
      unchanged: z.number(),
      kinds: z
        .strictObject(Object.fromEntries(COUNTED.map((k) => [k, kindCounts])))
        .meta({ description: 'the counts of each list of the document, and of the clock' }),
      refs: z.record(z.string(), z.strictObject({ kind: z.enum(KINDS), id: z.string() })).meta({
        description:
          'the record each ref of the document names now (in a dry run, those it would create have ids that were not kept)',
      }),
      notes: z.array(z.string()).meta({
        description:
          'what the apply did other than the document says, one sentence each: a campaign whose customerId names no account of this workspace (a file exported on another server) is put in its default account',
      }),
      dryRun: z.boolean().meta({
        description: 'true when nothing was changed: the counts are what an apply would do',
      }),
    }),
    errors: [400, 403, 409],
    wholeWorkspace: true,
    hints: { readOnly: false, destructive: true, idempotent: true },
    handler: async (actor, { query, body }, s) => {
      const applied = await applyFixtures(s, actor, body, { file: query.file, prune: query.prune });
      // a dry run is the same apply, rolled back: its counts are what the real one will say
      if (query.dryRun) throw new RolledBack({ ...applied, dryRun: true });
      return { ...applied, dryRun: false };
    },
  }),
  defineOperation({
    name: 'export_fixtures',
    method: 'GET',
    path: '/fixtures',
    scope: 'backend',
    tag: 'fixtures',
    summary: 'Export the workspace as a fixtures document',
    description:
      "The workspace's brands, data stores (sources, catalog content, imported resources), saved audiences and campaigns (settings, slots, targeting items, ad-platform status) and a clock that is not plain real time, as a fixtures document: each record named by the ref the workspace holds for it, or one made up from its name (the next apply of the document matches the record by it). Never a key, a session, a login link or the journal. Applied to an empty workspace it makes the same records. A key limited to accounts or campaigns may not (403).",
    response: fixturesAnswer,
    errors: [403],
    timeDependent: true,
    wholeWorkspace: true,
    hints: readOnly,
    handler: (actor, _i, s) => exportFixtures(s, actor),
  }),
];
