// Replaced at build time by esbuild's define; the fallback serves tests that import the source.
declare const __ADCLI_VERSION__: string | undefined;
export const VERSION: string =
  typeof __ADCLI_VERSION__ === 'string' ? __ADCLI_VERSION__ : '0.0.0-dev';
