// @store both
/**
 * The resources declared once (server/schemas/resources.ts) against the surfaces still written by
 * hand: the store's migrations and the snapshot loader's checks. A field declared without its column,
 * a column without its declaration, or a field the snapshot check forgets fails here, by name: the
 * brand's, the saved audience's and the campaign's alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyResource, FieldSpec } from '../server/schemas/resource.ts';
import { resources } from '../server/schemas/resources.ts';
import { expectError, ok } from './helpers/assert.ts';
import { bodyFields, fullBody } from './helpers/every-field.ts';
import { onPostgres, testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { snapshotTools, type SnapshotTools } from './helpers/snapshots.ts';

/** The columns every workspace record has besides its fields. */
const SYSTEM_COLUMNS = ['id', 'seq', 'workspace_id', 'created_at', 'updated_at'];

let b: TestBackend;
let ctl: Client;
let dir: string;
let tools: SnapshotTools;

beforeAll(async () => {
  b = await testBackend();
  ctl = await b.client({ prefix: '/_adcli/v1' });
  dir = mkdtempSync(join(tmpdir(), 'adcli-test-resources-'));
  tools = snapshotTools(b, dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function tableColumns(table: string): Promise<string[]> {
  const rows = onPostgres
    ? await b.store.all<{ name: string }>(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
        table,
      )
    : await b.store.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`);
  return rows.map((r) => r.name).sort();
}

/**
 * The column value of a field just past its schema's bound: a text one character too long, a list
 * one item too long, a number past its maximum, a word no enumeration has (a nullable one's too);
 * null when the schema bounds nothing of these.
 */
function outOfBounds(field: FieldSpec): string | null {
  type Bounds = { maxLength?: number; maxItems?: number; maximum?: number; enum?: unknown[] };
  const json = z.toJSONSchema(field.input, { io: 'input', unrepresentable: 'any' }) as Bounds & {
    anyOf?: (Bounds & { type?: string })[];
  };
  // a nullable field's bounds are those of its other branch
  const bounds = json.anyOf?.find((branch) => branch.type !== 'null') ?? json;
  if (bounds.maxItems !== undefined)
    return JSON.stringify(Array.from({ length: bounds.maxItems + 1 }, () => 'a'.repeat(24)));
  if (bounds.maxLength !== undefined) return 'x'.repeat(bounds.maxLength + 1);
  // a REAL column takes the text as its number
  if (bounds.maximum !== undefined) return String(bounds.maximum + 1);
  if (bounds.enum) return 'not-one-of-them';
  return null;
}

const declared: [string, AnyResource][] = Object.entries(resources);

describe.each(declared)('the %s resource', (noun, resource) => {
  it('has exactly the columns of its declared fields in the store, and no other', async () => {
    expect(await tableColumns(resource.table)).toEqual(
      [...SYSTEM_COLUMNS, ...resource.storeColumns].sort(),
    );
  });

  it('is refused in a snapshot when any field is out of its bounds, naming the field', async () => {
    ok(await b.api.post(`/${resource.table}`, { name: `A ${noun}` }), 201);
    const saved = await tools.save(ctl.key);
    for (const field of resource.names) {
      const value = outOfBounds(resource.stored[field]!);
      if (value === null) continue;
      const { column } = resource.stored[field]!;
      const edited = tools.edited(saved, `UPDATE ${resource.table} SET ${column} = ?`, value);
      const r = await tools.load(edited, ctl.key);
      expectError(r, 400, 'invalid_request', resource.table);
      // the message names the field, or its column
      const { column: named } = resource.stored[field]!;
      expect(r.body.error.message, `${field} unchecked`).toMatch(new RegExp(`${field}|${named}`));
    }
    // the file as saved still loads: the refusals above were the fields'
    ok(await tools.load(saved, ctl.key));
  });

  it('round-trips every field through a record read and a store row', async () => {
    // every field set, as the round-trip tests set them: what a schema cannot make up is given
    const store = ok(await b.api.post('/data-stores', { name: 'Empty' }), 201);
    const brand = ok(await b.api.post('/brands', { name: 'Given brand' }), 201);
    const saved = ok(await b.api.post('/audiences', { name: 'Given audience' }), 201);
    const accounts = ok(await b.api.get('/ads-platform/accounts'));
    const given = {
      website: 'https://round-trip.example',
      dataStoreIds: [store.id],
      brandId: brand.id,
      audienceIds: [saved.id],
      customerId: accounts.data[0].customerId,
      language: 'de',
      locations: ['DE', 'AT'],
      endDate: '2030-12-31',
    };
    const fields = bodyFields(`create_${noun}`);
    const body = fullBody(
      `create_${noun}`,
      Object.fromEntries(Object.entries(given).filter(([k]) => k in fields)),
    );
    // the stored fields; a create's other inputs (a campaign's data stores) are the domain's
    const stored = Object.fromEntries(resource.names.map((n) => [n, body[n]]));
    const made = ok(await b.api.post(`/${resource.table}`, body), 201);
    expect(resource.record.parse(made)).toMatchObject(stored);
    const row = await b.store.get<Record<string, unknown>>(
      `SELECT * FROM ${resource.table} WHERE id = ?`,
      made.id,
    );
    expect(resource.toBody(row!)).toEqual(stored);
  });
});
