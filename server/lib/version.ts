import { readFileSync } from 'node:fs';

// Replaced at build time by esbuild's define (scripts/build.mjs); running from source (tests), the
// version is read from package.json.
declare const __ADCLI_VERSION__: string | undefined;

/** adcli's package version: what the MCP endpoint tells clients as its serverInfo.version. */
export const PACKAGE_VERSION: string =
  typeof __ADCLI_VERSION__ === 'string'
    ? __ADCLI_VERSION__
    : (
        JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
          version: string;
        }
      ).version;
