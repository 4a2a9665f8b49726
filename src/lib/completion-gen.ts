/**
 * Shell completions generated from the commander tree: commands, subcommands, flags (a command's own
 * and the ones of its ancestors, which commander accepts anywhere after them), enum values from
 * `Option.choices` / `Argument.choices`, and file or folder names for `<file>` / `<dir>` values.
 * One model, three renderers; the output is deterministic, so the files kept in completions/ can be
 * compared with a fresh rendering (test/completions.test.ts).
 */
import { Help, type Argument, type Command, type Option } from 'commander';

export type Shell = 'bash' | 'zsh' | 'fish';

/** What a flag's value completes to: enum values, file names, folder names, or nothing. */
export type ValueKind = { choices: string[] } | 'file' | 'dir' | 'none';

export interface FlagSpec {
  /** e.g. ['-y', '--yes'] */
  names: string[];
  short?: string;
  long?: string;
  description: string;
  /** null: a switch, takes no value */
  value: ValueKind | null;
}

export interface NodeSpec {
  /** 'adcli', 'adcli campaigns', 'adcli campaigns list', … */
  path: string;
  description: string;
  /** visible subcommands */
  subcommands: { name: string; aliases: string[]; description: string }[];
  /** the command's own flags (plus -h/--help and, on the root, --version) */
  flags: FlagSpec[];
  /** flags of its ancestors, accepted here too (minus their --help and --version) */
  inherited: FlagSpec[];
  /** enum values per positional argument (empty array: free text) */
  args: string[][];
}

const firstLine = (s: string | undefined) => (s ?? '').split('\n')[0]!.trim();

function valueKind(o: Option): ValueKind | null {
  // An optional value (--json [fields]) may be left out: the word after it is completed as any other.
  if (!o.required) return null;
  if (o.argChoices?.length) return { choices: [...o.argChoices] };
  const placeholder = /<([^>]+)>|\[([^\]]+)\]/.exec(o.flags);
  const name = (placeholder?.[1] ?? placeholder?.[2] ?? '').toLowerCase();
  if (/^(dir|directory|folder)$/.test(name)) return 'dir';
  if (/^(file|path)$/.test(name)) return 'file';
  return 'none';
}

function flagOf(o: Option): FlagSpec {
  const names = [o.short, o.long].filter((n): n is string => Boolean(n));
  return {
    names,
    short: o.short,
    long: o.long,
    description: firstLine(o.description),
    value: valueKind(o),
  };
}

const isHelpOrVersion = (f: { long?: string | undefined }) =>
  f.long === '--help' || f.long === '--version';

/** The tree as a flat list, parents first, in the order commander shows it. */
export function completionModel(root: Command): NodeSpec[] {
  const help = new Help();
  const nodes: NodeSpec[] = [];
  const walk = (cmd: Command, path: string, inherited: FlagSpec[], parent: Command | null) => {
    const subs = help.visibleCommands(cmd);
    const own = help.visibleOptions(cmd).map(flagOf);
    const args = cmd.registeredArguments.map((a: Argument) => [...(a.argChoices ?? [])]);
    // A help command completes to its siblings (and `exit-codes` at the root, from its choices).
    // (commander's help commands have no .parent: it is passed down instead)
    if (cmd.name() === 'help' && parent) {
      const siblings = help
        .visibleCommands(parent)
        .map((c) => c.name())
        .filter((n) => n !== 'help');
      args[0] = [...siblings, ...(args[0] ?? [])];
    }
    // a flag declared again here (serve's subcommands repeat --data and --json) is listed once
    const shadowed = new Set(own.flatMap((f) => f.names));
    const from = inherited.filter((f) => !f.names.some((n) => shadowed.has(n)));
    nodes.push({
      path,
      description: firstLine(cmd.description()),
      subcommands: subs.map((c) => ({
        name: c.name(),
        aliases: c.aliases(),
        description: firstLine(c.description()),
      })),
      flags: own,
      inherited: from,
      args,
    });
    const passDown = [...from, ...own.filter((f) => !isHelpOrVersion(f))];
    for (const sub of subs) walk(sub, `${path} ${sub.name()}`, passDown, cmd);
  };
  walk(root, root.name(), [], null);
  return nodes;
}

export function completionScript(shell: Shell, root: Command): string {
  const nodes = completionModel(root);
  const name = root.name();
  if (shell === 'bash') return bash(name, nodes);
  if (shell === 'zsh') return zsh(name, nodes);
  return fish(name, nodes);
}

// ---------------------------------------------------------------------------------------------------
// shared helpers

/** POSIX single quotes (bash and zsh). */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** fish single quotes: only \ and ' are special. */
const fq = (s: string) => `'${s.replace(/[\\']/g, (c) => `\\${c}`)}'`;
const ident = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

const allFlags = (n: NodeSpec) => [...n.flags, ...n.inherited];
const valueFlags = (n: NodeSpec) => allFlags(n).filter((f) => f.value !== null);
const subNames = (n: NodeSpec) => n.subcommands.flatMap((s) => [s.name, ...s.aliases]);

function header(shell: Shell, name: string): string {
  return (
    `# ${shell} completion for ${name}, generated from its command tree by \`${name} completion ${shell}\`.\n` +
    `# Do not edit: \`npm run completions\` regenerates the copies kept in completions/.\n`
  );
}

// ---------------------------------------------------------------------------------------------------
// bash (3.2 and later: no associative arrays; one `case` answers every question about the tree)

function bash(name: string, nodes: NodeSpec[]): string {
  const fn = `_${ident(name)}`;
  const cases: string[] = [];
  const add = (key: string, words: string[]) => {
    if (words.length) cases.push(`    ${sq(key)}) REPLY=${sq(words.join(' '))} ;;`);
  };
  for (const n of nodes) {
    add(`subs:${n.path}`, subNames(n));
    add(
      `flags:${n.path}`,
      allFlags(n).flatMap((f) => f.names),
    );
    add(
      `vflags:${n.path}`,
      valueFlags(n).flatMap((f) => f.names),
    );
    for (const f of valueFlags(n)) {
      const v = f.value!;
      const words =
        v === 'none' ? [] : v === 'file' ? ['@file'] : v === 'dir' ? ['@dir'] : v.choices;
      for (const flag of f.names) add(`values:${n.path}:${flag}`, words);
    }
    n.args.forEach((choices, i) => add(`arg:${n.path}:${i}`, choices));
  }
  return `${header('bash', name)}# Use: source <(${name} completion bash), or save it as ~/.local/share/bash-completion/completions/${name}

${fn}_data() {
  REPLY=
  case "$1" in
${cases.join('\n')}
  esac
}

${fn}_has() {
  local w
  for w in $2; do [[ "$w" == "$1" ]] && return 0; done
  return 1
}

${fn}_values() {
  ${fn}_data "values:$1:$2"
  case "$REPLY" in
    @file) COMPREPLY=($(compgen -f -- "$3")); compopt -o filenames 2>/dev/null ;;
    @dir) COMPREPLY=($(compgen -d -- "$3")); compopt -o filenames 2>/dev/null ;;
    *) COMPREPLY=($(compgen -W "$REPLY" -- "$3")) ;;
  esac
}

${fn}() {
  local cmdpath=${sq(name)} npos=0 i=1 w cur prev dashdash=0
  COMPREPLY=()
  cur=\${COMP_WORDS[COMP_CWORD]}
  prev=\${COMP_WORDS[COMP_CWORD-1]}
  while ((i < COMP_CWORD)); do
    w=\${COMP_WORDS[i]}
    i=$((i + 1))
    if ((dashdash)); then npos=$((npos + 1)); continue; fi
    case "$w" in
      --) dashdash=1 ;;
      -*=*) ;;
      -*)
        ${fn}_data "vflags:$cmdpath"
        if ${fn}_has "$w" "$REPLY"; then
          # the value follows, as one word, or as "=" and a word when COMP_WORDBREAKS splits at "="
          if [[ "\${COMP_WORDS[i]}" == "=" ]]; then i=$((i + 2)); else i=$((i + 1)); fi
        fi
        ;;
      *)
        ${fn}_data "subs:$cmdpath"
        if ((npos == 0)) && ${fn}_has "$w" "$REPLY"; then
          cmdpath="$cmdpath $(${fn}_canonical "$cmdpath" "$w")"
        else
          npos=$((npos + 1))
        fi
        ;;
    esac
  done

  # a flag's value: "--flag VALUE", "--flag=VALUE" (one word), or "--flag" "=" "VALUE"
  if [[ "$cur" == "=" && "$prev" == -* ]]; then ${fn}_values "$cmdpath" "$prev" ""; return 0; fi
  if [[ "$prev" == "=" && "\${COMP_WORDS[COMP_CWORD-2]}" == -* ]]; then ${fn}_values "$cmdpath" "\${COMP_WORDS[COMP_CWORD-2]}" "$cur"; return 0; fi
  if [[ "$cur" == -*=* ]]; then
    ${fn}_values "$cmdpath" "\${cur%%=*}" "\${cur#*=}"
    local k; for k in "\${!COMPREPLY[@]}"; do COMPREPLY[k]="\${cur%%=*}=\${COMPREPLY[k]}"; done
    return 0
  fi
  if ((!dashdash)) && [[ "$prev" == -* ]]; then
    ${fn}_data "vflags:$cmdpath"
    if ${fn}_has "$prev" "$REPLY"; then ${fn}_values "$cmdpath" "$prev" "$cur"; return 0; fi
  fi
  if ((!dashdash)) && [[ "$cur" == -* ]]; then
    ${fn}_data "flags:$cmdpath"
    COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    return 0
  fi
  local words=
  if ((npos == 0)); then ${fn}_data "subs:$cmdpath"; words=$REPLY; fi
  ${fn}_data "arg:$cmdpath:$npos"
  COMPREPLY=($(compgen -W "$words $REPLY" -- "$cur"))
  return 0
}

# an alias stands for its command
${fn}_canonical() {
  case "$1:$2" in
${nodes
  .flatMap((n) =>
    n.subcommands.flatMap((s) =>
      s.aliases.map((a) => `    ${sq(`${n.path}:${a}`)}) echo ${sq(s.name)} ;;`),
    ),
  )
  .join('\n')}
    *) echo "$2" ;;
  esac
}

complete -F ${fn} ${name}
`;
}

// ---------------------------------------------------------------------------------------------------
// zsh: the same walk over \`words\`, with descriptions through _describe

function zsh(name: string, nodes: NodeSpec[]): string {
  const fn = `_${ident(name)}`;
  const zdesc = (n: string, d: string) => sq(`${n.replace(/:/g, '\\:')}:${d}`);
  const cases: string[] = [];
  const add = (key: string, items: string[]) => {
    if (items.length) cases.push(`    ${sq(key)}) reply=(${items.join(' ')}) ;;`);
  };
  for (const n of nodes) {
    add(
      `subs:${n.path}`,
      n.subcommands.map((s) => zdesc(s.name, s.description)),
    );
    add(`subnames:${n.path}`, subNames(n).map(sq));
    add(
      `flags:${n.path}`,
      allFlags(n).flatMap((f) => f.names.map((x) => zdesc(x, f.description))),
    );
    add(
      `vflags:${n.path}`,
      valueFlags(n).flatMap((f) => f.names.map(sq)),
    );
    for (const f of valueFlags(n)) {
      const v = f.value!;
      const words =
        v === 'none' ? [] : v === 'file' ? ['@file'] : v === 'dir' ? ['@dir'] : v.choices;
      for (const flag of f.names) add(`values:${n.path}:${flag}`, words.map(sq));
    }
    n.args.forEach((choices, i) => add(`arg:${n.path}:${i}`, choices.map(sq)));
  }
  const aliases = nodes.flatMap((n) =>
    n.subcommands.flatMap((s) =>
      s.aliases.map((a) => `    ${sq(`${n.path}:${a}`)}) REPLY=${sq(s.name)} ;;`),
    ),
  );
  return `#compdef ${name}
${header('zsh', name)}# Use: save it as _${name} in a folder of $fpath, or source <(${name} completion zsh) after compinit.

${fn}_data() {
  reply=()
  case "$1" in
${cases.join('\n')}
  esac
}

${fn}_canonical() {
  REPLY=$2
  case "$1:$2" in
${aliases.join('\n')}
  esac
}

${fn}_values() {
  local -a reply
  ${fn}_data "values:$1:$2"
  case "\${reply[1]-}" in
    @file) _files ;;
    @dir) _files -/ ;;
    *) (( \${#reply} )) && compadd -a reply ;;
  esac
}

${fn}() {
  local cmdpath=${sq(name)} w cur prev REPLY
  local -i npos=0 i=2 dashdash=0
  local -a reply
  cur=\${words[CURRENT]}
  prev=\${words[CURRENT-1]}
  while (( i < CURRENT )); do
    w=\${words[i]}
    (( i++ ))
    if (( dashdash )); then (( npos++ )); continue; fi
    case "$w" in
      --) dashdash=1 ;;
      -*=*) ;;
      -*)
        ${fn}_data "vflags:$cmdpath"
        (( \${reply[(Ie)$w]} )) && (( i++ ))
        ;;
      *)
        ${fn}_data "subnames:$cmdpath"
        if (( npos == 0 && \${reply[(Ie)$w]} )); then
          ${fn}_canonical "$cmdpath" "$w"
          cmdpath="$cmdpath $REPLY"
        else
          (( npos++ ))
        fi
        ;;
    esac
  done

  if (( ! dashdash )) && [[ $cur == -*=* ]]; then
    local flag=\${cur%%=*}
    compset -P '*='
    ${fn}_values "$cmdpath" "$flag"
    return
  fi
  if (( ! dashdash )) && [[ $prev == -* ]]; then
    ${fn}_data "vflags:$cmdpath"
    if (( \${reply[(Ie)$prev]} )); then ${fn}_values "$cmdpath" "$prev"; return; fi
  fi
  if (( ! dashdash )) && [[ $cur == -* ]]; then
    ${fn}_data "flags:$cmdpath"
    (( \${#reply} )) && _describe -t options 'option' reply
    return
  fi
  if (( npos == 0 )); then
    ${fn}_data "subs:$cmdpath"
    (( \${#reply} )) && _describe -t commands 'command' reply
  fi
  ${fn}_data "arg:$cmdpath:$npos"
  (( \${#reply} )) && compadd -a reply
  return 0
}

if [[ \${funcstack[1]-} == ${fn} ]]; then
  ${fn} "$@"
elif (( \${+functions[compdef]} )); then
  compdef ${fn} ${name}
fi
`;
}

// ---------------------------------------------------------------------------------------------------
// fish: one `complete` line per command, flag and enum, each guarded by where the command line is

function fish(name: string, nodes: NodeSpec[]): string {
  const fn = `__${ident(name)}`;
  const subsCases: string[] = [];
  const vflagCases: string[] = [];
  const aliasCases: string[] = [];
  const lines: string[] = [];
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
