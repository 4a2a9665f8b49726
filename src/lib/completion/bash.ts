// bash (3.2 and later: no associative arrays; one `case` answers every question about the tree)
import { allFlags, subNames, valueFlags, type NodeSpec } from './model.ts';
import { header, ident, sq } from './script-text.ts';

export function bashScript(name: string, nodes: NodeSpec[]): string {
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
