/** A data store's row, the catalog owner of its content, and its record as the API shows it. */
import { dataStoreResource } from '../schemas/data-store.ts';
import type { DataStore } from '../schemas/records.ts';
import { SHARED } from './catalog.ts';

export interface DataStoreRow {
  seq: number;
  id: string;
  workspace_id: string | null;
  scope: DataStore['scope'];
  name: string;
  description: string;
  status: DataStore['status'];
  error: string;
  channel_count: number;
  video_count: number;
  source_channel_ids: string;
  source_video_ids: string;
  created_at: string;
  updated_at: string;
  ready_at: string | null;
}

/** A store row as its record, mapped by the declaration (server/schemas/data-store.ts). */
export const toRecord = (r: DataStoreRow): DataStore => dataStoreResource.toRecord(r);

/** Catalog owner of a store's content: the workspace, or the shared catalog for library stores. */
export const ownerOf = (row: DataStoreRow) => row.workspace_id ?? SHARED;
