/**
 * Workspace snapshots through the controls of an in-process backend, and crafted copies of them made
 * with SQL on the file, as someone with the sqlite3 CLI would.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';
import type { TestBackend } from './backend.ts';

export interface SnapshotTools {
  /** GET /_adcli/v1/snapshot with `key`: the file's bytes (a 200 is asserted) */
  save(key: string): Promise<Uint8Array>;
  /** PUT /_adcli/v1/snapshot with `key`: the status and the parsed answer */
  load(bytes: Uint8Array, key: string): Promise<{ status: number; body: any; headers: Headers }>;
  /** a copy changed by SQL (`?` replaced by each param, quoted) or by a function of the open file */
  edited(
    bytes: Uint8Array,
    change: string | ((db: DatabaseSync) => void),
    ...params: string[]
  ): Uint8Array;
  /** rows of a query on a copy of the file */
  rowsOf(bytes: Uint8Array, sql: string): Record<string, unknown>[];
}

/** The tools for one backend; copies are written to `dir`, which the caller removes. */
export function snapshotTools(b: TestBackend, dir: string): SnapshotTools {
  let n = 0;
  const copy = (bytes: Uint8Array) => {
    const file = join(dir, `snapshot-${n++}.db`);
    writeFileSync(file, bytes);
    return file;
  };
  return {
    async save(key) {
      const res = await b.app.request('/_adcli/v1/snapshot', {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
      return new Uint8Array(await res.arrayBuffer());
    },
    async load(bytes, key) {
      const res = await b.app.request('/_adcli/v1/snapshot', {
        method: 'PUT',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/vnd.sqlite3' },
        body: bytes,
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : undefined,
        headers: res.headers,
      };
    },
    edited(bytes, change, ...params) {
      const file = copy(bytes);
      const db = new DatabaseSync(file, { enableForeignKeyConstraints: false });
      try {
        if (typeof change === 'function') change(db);
        else db.exec(params.reduce((s, p) => s.replace('?', `'${p.replace(/'/g, "''")}'`), change));
      } finally {
        db.close();
      }
      return new Uint8Array(readFileSync(file));
    },
    rowsOf(bytes, sql) {
      const db = new DatabaseSync(copy(bytes), { readOnly: true });
      try {
        return db.prepare(sql).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    },
  };
}
