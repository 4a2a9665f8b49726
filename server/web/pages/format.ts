/** How the pages write numbers, amounts and times (en-US, the currency after the amount, UTC). */
import type { Campaign } from '../../schemas/records.ts';

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const money = (n: number, currency: string) =>
  `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;
export const percent = (f: number) => `${(f * 100).toFixed(2)} %`;
/** What a ratio without a denominator shows: there is none (the API's 0 would read as a real 0). */
export const NO_RATIO = '–';
/** A budget as people read it: `50 USD daily` (the currency of the campaign's account, when known). */
export const budgetText = (c: Campaign, currency: string | null | undefined) =>
  c.budget === null
    ? null
    : `${c.budget}${currency ? ` ${currency}` : ''}${c.budgetType ? ` ${c.budgetType}` : ''}`;

/** 2026-03-02T10:00:00.000Z → 2026-03-02 10:00 UTC */
export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
