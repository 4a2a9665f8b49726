// @store both
/**
 * The snapshot loader against crafted files, as an attacker with a second workspace and its own
 * `backend` key would make them: re-cased and renamed columns, extra tables and columns, triggers and
 * views, values of every type in every column, other workspaces' ids, rows twice. Whatever the file,
 * the answer is a 200 or a 400 (never a 5xx) and the other workspace is exactly as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../server/seed/index.ts';
import { expectError, ok } from './helpers/assert.ts';
import { testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { snapshotTools, type SnapshotTools } from './helpers/snapshots.ts';

const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : 20261128;
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let b: TestBackend;
let ctl: Client;
let demo: Client;
let demoCtl: Client;
let demoId: string;
let dir: string;
let tools: SnapshotTools;
/** the attacker's own workspace, saved: rows in every table a snapshot holds */
let bytes: Uint8Array;
/** the other workspace as its own key reads it */
let victim: unknown;

beforeAll(async () => {
  b = await testBackend();
  await runSeed(b.services, 'demo');
  ctl = await b.client({ prefix: '/_adcli/v1' });
  demo = await b.client({ workspace: 'demo' });
  demoCtl = await b.client({ workspace: 'demo', prefix: '/_adcli/v1' });
  demoId = await b.workspaceId('demo');
  dir = mkdtempSync(join(tmpdir(), 'adcli-test-snapshot-fuzz-'));
  tools = snapshotTools(b, dir);
  // the attacker's workspace holds the demo's records under ids of its own, a fault rule and a clock
  ok(await ctl.post('/reset', { seed: 'demo' }));
  ok(await ctl.post('/faults', { method: 'GET', path: '/brands', status: 503, count: 1 }), 201);
  ok(await ctl.post('/clock/advance', { by: '1d' }));
  ok(await demoCtl.post('/clock/freeze'));
  bytes = await tools.save(ctl.key);
  victim = await seenBy();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything of the other workspace its own keys can read, faults and clock included. */
async function seenBy(): Promise<unknown> {
  const read = async (c: Client, path: string) => ok(await c.get(path));
  return {
    workspace: await read(demo, '/workspace'),
    brands: await read(demo, '/brands?limit=100'),
    campaigns: await read(demo, '/campaigns?limit=100'),
    audiences: await read(demo, '/audiences?limit=100'),
    dataStores: await read(demo, '/data-stores?limit=100'),
    accounts: await read(demo, '/ads-platform/accounts'),
    faults: await read(demoCtl, '/faults'),
    clock: await read(demoCtl, '/clock'),
  };
}

/** The tables of the saved file that hold rows, with their columns. */
function tablesWithRows(): { table: string; columns: string[] }[] {
  return tools
    .rowsOf(
      bytes,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .map((r) => String(r.name))
    .filter((t) => Number(tools.rowsOf(bytes, `SELECT COUNT(*) AS n FROM "${t}"`)[0]!.n) > 0)
    .map((table) => ({
      table,
      columns: tools
        .rowsOf(bytes, `SELECT name FROM pragma_table_info('${table}')`)
        .map((r) => String(r.name)),
    }));
}

/** A load of a crafted file: never a 5xx, and the other workspace unchanged whatever it answered. */
async function attack(crafted: Uint8Array) {
  const r = await tools.load(crafted, ctl.key);
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
  expect(await seenBy()).toEqual(victim);
  return r;
}

/** `ALTER TABLE … RENAME COLUMN` to another case of the same name, SQLite's names being case-insensitive. */
const recase = (db: DatabaseSync, table: string, column: string, to: string) => {
  db.exec(`ALTER TABLE "${table}" RENAME COLUMN "${column}" TO "${column}_tmp"`);
  db.exec(`ALTER TABLE "${table}" RENAME COLUMN "${column}_tmp" TO "${to}"`);
};

describe('a crafted snapshot', () => {
  it.each([
    'brands',
    'campaigns',
    'jobs',
    'fault_rules',
    'workspace_clocks',
    'ad_accounts',
    'data_stores',
    'audiences',
    'fixture_refs',
  ])(
    'whose %s table names its workspace column in capitals is refused, and writes nothing into the workspace it names',
    async (table) => {
      const crafted = tools.edited(bytes, (db) => {
        recase(db, table, 'workspace_id', 'WORKSPACE_ID');
        db.prepare(`UPDATE "${table}" SET "WORKSPACE_ID" = ?`).run(demoId);
        db.prepare("UPDATE snapshot_meta SET value = ? WHERE name = 'workspace_id'").run(demoId);
      });
      expectError(
        await attack(crafted),
        400,
        'invalid_request',
        new RegExp(`table ${table} has a column "WORKSPACE_ID" that adcli's schema does not have`),
      );
    },
  );

  it.each<[string, string, RegExp]>([
    ['an extra table', 'CREATE TABLE notes (id TEXT)', /a table "notes" that adcli's schema/],
    [
      'an extra column',
      'ALTER TABLE brands ADD COLUMN owner TEXT',
      /table brands has a column "owner" that adcli's schema does not have/,
    ],
    [
      'a missing column',
      'ALTER TABLE brands DROP COLUMN website',
      /table brands has no column website/,
    ],
    [
      'a trigger',
      'CREATE TRIGGER t AFTER INSERT ON brands BEGIN DELETE FROM brands; END',
      /has a trigger "t", which adcli's schema does not/,
    ],
    [
      'a view',
      'CREATE VIEW v AS SELECT * FROM brands',
      /has a view "v", which adcli's schema does not/,
    ],
    [
      'a table in capitals beside its twin gone',
      'CREATE TABLE b2 AS SELECT * FROM brands; DROP TABLE brands; ALTER TABLE b2 RENAME TO BRANDS',
      /no table brands/,
    ],
    [
      'a brand twice, in a table without its constraints',
      'CREATE TABLE b2 AS SELECT * FROM brands; DROP TABLE brands; ALTER TABLE b2 RENAME TO brands; INSERT INTO brands SELECT * FROM brands LIMIT 1',
      /table brands holds two rows for id "[0-9a-f]{24}"/,
    ],
    [
      'two clocks for the workspace',
      'CREATE TABLE c2 AS SELECT * FROM workspace_clocks; DROP TABLE workspace_clocks; ALTER TABLE c2 RENAME TO workspace_clocks; INSERT INTO workspace_clocks SELECT * FROM workspace_clocks',
      /table workspace_clocks holds two rows for the workspace/,
    ],
    [
      'a snapshot_meta of other columns',
      'ALTER TABLE snapshot_meta RENAME COLUMN value TO VALUE2',
      /snapshot_meta must have the columns name and value/,
    ],
  ])('with %s is a 400 and changes nothing', async (_what, sql, message) => {
    expectError(await attack(tools.edited(bytes, sql)), 400, 'invalid_request', message);
  });

  it("with the other workspace's ids in its rows is a 400 and changes nothing", async () => {
    const theirs = ok(await demo.get('/campaigns?limit=1')).data[0].id as string;
    const crafted = tools.edited(bytes, (db) => {
      db.exec('PRAGMA foreign_keys = OFF');
      db.prepare('UPDATE campaign_audiences SET campaign_id = ? WHERE position = 0').run(theirs);
      db.prepare('UPDATE campaigns SET id = ? WHERE id = (SELECT MIN(id) FROM campaigns)').run(
        theirs,
      );
    });
    expectError(await attack(crafted), 400, 'invalid_request', /campaigns row/);
  });

  it('of any value in any column, a column re-cased or a row twice, answers 200 or 400 and leaves the other workspace alone', async () => {
    const tables = tablesWithRows();
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', 'x\u0000y', demoId, '2026-01-01T00:00:00.000Z', '[]', '{}', '{"a":1}'),
      fc.integer(),
      fc.constantFrom(-1, 0, 1, 2 ** 53, -(2 ** 60)),
      fc.double({ noNaN: true }),
      fc.constant(null),
      fc.uint8Array({ maxLength: 8 }),
      fc.constant(2n ** 62n),
    );
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        at: fc.nat(),
        column: fc.nat(),
        value,
      }),
      fc.record({ kind: fc.constant('recase' as const), at: fc.nat(), column: fc.nat() }),
      fc.record({ kind: fc.constant('twice' as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 3 }), async (changes) => {
        const crafted = tools.edited(bytes, (db) => {
          for (const c of changes) {
            const { table, columns } = tables[c.at % tables.length]!;
            if (c.kind === 'twice') {
              // without its constraints, as a hand-made file may be
              db.exec(
                `CREATE TABLE fuzz_copy AS SELECT * FROM "${table}"; DROP TABLE "${table}"; ALTER TABLE fuzz_copy RENAME TO "${table}"; INSERT INTO "${table}" SELECT * FROM "${table}" LIMIT 1`,
              );
              continue;
            }
            const live = db
              .prepare(`SELECT name FROM pragma_table_info(?)`)
              .all(table)
              .map((r) => String(r.name));
            const column = live[c.column % live.length] ?? columns[0]!;
            try {
              if (c.kind === 'recase') recase(db, table, column, column.toUpperCase());
              else
                db.prepare(
                  `UPDATE "${table}" SET "${column}" = ? WHERE rowid = (SELECT MIN(rowid) FROM "${table}")`,
                ).run(c.value as SQLInputValue);
            } catch {
              // the file's own constraints refused the change (a NULL where none may be): not made
            }
          }
        });
        const r = await attack(crafted);
        expect([200, 400]).toContain(r.status);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // after all of that, the attacker's own file still loads
    ok(await tools.load(bytes, ctl.key));
  }, 120_000);
});
