/**
 * Which Google Ads accounts a workspace may use, checked on every call: the accounts the operator
 * linked to it (`adcli serve ads link`), or, while nothing at all is linked, every account the
 * credentials reach for a server of one workspace (none for a server of several: which workspace
 * may spend in which account is the operator's to say).
 *
 * An account is described by the `customer` resource (GAQL `SELECT customer.id,
 * customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM
 * customer`; reference: Customer); manager accounts hold no campaigns and are left out.
 */
import { digitsOnly, formatCustomerId } from '../../lib/customer-id.ts';
import { AdPlatformError, type AdAccount } from '../port.ts';
import { platformError } from './errors.ts';
import type { GoogleAdsRecords } from './records.ts';
import type { GoogleAdsRestClient } from './rest-client.ts';

const ACCOUNT_QUERY =
  'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer';

export class GoogleAdsAccounts {
  readonly #api: GoogleAdsRestClient;
  readonly #records: GoogleAdsRecords;
  readonly #ttlMs: number;
  readonly #described = new Map<string, { at: number; account: AdAccount | null }>();
  #accessible: { at: number; ids: string[] } | null = null;

  constructor(api: GoogleAdsRestClient, records: GoogleAdsRecords, ttlMs: number) {
    this.#api = api;
    this.#records = records;
    this.#ttlMs = ttlMs;
  }

  /** The workspace's accounts, the first linked (or the lowest id) first. */
  async of(workspaceId: string): Promise<AdAccount[]> {
    const ids = await this.#idsOf(workspaceId);
    const out: AdAccount[] = [];
    for (const id of ids) {
      const account = await this.describe(id);
      if (account) out.push(account);
    }
    return out;
  }

  /**
   * Throws `account_not_found` unless the account is the workspace's now: the check every call of
   * the platform makes before it touches an account.
   */
  async assertAllowed(workspaceId: string, customerId: string): Promise<void> {
    const id = formatCustomerId(customerId);
    if ((await this.#idsOf(workspaceId)).includes(id)) return;
    const linked = await this.#records.anyLink();
    throw new AdPlatformError(
      'account_not_found',
      linked
        ? `Google Ads account ${id} is not linked to this workspace; the operator links it with adcli serve ads link --workspace <slug> --customer-id ${id}`
        : `Google Ads account ${id} is not one this server may use for this workspace (the credentials do not reach it, or the server has several workspaces and no account is linked: adcli serve ads link)`,
    );
  }

  async #idsOf(workspaceId: string): Promise<string[]> {
    const links = await this.#records.linksOf(workspaceId);
    if (links.length > 0) return links;
    if (await this.#records.anyLink()) return [];
    if ((await this.#records.onlyWorkspace()) !== workspaceId) return [];
    return (await this.#accessibleIds()).map(formatCustomerId);
  }

  async #accessibleIds(): Promise<string[]> {
    if (this.#accessible && Date.now() - this.#accessible.at < this.#ttlMs)
      return this.#accessible.ids;
    let ids: string[];
    try {
      ids = (await this.#api.listAccessibleCustomers()).sort();
    } catch (e) {
      throw platformError('listing the Google Ads accounts the credentials reach', e);
    }
    this.#accessible = { at: Date.now(), ids };
    return ids;
  }

  /** The account's name, currency and time zone; null for a manager account. */
  async describe(customerId: string): Promise<AdAccount | null> {
    const digits = digitsOnly(customerId);
    const cached = this.#described.get(digits);
    if (cached && Date.now() - cached.at < this.#ttlMs) return cached.account;
    let rows;
    try {
      rows = await this.#api.searchStream(digits, ACCOUNT_QUERY);
    } catch (e) {
      throw platformError(`reading Google Ads account ${formatCustomerId(digits)}`, e);
    }
    const c = rows[0]?.customer;
    const account: AdAccount | null =
      !c || c.manager
        ? null
        : {
            customerId: formatCustomerId(String(c.id ?? digits)),
            name: String(c.descriptiveName ?? ''),
            currencyCode: String(c.currencyCode ?? ''),
            timeZone: String(c.timeZone ?? 'UTC'),
          };
    this.#described.set(digits, { at: Date.now(), account });
    return account;
  }
}
