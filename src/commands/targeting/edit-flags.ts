/** What `targeting edit` reads: item specs of its flags (section:text, text:MATCH) and --file. */
import { readFile } from 'node:fs/promises';
import {
  MATCH_TYPES,
  TARGETING_SECTIONS,
  type TargetingSection,
} from '../../generated/contract.ts';
import { usageError } from '../../lib/errors.ts';
import type { IOStreams } from '../../lib/iostreams.ts';
import { itemWord } from './print-targeting.ts';

/** "trail shoes:EXACT" → {text, matchType}: a match type in any case; without one the whole text is the keyword (the API's default). */
export function parseKeyword(spec: string): { text: string; matchType?: string } {
  const m = new RegExp(`^(.*):(${MATCH_TYPES.join('|')})$`, 'i').exec(spec);
  return m ? { text: m[1]!.trim(), matchType: m[2]!.toUpperCase() } : { text: spec.trim() };
}

/** --file: {"items": [...]} or an array of items. */
export async function readItemsFile(io: IOStreams, file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = file === '-' ? await io.readAll() : await readFile(file, 'utf8');
  } catch (e) {
    throw usageError(`cannot read ${file === '-' ? 'stdin' : file}: ${(e as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw usageError(`${file === '-' ? 'stdin' : file} is not JSON: ${(e as Error).message}`);
  }
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { items?: unknown }).items))
    return (parsed as { items: unknown[] }).items;
  throw usageError(
    `${file === '-' ? 'stdin' : file} must hold {"items": [...]} or an array of items`,
  );
}

const SECTION_NAMES: Record<string, TargetingSection> = Object.fromEntries(
  TARGETING_SECTIONS.flatMap((sec) => [
    [sec, sec],
    [itemWord(sec), sec],
  ]),
);

/** "topics:/Sports" → {section, text}; without a known section in front, the section is undefined. */
export function parseRef(spec: string): { section?: TargetingSection; text: string } {
  const m = /^([a-z]+):(.+)$/is.exec(spec);
  const section = m ? SECTION_NAMES[m[1]!.toLowerCase()] : undefined;
  return section ? { section, text: m![2]!.trim() } : { text: spec.trim() };
}

/** --add SECTION:TEXT (a keyword may end in :MATCH, as with --add-keyword). */
export function parseAdd(spec: string): Record<string, unknown> {
  const ref = parseRef(spec);
  if (!ref.section) {
    throw usageError(
      `--add ${JSON.stringify(spec)}: say the section first, {${TARGETING_SECTIONS.join(', ')}}, as in --add "topics:/Sports/Running" (or use --add-keyword)`,
    );
  }
  return ref.section === 'keywords'
    ? { section: 'keywords', ...parseKeyword(ref.text) }
    : { section: ref.section, text: ref.text };
}
