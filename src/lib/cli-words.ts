/**
 * The API's next steps said in the CLI's words. The API's messages tell its callers what to do next
 * in its own terms: its operations (`set it with update_campaign`), its fields (`add dataStoreIds
 * to this audience`), its JSON (`null`), its headers (`Idempotency-Key`). A command that shows such a
 * message to a person says those steps with its commands and flags instead (`adcli campaigns update
 * ID --type TYPE`, `--data-store`, `--no-end-date`, `--idempotency-key`).
 *
 * What a message says was refused is said with the flags typed where a command maps its fields
 * (`--budget must be greater than 0`, src/lib/flag-words.ts), as the local checks say it for the
 * same value. Only the line people read changes: with --json an API error is the API's own.
 */
import { ApiCallError } from './client.ts';
import { PATTERN_WORDS, type Rewrite } from './flag-words.ts';
import { commandOperations } from './json-output.ts';

export type { Rewrite } from './flag-words.ts';

let commands: Map<string, string> | undefined;
/** The adcli command that runs an operation of the API: `update_campaign` → `campaigns update`. */
function commandFor(operation: string): string | undefined {
  commands ??= new Map(Object.entries(commandOperations()).map(([words, op]) => [op, words]));
  return commands.get(operation);
}

/** Phrases every command says in its own words (after its own rewrites). */
const ALWAYS: readonly Rewrite[] = [
  [
    /\bsend it again with the same Idempotency-Key\b/g,
    'run it again with the same --idempotency-key',
  ],
  // a route after an operation's name: the command that replaces the name says it
  [/ \((?:GET|POST|PUT|PATCH|DELETE) \/[^)\s]*\)/g, ''],
  // the API's patterns in words (`must match ^\d{4}-…` → `must be a date as YYYY-MM-DD`)
  ...PATTERN_WORDS,
];

/** A message of the API with its next steps in a command's words: its own rewrites, then ALWAYS, then operations named as commands. */
export function inCliWords(message: string, rewrites: readonly Rewrite[] = []): string {
  let s = message;
  for (const [pattern, to] of [...rewrites, ...ALWAYS]) s = s.replace(pattern, to as string);
  // an operation still named: `list_ads_accounts lists them` → `adcli ads accounts lists them`
  return s.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (op) => {
    const command = commandFor(op);
    return command ? `adcli ${command}` : op;
  });
}

/** An API refusal whose line for people is in CLI words; with --json it is the API's error as it came. */
class SaidInCliWords extends ApiCallError {
  readonly #api: ApiCallError;
  constructor(api: ApiCallError, said: string) {
    super(api.status, api.code, said, api.requestId);
    this.#api = api;
  }
  override toJSON() {
    return this.#api.toJSON();
  }
}

/** An API refusal on its way out of a command, in the command's words (inCliWords); anything else as it is. */
export function errorInCliWords(e: unknown, rewrites: readonly Rewrite[] = []): unknown {
  if (!(e instanceof ApiCallError)) return e;
  const said = inCliWords(e.apiMessage, rewrites);
  return said === e.apiMessage ? e : new SaidInCliWords(e, said);
}

/** Runs a command's work and says the API's refusals in its words (errorInCliWords). */
export async function sayingErrors<T>(
  rewrites: readonly Rewrite[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw errorInCliWords(e, rewrites);
  }
}

/**
 * The API's next step for a slot that is generating (a 409), in commands: follow it with
 * `targeting show --wait`.
 */
export const generatingWords = (campaignId: string): Rewrite[] => [
  [
    /\bcall get_targeting until its status is ready\b/g,
    `follow it with adcli targeting show ${campaignId} --wait`,
  ],
];
