/**
 * What a tool call answers a model: a result (the answer's JSON as text, then its note) or an error
 * that reads "code: message — next step (request id …)".
 */
import type { ToolResult } from './types.ts';
import type { Json } from './views.ts';

export function errorResult(
  code: string,
  message: string,
  requestId?: string,
  next?: string,
): ToolResult {
  return {
    content: [
      {
        type: 'text',
        text: `${code}: ${message}${next ? ` — ${next}` : ''}${requestId ? ` (request id ${requestId})` : ''}`,
      },
    ],
    isError: true,
  };
}

/**
 * A result: the answer as serialized JSON in a text block, then its note. No `structuredContent`:
 * the tools declare no outputSchema (results are compact views, shaped by detail and filters), so
 * the protocol (2025-11-25) does not ask for one, and beside it the spec says the same JSON SHOULD
 * also be sent as text for clients that read only content: both would send every answer twice
 * (2.1-2.4 times the bytes), and a host that hands both to its model pays twice in tokens.
 */
export function okResult(body: Json, note?: string): ToolResult {
  const content: ToolResult['content'] = [{ type: 'text', text: JSON.stringify(body) }];
  if (note) content.push({ type: 'text', text: note });
  return { content };
}
