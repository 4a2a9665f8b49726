// The contract as the CLI needs it at start-up, read out of the OpenAPI documents the server builds
// from its zod schemas (server/http/openapi.ts): the enumerations and bounds of flags, and the types
// of the responses. Nothing here is typed by hand: each named enum or bound says which fields of
// which operations it is read from, and the generator fails when those fields disagree (then the CLI
// needs two names, not one). scripts/gen-operations.ts writes the files.
// The pieces live in scripts/contract/: the documents' types, the table of named enums and bounds
// (specs.ts), reading the documents (reader.ts), and the two renderers.

export type { Documents } from './contract/documents.ts';
export { BOUNDS, ENUMS } from './contract/specs.ts';
export { renderContract } from './contract/render-contract.ts';
export { renderResponses } from './contract/render-responses.ts';
