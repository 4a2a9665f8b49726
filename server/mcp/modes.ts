/**
 * What an MCP server is set to serve, beside what the key allows: a read-only mode (only the tools
 * that read) and toolsets (only the tools of some groups), as github-mcp-server has them. `adcli mcp
 * --read-only --toolsets campaigns,targeting` sets them on stdio; on /mcp the `X-MCP-Readonly` and
 * `X-MCP-Toolsets` headers or the paths `/mcp/readonly` and `/mcp/x/{toolsets}[/readonly]` do.
 *
 * The toolsets are the operation table's tags (the groups of the OpenAPI document and the CLI's
 * help), in the table's order, so a new operation is in its group's toolset without a word here.
 * A mode narrows what is listed and what may be called: a call to a tool outside it is refused,
 * naming the mode, before any request is made (the key's scopes still apply within it).
 */
import type { Operation } from '../operations/operation.ts';
import type { Tool } from './types.ts';

/** Every toolset, whatever the table holds. */
export const ALL_TOOLSETS = 'all';

export interface McpMode {
  /** only tools that only read (their operation's readOnly hint) */
  readOnly: boolean;
  /** the toolsets served; null: every one */
  toolsets: ReadonlySet<string> | null;
  /** where the mode was set, as a person would change it: `--read-only`, `the X-MCP-Readonly header` */
  readOnlyFrom?: string;
  toolsetsFrom?: string;
}

/** No mode: every tool. */
export const EVERY_TOOL: McpMode = { readOnly: false, toolsets: null };

/** The toolset of an operation: its tag in lower case, words joined by hyphens ("data stores" → data-stores). */
export function toolsetOf(op: Pick<Operation, 'tag'>): string {
  return op.tag
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

/** The toolsets of the table, in its order. */
export function toolsetNames(ops: readonly Pick<Operation, 'tag'>[]): string[] {
  return [...new Set(ops.map(toolsetOf))];
}

/** A toolset list naming a toolset the table does not have; its message lists the valid names. */
export class UnknownToolset extends Error {
  readonly unknown: string[];
  readonly valid: string[];
  constructor(unknown: string[], valid: string[], from: string) {
    const names = unknown.map((n) => `"${n}"`).join(', ');
    super(`${from}: no toolset ${names}; the toolsets are ${[...valid, ALL_TOOLSETS].join(', ')}`);
    this.name = 'UnknownToolset';
    this.unknown = unknown;
    this.valid = valid;
  }
}

/**
 * The toolsets a comma-separated list names (spaces and case ignored); null for every toolset (an
 * empty list, or `all` in it). Throws UnknownToolset, naming `from`, for a name the table lacks.
 */
export function parseToolsets(
  text: string,
  ops: readonly Pick<Operation, 'tag'>[],
  from: string,
): ReadonlySet<string> | null {
  const names = text
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const valid = toolsetNames(ops);
  const unknown = names.filter((n) => n !== ALL_TOOLSETS && !valid.includes(n));
  if (unknown.length) throw new UnknownToolset([...new Set(unknown)], valid, from);
  if (names.length === 0 || names.includes(ALL_TOOLSETS)) return null;
  return new Set(names);
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['', '0', 'false', 'no', 'off'];

/** A yes-or-no setting's text (1/true/yes/on, 0/false/no/off or empty); undefined for anything else. */
export function parseSwitch(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (TRUE.includes(t)) return true;
  if (FALSE.includes(t)) return false;
  return undefined;
}

/** The words a bad switch value is refused with. */
export const SWITCH_VALUES = '1, true, yes or on; 0, false, no or off';

/** Whether the mode serves the tool (lists it and lets it be called). */
export function inMode(mode: McpMode): (tool: Tool) => boolean {
  return (tool) => refusalOf(mode, tool) === undefined;
}

/**
 * Why the mode refuses a call of the tool, as the tool error's message and next step; undefined
 * when it serves the tool.
 */
export function refusalOf(
  mode: McpMode,
  tool: Tool,
): { message: string; next: string } | undefined {
  const set = toolsetOf(tool.operation);
  if (mode.toolsets && !mode.toolsets.has(set)) {
    const served = [...mode.toolsets].join(', ');
    return {
      message: `${tool.name} is in the ${set} toolset, and this MCP server serves only the toolsets ${served}${from(mode.toolsetsFrom)}`,
      next: `call the tools listed; a person can add ${set} to the toolsets`,
    };
  }
  if (mode.readOnly && !tool.operation.hints.readOnly) {
    return {
      message: `${tool.name} changes data, and this MCP server runs in read-only mode${from(mode.readOnlyFrom)}: only tools that read may be called`,
      next: 'tell the person what you would change; a person can serve the tools without the read-only mode',
    };
  }
  return undefined;
}

const from = (where: string | undefined) => (where ? ` (set by ${where})` : '');

/** What the instructions say of the mode; undefined for none. */
export function modeLine(mode: McpMode): string | undefined {
  const parts: string[] = [];
  if (mode.toolsets)
    parts.push(
      `Only the toolsets ${[...mode.toolsets].join(', ')} are served: other tools are neither listed nor callable.`,
    );
  if (mode.readOnly)
    parts.push(
      'Read-only mode: only tools that read are listed, and a tool that changes data is refused.',
    );
  return parts.length ? parts.join(' ') : undefined;
}
