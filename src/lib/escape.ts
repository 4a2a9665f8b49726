/**
 * Control characters written as visible escapes: C0 (NUL, BEL, BS, TAB, LF, CR, ESC…), DEL and C1
 * (0x80–0x9F, CSI among them), the Unicode bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators
 * (U+2028, U+2029). A module of its own with no imports: the entry uses it for every error message.
 */
const CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text from the API made safe for a terminal or a pipe, so data can never move the cursor, recolour,
 * rewrite or reorder the screen, nor add a row or a column to piped output: a newline becomes
 * backslash-n, a tab backslash-t, a carriage return backslash-r, and every other control character
 * (see CONTROL) a backslash-u escape with four hex digits (ESC is \u001b). The rest is left as it is.
 */
export function escapeControl(text: string): string {
  return text.replace(
    CONTROL,
    (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A string a `--jq` filter produced, as `jq -r` and gh's --jq print it: tabs and newlines raw (what
 * `@tsv`, `join("\n")` and multi-line text are made of; @tsv itself escapes those inside its fields),
 * every other control character escaped as escapeControl does (ESC, CR, NUL, C1, bidi controls,
 * U+2028/U+2029: what could act on a terminal or rewrite a line).
 */
export function escapeControlButLayout(text: string): string {
  return text.replace(CONTROL, (ch) => (ch === '\t' || ch === '\n' ? ch : escapeControl(ch)));
}

/** What JSON.stringify leaves raw that a terminal acts on: DEL, C1, bidi controls, U+2028/U+2029 (C0 it escapes). */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON.stringify with every control character escaped: JSON.stringify escapes C0 but leaves DEL, C1
 * (CSI among them) and the bidi controls raw; they can only stand inside strings, where \uXXXX is the
 * same value. Any JSON parser reads the same data.
 */
export function safeJson(value: unknown, indent = 0): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(
    RAW_IN_JSON,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
