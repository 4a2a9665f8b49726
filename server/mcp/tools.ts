/**
 * MCP tools, generated from the operation table: one tool per operation, with the
 * operation's name, description and hints, presented for a model as the operation declares in its `tool`
 * (argument names that cannot be confused, compact results with `detail: "full"`, filters, waits;
 * the views' code is ./presentation.ts) and with
 * errors that say what to do next (./recovery.ts).
 *
 * A tool call is turned back into the API request it stands for (./tool-input.ts) and handed to a
 * `call` function (./tool-call.ts): the HTTP endpoint (`endpoint.ts`) sends it through the app's own
 * pipeline, so auth, scopes, workspace and key limits, validation, idempotency and the rate limit are
 * the API's very own; the stdio `adcli mcp` can send the same requests to a remote API. This module
 * imports no runtime part of the MCP SDK, so it costs nothing until a tool is used.
 */
import { CAMPAIGN_STATES } from '../schemas/records.ts';
import type { Operation } from '../operations/operation.ts';
import { jsonSchemaOf } from './listing-schema.ts';
import { presentationOf, type Presentation } from './presentation.ts';
import { pathTranslator, renameFields, type Translator } from './recovery.ts';
import { runTool } from './tool-call.ts';
import { toolInput } from './tool-input.ts';
import type { Tool } from './types.ts';
import type { WaitBounds } from './waits.ts';

export interface BuildOptions {
  /** how long a wait polls before it answers the state so far; default 10 min */
  waitTimeoutMs?: number;
  /** first poll interval of a wait; it grows to at most 2 s. Default 250 ms */
  pollIntervalMs?: number;
}

/**
 * The tools of the given operations, in table order. Throws at once if two sources of one operation
 * (path, query, body, MCP-only fields) name the same field: a flattened input would be ambiguous.
 */
export function buildTools(ops: readonly Operation[], opts: BuildOptions = {}): Tool[] {
  const names = new Set<string>();
  const translate = pathTranslator(ops);
  const bounds: WaitBounds = {
    timeoutMs: opts.waitTimeoutMs ?? 10 * 60_000,
    pollIntervalMs: opts.pollIntervalMs ?? 250,
  };
  return ops.map((op) => {
    if (names.has(op.name)) throw new Error(`two operations are named ${op.name}`);
    names.add(op.name);
    return buildTool(op, presentationOf(op), bounds, translate);
  });
}

function buildTool(
  op: Operation,
  pres: Presentation,
  bounds: WaitBounds,
  translate: Translator,
): Tool {
  const { inputSchema, toRequest } = toolInput(op, pres);
  const parts = {
    op,
    pres,
    bounds,
    translate,
    toRequest,
    say: (text: string) => renameFields(translate(text), pres.renames ?? {}),
    toolNames: translate.names,
  };
  return {
    name: op.name,
    title: op.summary,
    description: mcpDescription(op, pres),
    operation: op,
    inputSchema,
    inputJsonSchema: jsonSchemaOf(inputSchema, 'input'),
    annotations: {
      readOnlyHint: op.hints.readOnly,
      ...(op.hints.readOnly
        ? {}
        : { destructiveHint: op.hints.destructive, idempotentHint: op.hints.idempotent }),
      // the ad-platform tools reach a world outside the service; the others its own workspace data
      openWorldHint: op.hints.openWorld ?? false,
    },
    toRequest,
    run: (args, call, ctx = {}) => runTool(parts, args, call, ctx),
  };
}

/**
 * What the instructions say once for all tools, as the operation descriptions say it for each: left
 * out of the tools' descriptions (a sentence that is not found costs tokens, nothing else).
 */
const SAID_ONCE: (string | RegExp)[] = [
  CAMPAIGN_STATES,
  /;? ?pass nextCursor as cursor for the next page/,
  / ?Invite-only: a workspace that has not been invited gets 403 even with the scope\./,
  // the currency rule; a key's limits (a limited key is not even shown what it cannot call)
  / ?budget is in the currency of the customerId account \(list_ads_accounts\)\./,
  / ?A key limited to certain campaigns cannot create campaigns\./,
  / ?A key limited to other accounts gets 403\./,
];

/** The operation's description in the tool's argument names, without what the instructions say. */
function mcpDescription(op: Operation, pres: Presentation): string {
  let d = renameFields(op.description, pres.renames ?? {});
  for (const re of SAID_ONCE) d = d.replace(re, '');
  d = d.trim();
  return pres.note ? `${d} ${pres.note}` : d;
}
