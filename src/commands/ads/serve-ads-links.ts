import type { Factory } from '../../lib/factory.ts';
import { printJson, say, table } from '../../lib/output.ts';
import type { StoreFlags } from '../../lib/serve-store.ts';
import { withStore } from '../serve/serve-keys.ts';
import { assertStoreExists } from './serve-ads.ts';

/**
 * `adcli serve ads link|unlink|links`: which Google Ads accounts each workspace may use, as the
 * operator says, on the data dir or database (checked on every call the server makes to Google Ads).
 * While nothing is linked, a server of one workspace uses every account its credentials reach.
 */
type LinkOpts = StoreFlags & { workspace: string; customerId: string; json?: boolean };

export async function link(f: Factory, opts: LinkOpts): Promise<void> {
  assertStoreExists(f, opts);
  const r = await withStore(f, opts, (op) => op.linkAdsAccount(opts.workspace, opts.customerId));
  if (opts.json) return printJson(f.io, r);
  say(
    f.io,
    r.changed
      ? `Workspace ${r.workspace} may now use Google Ads account ${r.customerId} (adcli serve --ads-platform google-ads); it uses linked accounts only.`
      : `Workspace ${r.workspace} could already use Google Ads account ${r.customerId}; nothing changed.`,
  );
}

export async function unlink(f: Factory, opts: LinkOpts): Promise<void> {
  assertStoreExists(f, opts);
  const r = await withStore(f, opts, (op) => op.unlinkAdsAccount(opts.workspace, opts.customerId));
  if (opts.json) return printJson(f.io, r);
  say(
    f.io,
    r.changed
      ? `Workspace ${r.workspace} may no longer use Google Ads account ${r.customerId}; its campaigns there are not touched (they keep their status), but the server no longer syncs or reports them.`
      : `Google Ads account ${r.customerId} was not linked to workspace ${r.workspace}; nothing changed.`,
  );
}

export async function links(f: Factory, opts: StoreFlags & { json?: boolean }): Promise<void> {
  assertStoreExists(f, opts);
  const rows = await withStore(f, opts, (op) => op.adsLinks());
  if (opts.json) return printJson(f.io, rows);
  table(
    f.io,
    [{ header: 'WORKSPACE', id: true }, { header: 'ACCOUNT', cut: false }, 'LINKED'],
    rows.map((r) => [r.workspace, r.customerId, r.linkedAt]),
    {
      empty:
        'No Google Ads account is linked: a server of one workspace uses every account its credentials reach; link one with adcli serve ads link --workspace SLUG --customer-id 123-456-7890.',
    },
  );
}
