/** A data store's row, the catalog owner of its content, and its record as the API shows it. */
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

export function toRecord(r: DataStoreRow): DataStore {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    error: r.error,
    scope: r.scope,
    channelCount: r.channel_count,
    videoCount: r.video_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    readyAt: r.ready_at ?? '',
  };
}

/** Catalog owner of a store's content: the workspace, or the shared catalog for library stores. */
export const ownerOf = (row: DataStoreRow) => row.workspace_id ?? SHARED;
