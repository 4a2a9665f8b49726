/** The files `adcli serve` starts from: a --snapshot to load, a --fixtures document to apply. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyFixturesTo, type ApplyResult } from '../control/fixtures/apply.ts';
import { loadSnapshot, snapshotWorkspaces } from '../control/snapshot.ts';
import { apiRoutes } from '../operations/index.ts';
import { ServerStartError } from './errors.ts';

/**
 * --snapshot: each workspace of the file starts as it was saved, in the workspace of its name (made
 * if needed). The file is loaded from a private copy: loading migrates it in place.
 */
export async function loadSnapshotFile(
  services: Parameters<typeof loadSnapshot>[0],
  file: string,
): Promise<void> {
  const copyDir = mkdtempSync(join(tmpdir(), 'adcli-snapshot-'));
  try {
    const copy = join(copyDir, 'snapshot.db');
    copyFileSync(file, copy);
    for (const slug of snapshotWorkspaces(copy)) {
      const ws = await services.workspaces.ensure(slug);
      await loadSnapshot(services, ws.id, copy, apiRoutes);
    }
  } catch (e) {
    throw new ServerStartError('snapshot', `--snapshot ${file}: ${(e as Error).message}`);
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

/**
 * --fixtures: the document applied to the workspace the server starts with (the first key's), as
 * `adcli backend apply` applies it; at each start again, changing only what differs.
 */
export async function applyFixturesFile(
  services: Parameters<typeof applyFixturesTo>[0],
  slug: string,
  fixtures: { file: string; document: unknown },
): Promise<ApplyResult> {
  try {
    const ws = await services.workspaces.bySlug(slug);
    if (!ws) throw new Error(`no workspace ${slug}`);
    return await applyFixturesTo(services, ws, fixtures.document, { file: fixtures.file });
  } catch (e) {
    throw new ServerStartError('fixtures', `--fixtures ${(e as Error).message}`);
  }
}
