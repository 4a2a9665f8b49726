/**
 * `adcli backend console`: adcli serve's console through a one-time login link. It exists only in
 * adcli serve: another deployment exits 3, as the other backend commands do.
 */
import type { Command } from 'commander';
import { CONTROL_PREFIX } from '../../generated/operations.ts';
import { openInBrowser, type OpenFlags } from '../../lib/browser.ts';
import { optionsOf } from '../../lib/context.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Factory } from '../../lib/factory.ts';
import { loginLink, noPagesOnLocal } from '../../lib/login-link.ts';
import { isLocal } from '../../lib/target.ts';

export async function openConsole(f: Factory, cmd: Command): Promise<void> {
  const o = optionsOf<OpenFlags>(cmd);
  if (isLocal(f.target(o)))
    throw new CliError(noPagesOnLocal('The console', 'adcli backend console'), EXIT.config);
  const client = await f.apiClient(o);
  const link = await loginLink(client, {});
  if (!link) {
    const t = client.target;
    throw new CliError(
      `${t.baseUrl} (profile ${t.profile}) is not adcli serve: the console exists only in adcli serve (it has no ${client.url('/login-links', undefined, CONTROL_PREFIX)}: 404)`,
      EXIT.refused,
    );
  }
  await openInBrowser(f, o, link.url, link.page, link.expiresAt);
}
