/**
 * What a tool is, the API request it stands for and what it answers: below the modules that build
 * and run tools (tools.ts, tool-call.ts, recovery.ts, waits.ts…), which all speak in these types, so
 * none of them imports another to name them.
 */
import type { z } from 'zod';
import type { Operation } from '../operations/operation.ts';
import type { Json } from './views.ts';

type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

/** One API request, as a tool call stands for it. `path` is under the API prefix (/api/v1). */
export interface ApiRequest {
  method: Operation['method'];
  /** e.g. `/campaigns/65a…/targeting`, path parameters filled in and URL-encoded */
  path: string;
  /** query parameters, already as strings */
  query: Record<string, string>;
  /** the JSON body; undefined for operations without one */
  body?: unknown;
  idempotencyKey?: string;
}

/** The API's answer: status and parsed JSON body (undefined when it was not JSON). */
export interface ApiReply {
  status: number;
  body: unknown;
  /** seconds, from a 429's Retry-After */
  retryAfter?: number;
}

export interface CallContext {
  /** aborted when the MCP request is cancelled or its connection closes */
  signal?: AbortSignal;
  /** a lookup of the tool's view (presentation.ts `lookup`): part of the tool call, not a request of its own */
  lookup?: boolean;
}

/** Sends one API request with the caller's key. Never rejects for an HTTP error status, only for a failure to get any answer. */
export type CallApi = (req: ApiRequest, ctx: CallContext) => Promise<ApiReply>;

/** What a tool answers; the shape of the MCP CallToolResult (kept local so this module needs no SDK). */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Json;
  isError?: boolean;
}

export interface ToolContext extends CallContext {
  /** present when the client asked for progress (it sent a progressToken) */
  progress?: (progress: number, total: number | undefined, message: string) => Promise<void>;
}

/** The MCP hints; destructive and idempotent only for writes (the protocol reads them only when readOnlyHint is false). */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  operation: Operation;
  /** path, query and body fields of the operation (under the tool's names) in one strict object, plus the MCP-only fields */
  inputSchema: AnyObject;
  /** the JSON Schema of the listed input, as tools/list carries it */
  inputJsonSchema: Json;
  annotations: ToolAnnotations;
  /** the API request the arguments stand for; throws an ApiError (400) naming the argument for arguments that cannot form one */
  toRequest(args: unknown): ApiRequest;
  /** runs the tool: one API request (or, with wait, the request and polling), the answer in the tool's view */
  run(args: unknown, call: CallApi, ctx?: ToolContext): Promise<ToolResult>;
}
