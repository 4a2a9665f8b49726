import { z } from 'zod';
import { errorStatusesOf, type Operation } from '../operations/operation.ts';
import { errorResponse, idempotencyKey } from '../schemas/common.ts';

type Json = Record<string, any>;

const STATUS_TEXT: Record<number, string> = {
  400: 'The request lacks something or has a bad value; the message says what.',
  401: 'No API key, or the key is wrong or revoked.',
  403: 'The key lacks the scope, or is not allowed this campaign or account.',
  404: 'Nothing with that id in this workspace.',
  409: 'The current state does not allow the operation, or an idempotency key was reused with a different body.',
  413: 'The body is larger than 1 MB.',
  429: 'More requests in a minute than the limit; wait Retry-After seconds and retry.',
  500: 'Something went wrong on our side; quote the request id.',
  503: 'The service cannot take the request now (busy, or its disk is full); retry after Retry-After seconds.',
};

/** Text without a NUL character (no text of a request may hold one). */
const NO_NUL = '^[^\\u0000]*$';

/** What a member of any shape may hold, said where the schema cannot say it flatly. */
const ANY_JSON_WITHOUT_NUL =
  'Any JSON value. No string or member name in it, at any depth, may hold a NUL character (U+0000): a body with one is refused with 400 naming the field.';

/** Component names of records whose schema title says otherwise. */
const RENAMED: Record<string, string> = { Audience: 'SavedAudience' };

/**
 * JSON Schema keywords a schema states in this document only, under the meta key `openapi` (or a
 * function giving them, for what is costly to compute): rules and long wording that would cost the
 * MCP tool listing its token budget (the listing leaves the key out, server/mcp/listing-schema.ts). What it
 * holds replaces the schema's own keywords of the same name (`description`, say).
 */
export type OpenApiOnly = Record<string, unknown> | (() => Record<string, unknown>);

/**
 * The metadata zod's JSON Schema conversion sees: the schemas' own (descriptions, titles, formats)
 * with their `openapi` keywords, and for every schema with a title an `id`, which makes zod write it
 * once under $defs and $ref it wherever it appears. So each record (Campaign, Brand, …) becomes one
 * named component.
 */
class TitlesAsIds extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  override get<S extends z.core.$ZodType>(schema: S) {
    type Meta = ReturnType<z.core.$ZodRegistry<z.core.GlobalMeta>['get']>;
    const found = z.globalRegistry.get(schema);
    if (!found) return found;
    const { openapi, ...meta } = found as z.core.GlobalMeta & { openapi?: OpenApiOnly };
    const merged =
      openapi === undefined
        ? meta
        : { ...meta, ...(typeof openapi === 'function' ? openapi() : openapi) };
    if (!merged.title) return merged as Meta;
    return { ...merged, id: RENAMED[merged.title] ?? merged.title } as Meta;
  }
}
const metadata = new TitlesAsIds();

/** The named schemas of one document, filled while its operations are converted. */
class Components {
  readonly schemas: Record<string, Json> = {};

  /**
   * The JSON Schema of a zod schema, its named parts moved to components/schemas and $ref'd. A named
   * schema whose input and output shapes differ (a default) gets a second component, NameInput.
   * Each component's title is its name: client generators name their classes by title, and two
   * components of one title would be one class (the answer of one of them lost).
   */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      metadata,
    }) as Json;
    const json = io === 'input' ? this.#withoutNul(converted) : converted;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    delete json.$defs;
    const names: Record<string, string> = Object.fromEntries(
      Object.keys(defs).map((id) => [id, id]),
    );
    const rename = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rename);
      if (v && typeof v === 'object') {
        const out: Json = {};
        for (const [k, x] of Object.entries(v)) {
          out[k] =
            k === '$ref' && typeof x === 'string' && x.startsWith('#/$defs/')
              ? `#/components/schemas/${names[x.slice(8)] ?? x.slice(8)}`
              : rename(x);
        }
        return out;
      }
      return v;
    };
    const named = (name: string, def: Json): Json => ({ ...(rename(def) as Json), title: name });
    // Compared with their refs renamed: a schema holding a named one is the same as before when both
    // are. A def renamed to NameInput can make one holding it differ too, so until nothing changes.
    for (let changed = true; changed;) {
      changed = false;
      for (const [id, def] of Object.entries(defs)) {
        const existing = this.schemas[id];
        if (names[id] === id && existing !== undefined && !same(existing, named(id, def))) {
          names[id] = `${id}Input`;
          changed = true;
        }
      }
    }
    for (const [id, def] of Object.entries(defs)) {
      const name = names[id]!;
      const renamed = named(name, def);
      const existing = this.schemas[name];
      if (existing !== undefined && !same(existing, renamed))
        throw new Error(`two different schemas are named ${name}`);
      this.schemas[name] = renamed;
    }
    return rename(json) as Json;
  }

  /**
   * An input schema that says what the pipeline refuses everywhere (validation.ts): no text holds a
   * NUL character, neither a string nor a member's name. A string with no pattern or enumeration
   * gets the pattern (a pattern of our own excludes NUL by itself); an object that takes members of
   * any name, propertyNames; a member of any shape, a flat schema whose description says it (no
   * recursive construct: generators and fuzzers read flat schemas only).
   */
  #withoutNul(node: Json): Json {
    const out: Json = { ...node };
    for (const k of ['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'])
      if (isSchema(out[k])) out[k] = this.#withoutNul(out[k]);
    for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
      if (Array.isArray(out[k])) out[k] = out[k].map((x: Json) => this.#withoutNul(x));
    for (const k of ['properties', '$defs'])
      if (isSchema(out[k]))
        out[k] = Object.fromEntries(
          Object.entries(out[k]).map(([n, x]) => [n, this.#withoutNul(x as Json)]),
        );
    const types = Array.isArray(out.type) ? out.type : [out.type];
    if (
      types.includes('string') &&
      out.pattern === undefined &&
      out.enum === undefined &&
      out.const === undefined &&
      !out.anyOf &&
      !out.oneOf
    )
      out.pattern = NO_NUL;
    if (types.includes('object') && out.additionalProperties !== false) {
      out.propertyNames ??= { pattern: NO_NUL };
      if (
        isSchema(out.additionalProperties) &&
        Object.keys(out.additionalProperties).length === 0
      ) {
        // said in words on a flat schema: a recursive one ("not a value that holds a NUL", through
        // `not` and `contains`) sends Schemathesis into endless recursion and makes client generators
        // give up on the schema holding it (its fields typed Any); validation.ts refuses the NUL at
        // any depth all the same
        out.additionalProperties = { description: ANY_JSON_WITHOUT_NUL };
      }
    }
    return out;
  }
}

const isSchema = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Path and query parameters. A query parameter is described by what it means (`limit` an integer
 * with its default, `includeLibrary` a boolean): its output shape, which is also what the pipeline
 * reads the string as. Whether it is required is a matter of the input.
 */
function parameters(
  components: Components,
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  example: Record<string, string> | undefined,
): Json[] {
  if (!schema) return [];
  const json = components.convert(schema, 'output');
  const required = new Set((components.convert(schema, 'input').required ?? []) as string[]);
  const props = (json.properties ?? {}) as Record<string, Json>;
  return Object.entries(props).map(([name, s]) => {
    const { description, ...plain } = s;
    // The pipeline refuses a NUL character in any query value (strictQuery): said where no
    // pattern or enumeration says more.
    const rest =
      location === 'query' &&
      plain.type === 'string' &&
      plain.pattern === undefined &&
      plain.enum === undefined
        ? { ...plain, pattern: NO_NUL }
        : plain;
    const value = example?.[name];
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(value !== undefined ? { example: typed(value, rest) } : {}),
    };
  });
}

/** A query string value as the parameter's type (an example of an integer parameter is a number). */
function typed(value: string, schema: Json): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return Number(value);
  if (schema.type === 'boolean') return value === 'true';
  return value;
}

export interface DocumentInfo {
  title: string;
  description: string;
  /** where the operations' paths live on the host */
  prefix: string;
  /** what each tag groups */
  tags: Record<string, string>;
}

/** An example of an operation: its request (path, query and body as sent) and the answer to it. */
export interface OperationExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  response: unknown;
}

export const API_INFO: DocumentInfo = {
  title: 'Advertising Campaign Management API',
  description:
    'Campaigns, audience targeting, saved audiences, data stores, brands and the ad platform. Served by adcli. Every request carries `Authorization: Bearer <key>`; each operation needs the scope its security requirement names. Examples come from the demo workspace (`adcli serve --seed demo`), whose ids are the same on every machine.\n\nRules every request follows: lengths of text (minLength, maxLength) count UTF-16 code units, as JavaScript does, so a character beyond the Basic Multilingual Plane (most emoji) counts as 2; a JSON body is at most 1 MB and nests objects and arrays at most 64 levels deep; a query parameter is given at most once, never holds a NUL character, and no parameter the operation does not list is accepted. An id in a path that names nothing in the workspace is 404; an id in a body or query that must name a record (its description says which) and names nothing is 400.',
  prefix: '/api/v1',
  tags: {
    workspace: 'The workspace of the key: counts and the newest campaigns.',
    campaigns: 'Campaigns: settings, budget and bidding, brand, and their audience slots.',
    targeting:
      "Each audience slot's targeting (keywords, segments, topics, websites): generated in the background from its data stores, or edited by hand.",
    audiences:
      'Saved audiences: reusable keywords, topics and data stores that campaigns attach copies of.',
    'data stores':
      'Data stores of video-platform channels and videos with their comments, which targeting is generated from; shared library stores are read-only.',
    brands: 'Brands that campaigns advertise.',
    'ad platform':
      'The external ad platform: accounts, creating a campaign there (always paused) and performance figures.',
    exploration: 'Audience exploration of video-platform channels (invite-only).',
  },
};

/** One operation as the document's path item method: its parameters, body, answers and scope. */
function pathItemOf(
  op: Operation,
  components: Components,
  example: OperationExample | undefined,
): Json {
  const write = op.method !== 'GET';
  const success = op.successStatus ?? 200;
  const errors = errorStatusesOf(op);
  const requestIdHeader = { 'x-request-id': { $ref: '#/components/headers/RequestId' } };
  const responses: Record<string, Json> = {
    [success]: {
      description: success === 201 ? 'Created' : 'OK',
      headers: requestIdHeader,
      content:
        op.binary?.in === 'response'
          ? {
              [op.binary.mediaType]: {
                schema: { type: 'string', contentMediaType: op.binary.mediaType },
              },
            }
          : {
              'application/json': {
                schema: components.convert(op.response, 'output'),
                ...(example ? { example: example.response } : {}),
              },
            },
    },
  };
  for (const status of errors) {
    const retry = status === 429 || status === 503;
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Error',
      headers: {
        ...requestIdHeader,
        ...(retry ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
      },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const body =
    op.binary?.in === 'body'
      ? {
          requestBody: {
            required: true,
            content: {
              [op.binary.mediaType]: {
                schema: { type: 'string', contentMediaType: op.binary.mediaType },
              },
            },
          },
        }
      : op.body
        ? {
            requestBody: {
              required: op.bodyRequired ?? false,
              content: {
                'application/json': {
                  schema: components.convert(op.body, 'input'),
                  ...(example?.body !== undefined ? { example: example.body } : {}),
                },
              },
            },
          }
        : {};
  return {
    operationId: op.name,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    // the scope the key needs, as the security requirement's role (and as x-scope, as before)
    security: [{ bearerAuth: [op.scope] }],
    'x-scope': op.scope,
    parameters: [
      ...parameters(components, op.params, 'path', example?.params),
      ...parameters(components, op.query, 'query', example?.query),
      ...(write ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    ],
    ...body,
    responses,
  };
}

/** The OpenAPI 3.1 document, generated from an operation table (the API's, or adcli serve's controls). */
export function openApiDocument(
  ops: readonly Operation[],
  version: string,
  info: DocumentInfo = API_INFO,
  examples: ReadonlyMap<string, OperationExample> = new Map(),
): Json {
  const components = new Components();
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of ops)
    (paths[op.path] ??= {})[op.method.toLowerCase()] = pathItemOf(
      op,
      components,
      examples.get(op.name),
    );
  const used = new Set(ops.map((o) => o.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version,
      description: info.description,
      contact: { name: 'adcli', url: 'https://www.npmjs.com/package/adcli' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: info.prefix }],
    security: [{ bearerAuth: [] }],
    tags: [...used].map((name) => ({ name, description: info.tags[name] ?? name })),
    paths,
    components: {
      ...sharedComponents(components),
      schemas: { ...components.schemas, Error: components.convert(errorResponse, 'output') },
    },
  };
}

/**
 * The components every operation may name: the bearer key, the Idempotency-Key parameter, and
 * the headers answers carry (the request id, Retry-After).
 */
function sharedComponents(components: Components): Json {
  return {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          "An API key: the service prefix, an underscore, and the secret. Each operation's security requirement names the scope the key needs.",
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any unique string. A repeat returns the first result without repeating the change; remembered for 24 hours; reused with a different body gives 409.',
        schema: components.convert(idempotencyKey, 'input'),
      },
    },
    headers: {
      RequestId: {
        description: 'Identifies the request; error bodies repeat it as requestId.',
        // every answer carries it, so a proxy (Prism) can flag an answer without it
        required: true,
        schema: { type: 'string' },
      },
      RetryAfter: {
        description: 'Seconds to wait before retrying.',
        schema: { type: 'integer', minimum: 1 },
      },
    },
  };
}
