import { createRequire } from 'node:module';

/**
 * The generator's libraries: public suffixes (tldts), stopword lists (stopword, stopwords-iso) and
 * language detection (franc-min). Their tables take about 20 ms to load, and every process that opens
 * the backend would pay that at start (each command on the local profile), though few ever generate.
 * So they load on first use, with Node's own require (ES modules included, Node ≥ 22.12), from the
 * package's installed dependencies rather than from the bundle.
 */
const load = createRequire(import.meta.url);

type Tldts = typeof import('tldts');
type Franc = typeof import('franc-min');
type StopwordLists = Record<string, readonly string[]>;

let tldts: Tldts | undefined;
let franc: Franc | undefined;
let stopword: StopwordLists | undefined;
let iso: Record<string, string[]> | undefined;

export const publicSuffixes = (): Tldts => (tldts ??= load('tldts') as Tldts);
export const languageDetection = (): Franc => (franc ??= load('franc-min') as Franc);
/** `stopword`'s lists by ISO 639-3 code (eng, spa, deu, …). */
export const stopwordLists = (): StopwordLists => (stopword ??= load('stopword') as StopwordLists);
/** `stopwords-iso`'s fuller lists by ISO 639-1 code (es, de, …). */
export const isoStopwords = (): Record<string, string[]> =>
  (iso ??= load('stopwords-iso/stopwords-iso.json') as Record<string, string[]>);
