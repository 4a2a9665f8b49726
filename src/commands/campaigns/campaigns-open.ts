/**
 * `adcli campaigns open ID` (and `campaigns get ID --web`): against adcli serve, its page through a
 * one-time login link; against another deployment, the record's `url` (that application has its
 * own sign-in); on the local profile, exit 3 with how to get a server.
 */
import type { Command } from 'commander';
import { openInBrowser, type OpenFlags } from '../../lib/browser.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { loginLink, noPagesOnLocal } from '../../lib/login-link.ts';
import { isLocal } from '../../lib/target.ts';
import { operation, validateLocally } from '../../lib/validate.ts';

export async function openCampaign(f: Factory, id: string, cmd: Command): Promise<void> {
  const o = optionsOf<OpenFlags>(cmd);
  await validateLocally((await operation('get_campaign')).params!, { campaignId: id }, 'path');
  if (isLocal(f.target(o)))
    throw new CliError(
      noPagesOnLocal('The campaign page', `adcli campaigns open ${id}`),
      EXIT.config,
    );
  const client = await f.apiClient(o);
  // The campaign first: an unknown id or one outside the key's limits is said as for campaigns get.
  const campaign = await client.call<{ url: string }>('get_campaign', {
    params: { campaignId: id },
  });
  const link = await loginLink(client, { campaignId: id });
  if (link) await openInBrowser(f, o, link.url, link.page, link.expiresAt);
  else await openInBrowser(f, o, campaign.url, campaign.url, null);
}
