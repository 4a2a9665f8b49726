import { existsSync } from 'node:fs';
import type { AdsStatus } from '../../generated/contract.ts';
import { CliError, EXIT, usageError } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { printJson, say, statusText, table } from '../../lib/output.ts';
import { storeSpec, type StoreFlags } from '../../lib/serve-store.ts';
import { withStore } from '../serve/serve-keys.ts';
import { adsPlatformSettings, type AdsPlatformOptions } from '../serve/serve-ads-platform.ts';

/**
 * `adcli serve ads …` act on a store that exists: a mistyped --data, or the data dir of no server
 * (inside `adcli serve --memory --exec`, whose store is a private temporary file), must not make an
 * empty store and then say no campaign exists.
 */
export function assertStoreExists(
  f: Factory,
  opts: StoreFlags & { profile?: string; baseUrl?: string },
): void {
  // a profile names an API, which these operator commands never talk to
  if (opts.profile !== undefined || opts.baseUrl !== undefined) {
    throw usageError(
      `adcli serve ads acts on a data dir (--data) or database (--database), not on ${opts.profile !== undefined ? '--profile' : '--base-url'}: through the API of a server, use adcli backend ads set-status CAMPAIGN STATUS`,
    );
  }
  const spec = storeSpec(f, opts);
  if (spec.kind === 'sqlite' && !existsSync(spec.path)) {
    throw new CliError(
      `no adcli serve store at ${spec.path}: adcli serve ads acts on a data dir an adcli serve uses (--data DIR). To turn a campaign on in a running adcli serve (also inside --exec or with --memory), use: adcli backend ads set-status CAMPAIGN ENABLED`,
      EXIT.unexpected,
    );
  }
}

/**
 * The ad platform the server of this store publishes to: --ads-platform (else ADCLI_ADS_PLATFORM)
 * and, for Google Ads, its credentials from the environment, as adcli serve reads them.
 */
function platformOf(f: Factory, opts: AdsPlatformOptions) {
  const given = opts.adsPlatform !== 'simulated' ? opts.adsPlatform : undefined;
  return adsPlatformSettings(f, {
    adsPlatform: given ?? (f.env.ADCLI_ADS_PLATFORM?.trim() || 'simulated'),
    googleAdsBaseUrl:
      opts.googleAdsBaseUrl ?? (f.env.ADCLI_GOOGLE_ADS_BASE_URL?.trim() || undefined),
    googleOauthTokenUrl:
      opts.googleOauthTokenUrl ?? (f.env.ADCLI_GOOGLE_OAUTH_TOKEN_URL?.trim() || undefined),
  });
}

export async function setStatus(
  f: Factory,
  campaign: string,
  status: AdsStatus,
  opts: StoreFlags & AdsPlatformOptions & { json?: boolean },
): Promise<void> {
  assertStoreExists(f, opts);
  const result = await withStore(
    f,
    opts,
    (op) => op.setAdsStatus(campaign, status),
    platformOf(f, opts),
  );
  if (opts.json) printJson(f.io, result);
  else
    say(
      f.io,
      `Campaign ${result.campaignId} (ad platform ${result.googleAdsCampaignId}) is now ${result.status} in the ad platform; the service records it at the sync this started.`,
    );
}

/**
 * The simulated platform's campaigns: status there, and when the service last synced each one. A
 * campaign deleted in the service is still listed (marked deleted): the platform campaign lives on.
 */
export async function listCampaigns(
  f: Factory,
  opts: StoreFlags & AdsPlatformOptions & { json?: boolean },
): Promise<void> {
  const io = f.io;
  assertStoreExists(f, opts);
  const rows = await withStore(f, opts, (op) => op.adsCampaigns(), platformOf(f, opts));
  if (opts.json) return printJson(io, rows);
  table(
    io,
    [
      { header: 'AD PLATFORM ID', id: true },
      { header: 'STATUS', cut: false },
      { header: 'CAMPAIGN', id: true },
      { header: 'WORKSPACE', drop: 2 },
      'NAME',
      { header: 'ACCOUNT', cut: false, drop: 3 },
      { header: 'LAST SYNC', cut: false, drop: 1 },
    ],
    rows.map((r) => [
      r.googleAdsCampaignId,
      statusText(r.status),
      r.deletedInService ? `${r.campaignId} (deleted)` : r.campaignId,
      r.workspace,
      r.name,
      r.customerId,
      r.lastSyncAt ?? 'not yet',
    ]),
    { empty: 'No campaigns in the ad platform yet: adcli campaigns publish ID creates one there.' },
  );
  // what Google Ads did not take is said, campaign by campaign: nothing a marketer cannot see
  for (const r of rows)
    for (const problem of r.problems ?? [])
      say(io, `${r.googleAdsCampaignId}: not taken by the ad platform: ${problem}`);
}
