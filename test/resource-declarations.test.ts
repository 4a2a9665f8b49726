// @store both
/**
 * The resources declared once (server/schemas/resources.ts) against the surfaces still written by
 * hand: the store's migrations and the snapshot loader's checks. A field declared without its column,
 * a column without its declaration, or a field or kept column the snapshot check forgets fails here,
 * by name: the brand's, the data store's, the saved audience's and the campaign's alike.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyResource, FieldSpec, ReadOnlySpec } from '../server/schemas/resource.ts';
import { SNAPSHOT_TABLES } from '../server/control/snapshot-tables.ts';
import { campaignAudienceSlotResource } from '../server/schemas/campaign.ts';
import { resources } from '../server/schemas/resources.ts';
import { expectError, ok } from './helpers/assert.ts';
import { bodyFields, fullBody } from './helpers/every-field.ts';
import { onPostgres, testBackend, type Client, type TestBackend } from './helpers/backend.ts';
import { snapshotTools, type SnapshotTools } from './helpers/snapshots.ts';

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

/** A value no record's part shows that is not a word of it: refused by an enumeration, a number, a time. */
const NOT_SHOWN = 'not-one-of-them';

/**
 * The columns the domain keeps whose record's part would refuse NOT_SHOWN (a status, a count, a
 * time); not one that picks the workspace's rows for a snapshot (a data store's scope: another value
 * leaves the row out, it is no bound).
 */
function keptBounded(resource: AnyResource): [string, ReadOnlySpec & { column: string }][] {
  const picks = SNAPSHOT_TABLES.find((t) => t.name === resource.table)!.where;
  return Object.entries(resource.readOnly).flatMap(([n, s]) =>
    s.column !== undefined &&
    !new RegExp(`\\b${s.column}\\b`).test(picks) &&
    !s.output.safeParse(NOT_SHOWN).success
      ? [[n, { ...s, column: s.column }]]
      : [],
  );
}

/** The API path of a resource's collection: its table's name in kebab case (/data-stores). */
const pathOf = (resource: AnyResource) => `/${resource.table.replaceAll('_', '-')}`;

const declared: [string, AnyResource][] = Object.entries(resources);

describe.each(declared)('the %s resource', (noun, resource) => {
  it('has exactly the columns of its declared fields in the store, and no other', async () => {
    expect(await tableColumns(resource.table)).toEqual(
      [...resource.systemColumns, ...resource.storeColumns].sort(),
    );
  });

  it('is refused in a snapshot when any field is out of its bounds, naming the field', async () => {
    ok(await b.api.post(pathOf(resource), { name: `A ${noun}` }), 201);
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
    // and each column the domain keeps, checked as its record shows it
    for (const [part, { column }] of keptBounded(resource)) {
      const edited = tools.edited(saved, `UPDATE ${resource.table} SET ${column} = ?`, NOT_SHOWN);
      const r = await tools.load(edited, ctl.key);
      expectError(r, 400, 'invalid_request', resource.table);
      expect(r.body.error.message, `${part} unchecked`).toMatch(new RegExp(`${part}|${column}`));
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
      channelIds: ['UCnhwCGpIe9IdW5plisiGJLT'],
      videoIds: ['dQw4w9WgXcQ'],
    };
    const fields = bodyFields(`create_${noun}`);
    const body = fullBody(
      `create_${noun}`,
      Object.fromEntries(Object.entries(given).filter(([k]) => k in fields)),
    );
    // the stored fields; a create's other inputs (a campaign's data stores) are the domain's
    const stored = Object.fromEntries(resource.names.map((n) => [n, body[n]]));
    const made = ok(await b.api.post(pathOf(resource), body), 201);
    // what the record shows of them (a data store's sources it does not)
    const shown = resource.names.filter((n) => resource.stored[n]!.output !== undefined);
    expect(resource.record.parse(made)).toMatchObject(
      Object.fromEntries(shown.map((n) => [n, body[n]])),
    );
    const row = await b.store.get<Record<string, unknown>>(
      `SELECT * FROM ${resource.table} WHERE id = ?`,
      made.id,
    );
    expect(resource.toBody(row!)).toEqual(stored);
  });
});

/** A campaign's audience slot: declared too, made by attaching a saved audience to a campaign. */
describe('the audience slot, a part of the campaign', () => {
  const slot = campaignAudienceSlotResource;

  async function attached() {
    const store = ok(await b.api.post('/data-stores', { name: 'Slot store' }), 201);
    const saved = ok(
      await b.api.post('/audiences', { name: 'Saved', dataStoreIds: [store.id] }),
      201,
    );
    const campaign = ok(await b.api.post('/campaigns', { name: 'With a slot' }), 201);
    const after = ok(
      await b.api.post(`/campaigns/${campaign.id}/audiences`, { audienceId: saved.id }),
      201,
    );
    return { store, saved, campaign: after };
  }

  it('has exactly the columns of its declared fields in the store, and no other', async () => {
    expect(await tableColumns(slot.table)).toEqual(
      [...slot.systemColumns, ...slot.storeColumns].sort(),
    );
  });

  it('is refused in a snapshot when a field is out of its bounds, naming the field', async () => {
    await attached();
    const saved = await tools.save(ctl.key);
    for (const field of slot.names) {
      const value = outOfBounds(slot.stored[field]!);
      if (value === null) continue;
      const { column } = slot.stored[field]!;
      const edited = tools.edited(saved, `UPDATE ${slot.table} SET ${column} = ?`, value);
      const r = await tools.load(edited, ctl.key);
      expectError(r, 400, 'invalid_request', slot.table);
      expect(r.body.error.message, `${field} unchecked`).toMatch(new RegExp(`${field}|${column}`));
    }
    ok(await tools.load(saved, ctl.key));
  });

  it('copies the saved audience on attach, and round-trips an update through its row', async () => {
    const { store, saved, campaign } = await attached();
    const made = slot.record.parse(campaign.audiences.at(-1));
    // the domain fills what the create body leaves out: the saved audience's name and data stores
    expect(made).toEqual({
      id: made.id,
      name: 'Saved',
      audienceId: saved.id,
      dataStoreIds: [store.id],
    });
    const patch = { name: 'Renamed', dataStoreIds: [] };
    const after = ok(await b.api.patch(`/campaigns/${campaign.id}/audiences/${made.id}`, patch));
    expect(slot.record.parse(after.audiences.at(-1))).toEqual({ ...made, ...patch });
    const row = await b.store.get<Record<string, unknown>>(
      `SELECT * FROM ${slot.table} WHERE id = ?`,
      made.id,
    );
    expect(slot.values(row!)).toEqual({ name: 'Renamed', audienceId: saved.id, dataStoreIds: [] });
    expect(slot.updateBody.parse(patch)).toEqual(patch);
  });
});
