/**
 * A workspace as every read operation of the table shows it: each GET of the API and of the
 * controls, called for each record its path names (every campaign, slot, data store, brand,
 * audience, channel) and each account a required query names, its status and answer kept by
 * operation and path. A new read operation is swept without anyone listing it; one whose path or
 * required query names something this cannot fill is an error that says so.
 */
import { operations } from '../../server/operations/index.ts';
import { controlOperations } from '../../server/operations/controls.ts';
import type { Operation } from '../../server/operations/operation.ts';
import { ok } from './assert.ts';
import type { Client } from './backend.ts';

export type Reads = Record<string, { status: number; body: unknown }>;

/** What the sweep can put in a path or a required query, by parameter name. */
interface Values {
  [param: string]: { value: string; under?: Record<string, string> }[];
}

async function valuesOf(api: Client): Promise<Values> {
  const list = async (path: string) =>
    ok(await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=100`)).data as any[];
  const campaigns = await list('/campaigns');
  const stores = await list('/data-stores?includeLibrary=true');
  const channels = new Set<string>();
  for (const s of stores)
    for (const c of await list(`/data-stores/${s.id}/channels`)) channels.add(c.channelId);
  const accounts = ok(await api.get('/ads-platform/accounts')).data as any[];
  return {
    campaignId: campaigns.map((c) => ({ value: c.id })),
    slotId: campaigns.flatMap((c) =>
      c.audiences.map((s: any) => ({ value: s.id, under: { campaignId: c.id } })),
    ),
    dataStoreId: stores.map((s) => ({ value: s.id })),
    brandId: (await list('/brands')).map((b) => ({ value: b.id })),
    audienceId: (await list('/audiences')).map((a) => ({ value: a.id })),
    channelId: [...channels].sort().map((value) => ({ value })),
    customerId: accounts.map((a) => ({ value: a.customerId })),
    query: [{ value: 'trail' }],
  };
}

const shapeOf = (schema: unknown) =>
  (
    schema as
      { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> } | undefined
  )?.shape ?? {};

/** Each way to fill the operation's path params and required query from `values`. */
function requests(op: Operation, values: Values): { path: string; query: string }[] {
  const names = [
    ...Object.keys(shapeOf(op.params)),
    ...Object.entries(shapeOf(op.query))
      .filter(([, s]) => !s.safeParse(undefined).success)
      .map(([k]) => k),
  ];
  let combos: Record<string, string>[] = [{}];
  for (const name of names) {
    const options = values[name];
    if (!options) throw new Error(`${op.name}: nothing to give ${name}; teach every-read.ts`);
    combos = combos.flatMap((combo) =>
      options
        .filter((o) => Object.entries(o.under ?? {}).every(([k, v]) => combo[k] === v))
        .map((o) => ({ ...combo, [name]: o.value })),
    );
  }
  const query = shapeOf(op.query);
  return combos.map((combo) => {
    const q = new URLSearchParams();
    // the most the operation takes (a page of 100, or fewer where it says so)
    const limit = ['100', '50', '25', '10'].find((n) => query.limit?.safeParse(n).success);
    if (limit) q.set('limit', limit);
    if ('includeLibrary' in query) q.set('includeLibrary', 'true');
    for (const [k, v] of Object.entries(combo)) if (k in query) q.set(k, v);
    return {
      path: op.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(combo[k]!)),
      query: q.size ? `?${q}` : '',
    };
  });
}

/**
 * Every read of the workspace: `api` a client of the API, `ctl` of the controls (both with every
 * scope); `skip` names operations left out, each with the reason.
 */
export async function everyRead(
  api: Client,
  ctl: Client,
  skip: Record<string, string> = {},
): Promise<Reads> {
  const values = await valuesOf(api);
  const out: Reads = {};
  const ops = [
    ...operations.map((op) => ({ op, client: api })),
    ...controlOperations.map((op) => ({ op, client: ctl })),
  ].filter(({ op }) => op.method === 'GET' && !op.binary && !(op.name in skip));
  for (const { op, client } of ops)
    for (const { path, query } of requests(op, values)) {
      const res = await client.get(path + query);
      // an error's request id is the request's, not the workspace's
      let body = res.body;
      if (res.status >= 400 && typeof body?.error === 'object') {
        const { requestId: _, ...error } = body.error;
        body = { ...body, error };
      }
      out[`${op.name} ${path}${query}`] = { status: res.status, body };
    }
  return out;
}
