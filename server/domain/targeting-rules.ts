/**
 * The rules of hand edits shared by the targeting operations and the domain, in a module with no
 * imports: the CLI loads the operation table to check a request, and must not load the generator.
 */

/** The source of an item a person put in: regenerating keeps it. */
export const MANUAL = 'manual';
/** The reason of an exclusion a person made (by removing an item); other reasons are the generator's. */
export const REMOVED_BY_HAND = 'removed by hand';
export { MAX_SLOT_EXCLUSIONS, MAX_SLOT_ITEMS } from '../schemas/limits.ts';

/** What makes two items (or an item and an exclusion) the same: section and text, case and spacing aside. */
export function itemKey(i: { section: string; text: string }): string {
  return `${i.section}\u0000${i.text.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}
