// Regenerates completions/ from the live command tree: runs `adcli completion SHELL` from the sources
// (importing src/cli.ts would run the CLI), and writes each script. test/completions.test.ts fails
// when these files drift from the tree.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMPLETION_FILES = { bash: 'completions/adcli.bash', zsh: 'completions/_adcli', fish: 'completions/adcli.fish' } as const;

const root = fileURLToPath(new URL('..', import.meta.url));

export function render(shell: keyof typeof COMPLETION_FILES): string {
  const r = spawnSync(process.execPath, ['src/cli.ts', 'completion', shell], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`adcli completion ${shell} failed (${r.status ?? r.signal}):\n${r.stderr}`);
  return r.stdout;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
    writeFileSync(new URL(`../${file}`, import.meta.url), render(shell as keyof typeof COMPLETION_FILES));
    process.stdout.write(`wrote ${file}\n`);
  }
}
