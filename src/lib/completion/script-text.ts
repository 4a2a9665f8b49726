import type { Shell } from './shells.ts';

/** POSIX single quotes (bash and zsh). */
export const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** fish single quotes: only \ and ' are special. */
export const fq = (s: string) => `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
/** A shell function name made from the program's name. */
export const ident = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/** The first lines of every script: what it is, and that it is generated. */
export function header(shell: Shell, name: string): string {
  return (
    `# ${shell} completion for ${name}, generated from its command tree by \`${name} completion ${shell}\`.\n` +
    `# Do not edit: \`npm run completions\` regenerates the copies kept in completions/.\n`
  );
}
