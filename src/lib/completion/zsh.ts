// zsh: the same walk over `words` as bash, with descriptions through _describe
import { allFlags, subNames, valueFlags, type NodeSpec } from './model.ts';
import { header, ident, sq } from './script-text.ts';

export function zshScript(name: string, nodes: NodeSpec[]): string {
  const fn = `_${ident(name)}`;
  const cases = dataCases(nodes);
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

/** The `case` arms of the data function: each node's subcommands, flags, flag values and argument choices. */
function dataCases(nodes: NodeSpec[]): string[] {
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
  return cases;
}
