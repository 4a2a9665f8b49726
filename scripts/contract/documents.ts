/** The OpenAPI documents the contract is read from, and how a place in them is named. */

export type Json = Record<string, any>;

/** The API's document and the controls' document of adcli serve, and what no schema holds. */
export interface Documents {
  api: Json;
  control: Json;
  /** the statuses of a campaign in the ad platform (server/schemas/records.ts: a record's field is free text) */
  adsStatuses: readonly string[];
}

/**
 * Where a value is read from: `<operation> <part>.<field>[.<field>…]`, part one of path, query,
 * header, body or response; `name[]` steps into the items of an array.
 */
export type At = string;
