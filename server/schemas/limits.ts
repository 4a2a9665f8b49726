/** Bounds the contract fixes that both the schemas and the domain read (the domain re-exports them). */

/** Audience slots of a campaign: its primary one and up to nine copies of saved audiences. */
export const MAX_SLOTS = 10;
/** Items of one audience slot's targeting. */
export const MAX_SLOT_ITEMS = 500;
/** Items a person removed from a slot, which generation leaves out from then on. */
export const MAX_SLOT_EXCLUSIONS = 1000;
