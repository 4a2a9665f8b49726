/**
 * The documents the server describes itself with, asked for without a key: the API's OpenAPI
 * document, the controls' own, and the fixtures document's JSON Schema. Each is made once, on first
 * request.
 */
import type { Hono } from 'hono';
import { fixturesJsonSchema } from '../control/fixtures/schema.ts';
import { CONTROL_PREFIX, CONTROL_TAGS, controlOperations } from '../operations/controls.ts';
import { operations as allOperations } from '../operations/index.ts';
import { API_PREFIX, type Operation } from '../operations/operation.ts';
import { apiExamples } from './openapi-examples.ts';
import { API_INFO, openApiDocument } from './openapi.ts';
import { pipeline } from './pipeline.ts';
import type { OnError, RequestFront } from './request-front.ts';
import type { RequestEnv } from './request-log.ts';

export const API_VERSION = '1.0.0';

export function mountDocuments(
  app: Hono<RequestEnv>,
  ops: readonly Operation[],
  front: RequestFront,
  onError: OnError,
): void {
  let openapi: string | undefined;
  app.get(
    `${API_PREFIX}/openapi.json`,
    pipeline<RequestEnv>(
      front.of(false),
      async (c) => {
        // Examples are those of the API's own table (a test's own table has none).
        openapi ??= JSON.stringify(
          openApiDocument(
            ops,
            API_VERSION,
            API_INFO,
            ops === allOperations ? await apiExamples(ops) : undefined,
          ),
        );
        return c.body(openapi, 200, { 'content-type': 'application/json' });
      },
      onError,
    ),
  );
  let controlOpenapi: string | undefined;
  app.get(
    `${CONTROL_PREFIX}/openapi.json`,
    pipeline<RequestEnv>(
      front.of(false),
      (c) => {
        controlOpenapi ??= JSON.stringify(
          openApiDocument(controlOperations, API_VERSION, {
            title: 'adcli serve controls',
            description:
              "The local backend's own controls, outside the contract: each workspace's clock, reset, snapshots, fault rules, request journal and ad platform. A key needs the backend scope and acts on its own workspace, within its limits.",
            prefix: CONTROL_PREFIX,
            tags: CONTROL_TAGS,
          }),
        );
        return c.body(controlOpenapi, 200, { 'content-type': 'application/json' });
      },
      onError,
    ),
  );

  // The fixtures document's JSON Schema, for editors (`# yaml-language-server: $schema=…`): no key,
  // as the OpenAPI documents.
  let fixturesSchema: string | undefined;
  app.get(
    `${CONTROL_PREFIX}/fixtures.schema.json`,
    pipeline(
      front.of(false),
      (c) => {
        fixturesSchema ??= JSON.stringify(fixturesJsonSchema());
        return c.body(fixturesSchema, 200, { 'content-type': 'application/schema+json' });
      },
      onError,
    ),
  );
}
