// Regenerates completions/ from the live command tree: what `adcli completion SHELL` prints, rendered
// from the sources in this process (the tree is built from a Factory; nothing runs on import), and
// writes each script. test/completions.test.ts fails when these files drift from the tree.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { completionScript } from '../src/lib/completion/script.ts';
import { Factory } from '../src/lib/factory.ts';
import { IOStreams } from '../src/lib/iostreams.ts';
import { buildProgram } from '../src/program.ts';

export const COMPLETION_FILES = {
  bash: 'completions/adcli.bash',
  zsh: 'completions/_adcli',
  fish: 'completions/adcli.fish',
} as const;

export async function render(shell: keyof typeof COMPLETION_FILES): Promise<string> {
  // The whole tree, as `adcli completion` sees it; its streams and environment play no part.
  return completionScript(
    shell,
    await buildProgram(new Factory({ io: IOStreams.test().io, env: {} })),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
    writeFileSync(
      new URL(`../${file}`, import.meta.url),
      await render(shell as keyof typeof COMPLETION_FILES),
    );
    process.stdout.write(`wrote ${file}\n`);
  }
}
