import { z } from 'zod';
import type { Operation } from '../operations/operation.ts';
import { errorResponse } from '../schemas/common.ts';

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'The request lacks something or has a bad value; the message says what.',
  401: 'No API key, or the key is wrong or revoked.',
  403: 'The key lacks the scope, or is not allowed this campaign or account.',
  404: 'Nothing with that id in this workspace.',
  409: 'The current state does not allow the operation, or an idempotency key was reused with a different body.',
  413: 'The body is larger than 1 MB.',
  429: 'More requests in a minute than the limit; wait Retry-After seconds and retry.',
  500: 'Something went wrong on our side; quote the request id.',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: location, required: location === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

export interface DocumentInfo {
  title: string;
  description: string;
  /** where the operations' paths live on the host */
  prefix: string;
}

const API_INFO: DocumentInfo = {
  title: 'Advertising Campaign Management API',
  description: 'Campaigns, audience targeting, saved audiences, data stores, brands and the ad platform. Served by adcli.',
  prefix: '/api/v1',
};

/** The OpenAPI 3.1 document, generated from an operation table (the API's, or adcli serve's controls). */
export function openApiDocument(ops: readonly Operation[], version: string, info: DocumentInfo = API_INFO): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of ops) {
    const write = op.method !== 'GET';
    const success = op.successStatus ?? 200;
    // Every operation can answer 400 (unknown query parameters, a bad Idempotency-Key), 401, 403 (the
    // scope) and 429, whatever its own list says: the shared pipeline in app.ts checks those.
    const errors = [...new Set([...op.errors, 400, 401, 403, 429, ...(write ? [409, 413] : []), 500])].sort((a, b) => a - b);
    const responses: Record<string, Json> = {
      [success]: {
        description: success === 201 ? 'Created' : 'OK',
        headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
        content:
          op.binary?.in === 'response'
            ? { [op.binary.mediaType]: { schema: { type: 'string', contentMediaType: op.binary.mediaType } } }
            : { 'application/json': { schema: schemaOf(op.response, 'output') } },
      },
    };
    for (const status of errors) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        ...(status === 429 ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: op.name,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      security: [{ bearerAuth: [] }],
      'x-scope': op.scope,
      parameters: [
        ...parameters(op.params, 'path'),
        ...parameters(op.query, 'query'),
        ...(write ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ],
      ...(op.binary?.in === 'body'
        ? { requestBody: { required: true, content: { [op.binary.mediaType]: { schema: { type: 'string', contentMediaType: op.binary.mediaType } } } } }
        : op.body
          ? { requestBody: { required: op.bodyRequired ?? false, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } }
          : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version, description: info.description },
    servers: [{ url: info.prefix }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(ops.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: the service prefix, an underscore, and the secret.' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Any unique string. A repeat returns the first result without repeating the change; remembered for 24 hours; reused with a different body gives 409.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      headers: {
        RequestId: { description: 'Identifies the request; error bodies repeat it as requestId.', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
      },
      schemas: { Error: schemaOf(errorResponse, 'output') },
    },
  };
}
