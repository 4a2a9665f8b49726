import { ApiCallError, type ApiClient } from './client.ts';
import type { AdAccount } from '../generated/responses.ts';

/** Customer ids compare without their dashes (123-456-7890 and 1234567890 are one account). */
export const sameAccount = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.replace(/-/g, '') === b.replace(/-/g, '');

/**
 * The ad-platform accounts the key may list (the workspace's default first). A key that may not
 * (no ads:read) gets none: amounts are then shown without their currency rather than not at all.
 */
export async function accountsOf(client: ApiClient): Promise<AdAccount[]> {
  try {
    return (await client.call<{ data: AdAccount[] }>('list_ads_accounts')).data;
  } catch (e) {
    if (e instanceof ApiCallError) return [];
    throw e;
  }
}

/** The currency of an account's amounts (budgets, costs): its currencyCode, or undefined when unknown. */
export function currencyOf(
  accounts: readonly AdAccount[],
  customerId: string | null | undefined,
): string | undefined {
  return accounts.find((a) => sameAccount(a.customerId, customerId))?.currencyCode;
}

/** An amount as people read it: `50 USD`, or the bare number when the currency is unknown. */
export const withCurrency = (amount: number | string, currency: string | undefined): string =>
  currency ? `${amount} ${currency}` : String(amount);
