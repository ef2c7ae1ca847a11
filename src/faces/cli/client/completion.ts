// `crs completion bash|zsh|fish`: a shell completion script written from the client's own command
// tree (commands, subcommands, flags and their allowed values), so it cannot drift from the
// commands. The script holds the tree itself: completing a word never starts crs.
import type { Command, Option } from "commander";

/** Commands of the other roles (src/main.ts), completed by name only. */
const serverCommands = ["serve", "worker", "admin", "review", "mcp", "help"];

interface Node {
  key: string;
  words: string[];
  options: Option[];
}

/** Every command path ("", "runs", "runs start") with the words that may follow it. */
function nodesOf(program: Command): Node[] {
  const nodes: Node[] = [{ key: "", words: [...program.commands.map((c) => c.name()), ...serverCommands], options: [] }];
  const walk = (cmd: Command, key: string) => {
    const subs = cmd.commands;
    const options = cmd.options.filter((o) => o.long);
    const values = cmd.registeredArguments.flatMap((a) => a.argChoices ?? []);
    nodes.push({ key, words: [...subs.map((c) => c.name()), ...values, ...options.map((o) => o.long!), "--help"], options });
    for (const sub of subs) walk(sub, `${key} ${sub.name()}`);
  };
  for (const cmd of program.commands) walk(cmd, cmd.name());
  return nodes;
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

function bash(program: Command): string {
  const nodes = nodesOf(program);
  const groups = program.commands.filter((c) => c.commands.length > 0).map((c) => c.name());
  const cases = nodes.map((n) => `    ${quote(n.key)}) words=${quote(n.words.join(" "))} ;;`);
  const choices = nodes.flatMap((n) =>
    n.options.filter((o) => o.argChoices?.length).map((o) => `    ${quote(`${n.key}|${o.long}`)}) words=${quote(o.argChoices!.join(" "))} ;;`),
  );
  return `# crs completion for bash: eval "$(crs completion bash)" (e.g. in ~/.bashrc)
_crs() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} key="" words="" i w
  local -a path=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    [[ $w == -* ]] || path+=("$w")
  done
  key=\${path[0]}
  case " ${groups.join(" ")} " in
    *" $key "*) [[ \${#path[@]} -ge 2 ]] && key="$key \${path[1]}" ;;
  esac
  case "$key|$prev" in
${choices.join("\n")}
  esac
  if [[ -z $words ]]; then
    case "$key" in
${cases.join("\n")}
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _crs crs
`;
}

function zsh(program: Command): string {
  // zsh runs the bash function through its bash completion layer.
  return `# crs completion for zsh: eval "$(crs completion zsh)" (e.g. in ~/.zshrc)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bash(program).split("\n").slice(1).join("\n")}`;
}

function fish(program: Command): string {
  const lines = ["# crs completion for fish: crs completion fish > ~/.config/fish/completions/crs.fish", "complete -c crs -f"];
  const top = [...program.commands.map((c) => c.name()), ...serverCommands];
  lines.push(`complete -c crs -n __fish_use_subcommand -a ${quote(top.join(" "))}`);
  const walk = (cmd: Command, path: string[]) => {
    const seen = path.map((p) => `__fish_seen_subcommand_from ${p}`).join("; and ");
    const subs = cmd.commands;
    if (subs.length) {
      lines.push(
        `complete -c crs -n ${quote(`${seen}; and not __fish_seen_subcommand_from ${subs.map((s) => s.name()).join(" ")}`)} -a ` +
          `${quote(subs.map((s) => s.name()).join(" "))}`,
      );
    }
    for (const o of cmd.options.filter((x) => x.long)) {
      const values = o.argChoices?.length ? ` -x -a ${quote(o.argChoices.join(" "))}` : o.required || o.optional ? " -r" : "";
      lines.push(`complete -c crs -n ${quote(seen)} -l ${o.long!.slice(2)}${values} -d ${quote(o.description.split(/\. |\n/)[0]!.slice(0, 80))}`);
    }
    for (const sub of subs) walk(sub, [...path, sub.name()]);
  };
  for (const cmd of program.commands) walk(cmd, [cmd.name()]);
  return `${lines.join("\n")}\n`;
}

export function completionScript(program: Command, shell: "bash" | "zsh" | "fish"): string {
  return { bash, zsh, fish }[shell](program);
}
