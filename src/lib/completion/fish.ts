// fish: one `complete` line per command, flag and enum, each guarded by where the command line is
import { isHelpOrVersion, subNames, valueFlags, type NodeSpec } from './model.ts';
import { fq, header, ident } from './script-text.ts';

export function fishScript(name: string, nodes: NodeSpec[]): string {
  const fn = `__${ident(name)}`;
  const subsCases: string[] = [];
  const vflagCases: string[] = [];
  const aliasCases: string[] = [];
  for (const n of nodes) {
    if (n.subcommands.length)
      subsCases.push(
        `        case ${fq(n.path)}\n            printf '%s\\n' ${subNames(n).map(fq).join(' ')}`,
      );
    const vf = valueFlags(n).flatMap((f) => f.names);
    if (vf.length)
      vflagCases.push(
        `        case ${fq(n.path)}\n            printf '%s\\n' ${vf.map(fq).join(' ')}`,
      );
    for (const s of n.subcommands)
      for (const a of s.aliases)
        aliasCases.push(`        case ${fq(`${n.path}:${a}`)}\n            echo ${fq(s.name)}`);
  }
  const lines = completeLines(name, fn, nodes);
  return `${header('fish', name)}# Use: save it as ~/.config/fish/completions/${name}.fish, or ${name} completion fish | source

function ${fn}_subs
    switch $argv[1]
${subsCases.join('\n')}
    end
end

function ${fn}_vflags
    switch $argv[1]
${vflagCases.join('\n')}
    end
end

function ${fn}_canonical
    switch "$argv[1]:$argv[2]"
${aliasCases.join('\n')}
        case '*'
            echo $argv[2]
    end
end

# Where the command line is: the command path and how many arguments it has so far (cached per line).
function ${fn}_where
    set -l line (commandline -pc)
    if test "$line" = "$${fn}_line"
        printf '%s\\n' $${fn}_where
        return
    end
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cmdpath ${fq(name)}
    set -l npos 0
    set -l skip 0
    set -l dashdash 0
    for w in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dashdash = 1
            set npos (math $npos + 1)
            continue
        end
        if test "$w" = --
            set dashdash 1
        else if string match -q -- '-*=*' $w
            continue
        else if string match -q -- '-*' $w
            contains -- $w (${fn}_vflags $cmdpath); and set skip 1
        else if test $npos = 0; and contains -- $w (${fn}_subs $cmdpath)
            set cmdpath "$cmdpath "(${fn}_canonical $cmdpath $w)
        else
            set npos (math $npos + 1)
        end
    end
    set -g ${fn}_line $line
    set -g ${fn}_where $cmdpath $npos
    printf '%s\\n' $cmdpath $npos
end

# at PATH [N]: the command is PATH (with N arguments so far)
function ${fn}_at
    set -l w (${fn}_where)
    test "$w[1]" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test "$w[2]" = "$argv[2]"
end

# under PATH: the command is PATH or one of its subcommands
function ${fn}_under
    set -l w (${fn}_where)
    test "$w[1]" = "$argv[1]"; or string match -q -- "$argv[1] *" "$w[1]"
end

complete -c ${name} -f
${lines.join('\n')}
`;
}

/** One `complete` line per subcommand, argument choice and flag, each guarded by where the command line is. */
function completeLines(name: string, fn: string, nodes: NodeSpec[]): string[] {
  const lines: string[] = [];
  for (const n of nodes) {
    const at = fq(`${fn}_at ${fq(n.path)}`);
    const atArg = (i: number) => fq(`${fn}_at ${fq(n.path)} ${i}`);
    for (const s of n.subcommands)
      lines.push(`complete -c ${name} -n ${atArg(0)} -a ${fq(s.name)} -d ${fq(s.description)}`);
    n.args.forEach((choices, i) => {
      if (choices.length)
        lines.push(`complete -c ${name} -n ${atArg(i)} -a ${fq(choices.join(' '))}`);
    });
    // own flags: --help and --version here only; the others from here down (commander accepts them there)
    for (const f of n.flags) {
      const cond = isHelpOrVersion(f) ? at : fq(`${fn}_under ${fq(n.path)}`);
      const parts = [`complete -c ${name} -n ${cond}`];
      if (f.short) parts.push(`-s ${f.short.slice(1)}`);
      if (f.long) parts.push(`-l ${f.long.slice(2)}`);
      const v = f.value;
      if (v === 'file') parts.push('-r -F');
      else if (v === 'dir') parts.push(`-x -a ${fq('(__fish_complete_directories)')}`);
      else if (v === 'none') parts.push('-x');
      else if (v) parts.push(`-x -a ${fq(v.choices.join(' '))}`);
      if (f.description) parts.push(`-d ${fq(f.description)}`);
      lines.push(parts.join(' '));
    }
  }
  return lines;
}
