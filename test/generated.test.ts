/**
 * src/generated/: the operation list, the contract's enums and bounds and the response types the
 * CLI reads at start-up, generated from the server's tables (scripts/gen-operations.ts and
 * scripts/gen-contract.ts). The files must match the tables (npm run generate), be plain data, hold
 * the very values of the zod schemas, and be the only copy of them in src/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentFiles } from '../scripts/gen-operations.ts';
import { renderContract, type Documents } from '../scripts/gen-contract.ts';
import { DATE_PRESETS as SERVER_DATE_PRESETS } from '../server/ads/dates.ts';
import { controlOperations } from '../server/operations/controls.ts';
import { openApiDocument } from '../server/http/openapi.ts';
import { operations } from '../server/operations/index.ts';
import {
  MATCH_TYPES as SERVER_MATCH_TYPES,
  SECTIONS as SERVER_SECTIONS,
} from '../server/operations/targeting.ts';
import { idempotencyKey, SCOPES as SERVER_SCOPES } from '../server/schemas/common.ts';
import { ADS_STATUSES as SERVER_ADS_STATUSES } from '../server/schemas/records.ts';
import * as contract from '../src/generated/contract.ts';

const ROOT = join(import.meta.dirname, '..');
const op = (name: string) => [...operations, ...controlOperations].find((o) => o.name === name)!;
/** The zod schema of one field of an operation's body or query, unwrapped of optional/nullable/default. */
const field = (name: string, part: 'body' | 'query', key: string): any => {
  let s: any = (op(name)[part] as any).shape[key];
  while (s?.unwrap || s?._zod?.def?.innerType) s = s.unwrap ? s.unwrap() : s._zod.def.innerType;
  return s;
};

describe('the generated files', () => {
  it("match the server's tables (npm run generate writes them)", async () => {
    for (const [file, text] of Object.entries(await currentFiles())) {
      expect(
        readFileSync(file, 'utf8'),
        `${relative(ROOT, file)} is out of date: run npm run generate`,
      ).toBe(text);
    }
  });

  it('are plain data and types: they import nothing, so zod and the server stay out of start-up', async () => {
    for (const file of Object.keys(await currentFiles()))
      expect(readFileSync(file, 'utf8')).not.toMatch(/^\s*import\b/m);
  });

  it('hold the values of the zod schemas', () => {
    expect(contract.CAMPAIGN_TYPES).toEqual(
      field('create_campaign', 'body', 'campaignType').options,
    );
    expect(contract.BIDDING_STRATEGIES).toEqual(
      field('update_campaign', 'body', 'biddingStrategy').options,
    );
    expect(contract.CAMPAIGN_STATUSES).toEqual(field('list_campaigns', 'query', 'status').options);
    expect(contract.AUDIENCE_KINDS).toEqual(field('create_audience', 'body', 'kind').options);
    expect(contract.SEEDS).toEqual(field('reset_workspace', 'body', 'seed').options);
    expect(contract.FAULT_METHODS).toEqual(field('add_fault', 'body', 'method').options);
    expect(contract.DATE_PRESETS).toEqual([...SERVER_DATE_PRESETS]);
    expect(contract.MATCH_TYPES).toEqual([...SERVER_MATCH_TYPES]);
    expect(contract.TARGETING_SECTIONS).toEqual([...SERVER_SECTIONS]);
    expect(contract.ADS_STATUSES).toEqual([...SERVER_ADS_STATUSES]);
    expect([...contract.SCOPES].sort()).toEqual([...SERVER_SCOPES].sort());
    const name = field('create_brand', 'body', 'name');
    expect(contract.BOUNDS.name).toEqual({ min: name.minLength, max: name.maxLength });
    expect(contract.BOUNDS.idempotencyKey).toEqual({
      min: idempotencyKey.minLength,
      max: idempotencyKey.maxLength,
    });
    const limit = op('list_requests').query!.safeParse({}).data as { limit: number };
    expect(contract.BOUNDS.journalLimit.default).toBe(limit.limit);
    expect(
      op('list_requests').query!.safeParse({ limit: String(contract.BOUNDS.journalLimit.max) })
        .success,
    ).toBe(true);
    expect(
      op('list_requests').query!.safeParse({ limit: String(contract.BOUNDS.journalLimit.max + 1) })
        .success,
    ).toBe(false);
    const status = field('add_fault', 'body', 'status');
    expect(contract.BOUNDS.faultStatus).toMatchObject({
      min: status.minValue,
      max: status.maxValue,
    });
  });

  it('a name read from several fields needs them to agree: when one drifts, generating fails and says which', () => {
    const docs: Documents = {
      api: openApiDocument(operations, '0'),
      control: openApiDocument(controlOperations, '0'),
      adsStatuses: SERVER_ADS_STATUSES,
    };
    expect(() => renderContract(docs)).not.toThrow();
    const api = structuredClone(docs.api);
    api.paths['/brands/{brandId}'].patch.requestBody.content[
      'application/json'
    ].schema.properties.name.maxLength = 200;
    expect(() => renderContract({ ...docs, api })).toThrow(
      /name: create_campaign body\.name is \{"min":1,"max":160\} but update_brand body\.name is \{"min":1,"max":200\}/,
    );
  });
});

/** Every TypeScript file of src/ outside src/generated, with its text. */
function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (relative(ROOT, path) !== join('src', 'generated')) walk(path);
      } else if (name.endsWith('.ts'))
        out.push({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') });
    }
  };
  walk(join(ROOT, 'src'));
  return out;
}

describe('no hand copy of the contract in src/', () => {
  const enums = Object.entries(contract).filter(([, v]) => Array.isArray(v) && v.length > 1) as [
    string,
    readonly string[],
  ][];

  it("no list or union of string literals holds two values of one of the API's enums", () => {
    const runs = /(?:'[^'\n]*'|"[^"\n]*")(?:\s*[,|]\s*(?:'[^'\n]*'|"[^"\n]*"))+/g;
    const found: string[] = [];
    for (const { file, text } of sources()) {
      for (const run of text.match(runs) ?? []) {
        const literals = [...run.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((m) => m[1] ?? m[2]!);
        for (const [name, values] of enums) {
          const hits = literals.filter((l) => values.includes(l));
          if (new Set(hits).size > 1) found.push(`${file}: ${run} (${name})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the enums that name nothing else (campaign types, bidding strategies, date presets, scopes) are never a literal', () => {
    const only = [
      ...contract.CAMPAIGN_TYPES,
      ...contract.BIDDING_STRATEGIES,
      ...contract.DATE_PRESETS,
      ...contract.SCOPES,
    ].filter((v) => /[_:]/.test(v));
    const found = sources().flatMap(({ file, text }) =>
      only
        .filter((v) => text.includes(`'${v}'`) || text.includes(`"${v}"`))
        .map((v) => `${file}: ${v}`),
    );
    expect(only).toContain('MAXIMIZE_CONVERSIONS');
    expect(found).toEqual([]);
  });

  it('no bound is spelled out: no "1-160 chars", no length checked against 160 or 200, no literal page size', () => {
    const patterns = [
      /\.length\s*[<>]=?\s*(160|200|4000)\b/, // a length checked against the name, key or description bound
      /\b\d+\s*(-|to|and)\s*\d+\s+(chars|characters)\b/, // "1-160 chars", "between 1 and 160 characters"
      /\bup to \d+ (chars|characters)\b/,
      /\(\d+-\d+\)/, // "(1-100)"
      /intArg\(\s*\d/, // a bounded flag with literal bounds
      /\bmax\s*=\s*\d{2,}/, // a default parameter
      /limit\s*\?\?\s*\d/, // a page size fallback
    ];
    // adcli serve's own flags (port, workers, rate limit) are its settings, not the API's bounds.
    const own = new Set([
      join('src', 'commands', 'serve', 'serve.ts'),
      join('src', 'lib', 'serve-settings.ts'),
    ]);
    const found = sources()
      .filter(({ file }) => !own.has(file))
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .filter(
            (line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line) && patterns.some((p) => p.test(line)),
          )
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
