// A parameter handed on whole: the same value its caller gave, through the file's own helpers (a file sink given
// it opens the caller's own path; evaluators/call-sinks.ts, evaluators/function-summaries.ts).
import type { TNode } from "../syntax/node.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Step, Taint } from "./values.ts";

/**
 * A value that is a parameter handed on whole through the file's own helpers (`load_path(path)` → `def
 * load_path(self, path)` → `open(path)`): each call passes the name as one of its arguments and each helper's
 * parameter takes it (a loop over it, `for source in sources`, hands on its elements). From a library entry's
 * parameter, or from the parameter of a helper being summarised.
 */
export function wholeChain(t: Taint, libraryId: string | undefined): { from: "library" | "param"; name: string } | null {
  const steps: Step[] = [];
  for (let s: Step | null = t.step; s; s = s.prev) steps.unshift(s);
  const first = steps[0]!;
  const from = first.kind === "param" && t.step.sourceId === libraryId ? "library" : first.kind === "step" && first.sourceId === "" ? "param" : null;
  if (!from || !isParam(first.node)) return null;
  let name: string | null = paramName(first.node);
  for (const s of steps.slice(1)) {
    if (s.kind !== "step") return null;
    if (isParam(s.node)) name = paramName(s.node);
    else if (name && loopOver(s.node) === name) name = s.node.text();
    else if (name && passesWhole(s.node, name)) name = null;
    else {
      const same = name ? sameValueAssigned(s.node, name) : null;
      if (!same) return null;
      name = same;
    }
  }
  return name ? { from, name } : null;
}

/** What a loop variable iterates directly (`for source in sources`, `for (const f of files)`): the list's text. */
function loopOver(n: TNode): string | undefined {
  const loop = n.parent();
  if (n.kind() !== "identifier" || !/^for_(?:in_)?statement$/.test(loop?.kind() ?? "") || loop!.field("left")?.text() !== n.text()) return undefined;
  return loop!.field("right")?.text();
}

const paramName = (n: TNode): string | null => /^[\w$]+/.exec(n.text())?.[0] ?? null;
const paramLists = /^(?:parameters|formal_parameters|lambda_parameters)$/;
/** A parameter of a function (`path`, `path: str`, `path=None`, `path?: string`). */
const isParam = (n: TNode): boolean => paramLists.test(n.parent()?.kind() ?? "");

/** A string literal (quoted by one of `quotes`) that stays where it is put under a directory: no separator, no `..`,
 * no `${…}` (a template's value is no fixed name); a Python prefix allowed. Its quote is the pattern's first group. */
const segment = (quotes: string): string => String.raw`[rbuRBU]?([${quotes}])(?:(?!\.\.|\$\{)[^/\\${quotes}])+\1`;
export const fixedSegment = new RegExp(`^${segment(`"'`)}$`);

/**
 * Calls that hand back the caller's own path made absolute, expanded or normalized, or as another type
 * (`os.path.abspath(os.path.expanduser(path))`, `str(path)`, `Path(path).resolve()`, `path.resolve(p)`): the same
 * file the caller named.
 */
const samePathHead = new RegExp(
  String.raw`^(?:(?:os\.path|osp|posixpath|path)\.(?:abspath|expanduser|expandvars|normpath|realpath|resolve|normalize)|os\.fspath|` +
    String.raw`str|String|(?:pathlib\.)?(?:Pure)?Path)\(`,
);
const samePathMethod = /\.\s*(?:resolve|expanduser|absolute)\(\s*\)$/;
/** Fixed segments joined under a path, at the end of a join's arguments (`, "scripts", 'EGG-INFO')`). */
const fixedTail = new RegExp(String.raw`(?:\s*,\s*${segment("\"'`")})+\s*\)$`);
const joinHead = /^(?:(?:os\.path|osp|posixpath|path|path\.posix)\.)?join\(/;
const joinPath = /\.\s*joinpath\(\s*(?=[rbuRBU]?["'])/;
const slashFixed = new RegExp(String.raw`\s*\/\s*${segment(`"'`)}$`);

/**
 * `value` without one step that keeps it the caller's own path or puts fixed names under it: a same-path call
 * (`abspath(p)`, `Path(p).resolve()`), a join of fixed segments (`os.path.join(p, "scripts")`, `p.joinpath("a")`,
 * `p / "manage.py"`); null when it is none of these.
 */
function peel(value: string): string | null {
  const split = splitCommand.exec(value);
  if (split) return split[1]!;
  // The outermost step first: `Path(p).resolve()` is a method call on `Path(p)`.
  const method = samePathMethod.exec(value);
  if (method) return value.slice(0, method.index).trim();
  const slash = slashFixed.exec(value);
  if (slash) return value.slice(0, slash.index).trim();
  if (!value.endsWith(")")) return null;
  const tail = fixedTail.exec(value);
  const join = tail ? joinHead.exec(value) : null;
  if (join) return value.slice(join[0].length, tail!.index).trim();
  const jp = tail ? null : joinPath.exec(value);
  if (jp && fixedTail.test(`, ${value.slice(jp.index + jp[0].length)}`)) return value.slice(0, jp.index).trim();
  const head = samePathHead.exec(value);
  return head ? value.slice(head[0].length, -1).trim() : null;
}

/** A command line split into its words as a shell would (`shlex.split(cmd, posix=False)`): the same command, as a list. */
const splitCommand = /^shlex\.split\(\s*([A-Za-z_$][\w$]*)\s*(?:,[^()]*)?\)$/;

/** The parameter a sink's argument hands on as the caller gave it, as the command to run: itself or split into words. */
export function ownCommandName(text: string): string | null {
  const t = text.trim();
  return /^[\w$]+$/.test(t) ? t : (splitCommand.exec(t)?.[1] ?? null);
}

const suffixFixed = new RegExp(String.raw`\s*\+\s*${segment("\"'`")}$`);
/** One element of a list the caller handed in (`sources[i]`, `paths[0]`): a path the caller named. */
const elementOf = /\s*\[\s*(?:\d+|"[^"]*"|'[^']*'|[A-Za-z_$][\w$]*)\s*\]$/;
const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * The name whose own path an expression is: the name itself or one element of it, made absolute or normalized, with
 * fixed names joined under it or a fixed suffix (`os.path.join(path, ".git")`, `dir / "manage.py"`, `filename + ".bak"`,
 * `sources[i]`); else null.
 */
export function ownPathName(text: string): string | null {
  let value = text.trim();
  for (let i = 0; i < 8 && !identifier.test(value); i++) {
    const suffix = suffixFixed.exec(value) ?? elementOf.exec(value);
    const inner = suffix ? value.slice(0, suffix.index).trim() : peel(value);
    if (inner === null) return null;
    value = inner;
  }
  return identifier.test(value) ? value : null;
}

/**
 * The target of an assignment whose value is `name` through same-path calls and fixed names joined under it only
 * (`path = abspath(path)`, `scripts = os.path.join(eggdir, "scripts")`), else null.
 */
function sameValueAssigned(n: TNode, name: string): string | null {
  const k = n.kind() as string;
  const decl = k === "variable_declarator";
  if (!decl && k !== "assignment" && k !== "assignment_expression") return null;
  const target = n.field(decl ? "name" : "left");
  let value =
    n
      .field(decl ? "value" : "right")
      ?.text()
      .trim() ?? "";
  if (target?.kind() !== "identifier") return null;
  // Peeled by slicing, not by a pattern over the whole value: an assignment's text may be long.
  for (let i = 0; i < 8 && value !== name; i++) {
    const inner = peel(value);
    if (inner === null) return null;
    value = inner;
  }
  return value === name ? target.text() : null;
}

/** Whether a call passes `name` itself as an argument (positional, or `path=name`), or one element of it (`name[0]`, `name[i]`). */
function passesWhole(call: TNode, name: string): boolean {
  const args = call.field("arguments");
  if (!args) return false;
  const element = new RegExp(`^${name.replace(/\$/g, "\\$")}\\s*\\[\\s*(?:\\d+|"[^"]*"|'[^']*'|[A-Za-z_$][\\w$]*)\\s*\\]$`);
  for (const x of named(args)) {
    const v = (x.kind() === "keyword_argument" ? x.field("value") : x)?.text() ?? "";
    if (v === name || element.test(v)) return true;
  }
  return false;
}
