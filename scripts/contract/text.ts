/** Text for the generated files. */

/** A value as a TypeScript literal. */
export const q = (v: unknown) => JSON.stringify(v);
/** Text for a one-line doc comment. */
export const comment = (s: unknown) => String(s).replace(/\s+/g, ' ').replace(/\*\//g, '* /');
