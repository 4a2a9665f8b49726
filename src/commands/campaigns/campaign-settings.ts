import type { Rewrite } from '../../lib/cli-words.ts';
import { bodyFrom } from '../../lib/crud.ts';
import { flagRewrites, flagsOf, type FlagsOf } from '../../lib/flag-words.ts';
import { bodyFieldsOf } from '../../lib/resource-flags.ts';
import { RESOURCE_FLAGS } from '../../generated/flags.ts';

/** Flag name → API field, for the settings flags of create and update (from the declaration). */
const FLAG_FIELDS = bodyFieldsOf(RESOURCE_FLAGS.campaign);

/** The body from the flags: `--no-X` clears a nullable setting (null). */
export const bodyFromFlags = (opts: Record<string, unknown>) => bodyFrom(opts, FLAG_FIELDS, null);

/** API field → the flag of create and update that sets it: `endDate` → `--end-date`. */
export const CAMPAIGN_FLAGS: FlagsOf = flagsOf(FLAG_FIELDS);

/** The API's next steps about a campaign's settings, and its fields, said with the flags of create and update. */
export const CAMPAIGN_WORDS: readonly Rewrite[] = [
  // an end date already past: "… or has no end date (null)"
  [/\bor has no end date \(null\)/g, 'or has no end date (--no-end-date)'],
  ...flagRewrites(CAMPAIGN_FLAGS),
];
