// Library input (a package's callers) that reaches a sink as the caller gave it (JavaScript, TypeScript; Python's
// argument vectors).
import type { SinkHit } from "./hits.ts";
import type { Step } from "../model/state.ts";
import { fixedSegment } from "../model/whole-params.ts";
import type { TNode } from "../syntax/node.ts";

const noShellRunners = /(?:^|\.)(?:spawn|spawnSync|execFile|execFileSync)$/;
/**
 * Classes where a value passed on as given is the caller's own act: opening their path, running their
 * command, sending their query (a query builder's `whereRaw(sql)`, a store's `find(filter)`).
 */
const passedOnClasses = new Set(["path-traversal", "command-injection", "sql-injection", "nosql-injection"]);
const timers = /(?:^|\.)set(?:Timeout|Interval|Immediate)$/;
const plainRef = /^[\w$]+(?:\??\.[\w$]+)*$/;
/** A step that builds a new value from the input (a join, a template, a concatenation, a rewrite). */
const building = /[+`]|\.(?:join|concat|replace|format)\(|\b(?:resolve|join|format|normalize)\(/;

/**
 * Library input that reaches a sink as the caller gave it is the function's contract, not a weakness
 * the library adds: the program an argument-vector runner (no shell) starts (`spawn(opts.app, args)`),
 * or a whole parameter passed on unchanged (`fs.mkdir(opts.dir)`, `exec(cmd)` in a run-this helper, `db.query(sql)`).
 * The caller who chose the value could run or open it themselves; a value the library builds is not so.
 */
export function callersContract(h: SinkHit): boolean {
  const args = h.node.field("arguments");
  const program = args?.namedChildren()[0];
  if (!program) return false;
  const callee = h.node.field("function")?.text() ?? h.node.field("constructor")?.text() ?? "";
  if (h.className === "command-injection" && noShellRunners.test(callee) && !/^["'`]/.test(program.text()) && !/\bshell\s*:/.test(args!.text())) return true;
  // The argument that reached the sink: the first, or a later one (a copy's destination).
  const first = h.arg ?? program;
  // Other classes keep it: a library that runs given code in a `vm` context promises a sandbox it cannot keep.
  // A timer's first argument passed on as given is the caller's callback (Node refuses a string there).
  const passedOn = passedOnClasses.has(h.className) || (h.className === "code-injection" && timers.test(callee));
  if (!passedOn) return false;
  const under = h.className === "path-traversal" ? constantUnder(first) : null;
  if (!under && !plainRef.test(first.text()) && !(h.className === "sql-injection" && wrappedQuery(first)) && !entryUnder(first)) return false;
  for (let s: Step | null = h.taint.step; s; s = s.prev)
    if (s.kind === "step" && s.node.id() !== under && building.test(stepText(s.node)) && !entryUnder(s.node)) return false;
  return true;
}

/**
 * `path.join(dir, name)` or `dir + "/" + name` where `name` is an entry of a directory listing
 * (`fs.readdirSync(dir).forEach((name) => …)`, `for (const name of fs.readdirSync(dir))`, `const names =
 * fs.readdirSync(dir)` iterated, or indexed as `names[i]`): a recursive delete or copy walks the tree the caller
 * named, and an entry name holds no separator and is never `..`, under whichever directory it is joined.
 */
const entryJoin = new RegExp(
  String.raw`^(?:(?:(?:const|let|var)\s+)?[\w$]+\s*=\s*)?(?:(?:[\w$]+\.)*join\(\s*[\w$.]+\s*,\s*([\w$]+)(\[[\w$]+\])?\s*\)|` +
    String.raw`[\w$.]+\s*\+\s*(["'])[/\\]+\3\s*\+\s*([\w$]+)(\[[\w$]+\])?)$`,
);
function entryUnder(step: TNode): boolean {
  const m = entryJoin.exec(step.text().trim().replace(/;$/, ""));
  if (!m) return false;
  let scope: TNode | null = step;
  while (scope && !/function|arrow_function|method_definition|program/.test(scope.kind())) scope = scope.parent();
  const name = (m[1] ?? m[4]!).replace(/\$/g, "\\$");
  const indexed = (m[2] ?? m[5]) !== undefined;
  const listing = String.raw`\breaddir(?:Sync)?\([^()]*\)`;
  const text = scope?.text() ?? "";
  const held = [...text.matchAll(new RegExp(`([\\w$]+)\\s*=\\s*(?:await\\s+)?[\\w$.]*${listing}`, "g"))].map((x) => x[1]!.replace(/\$/g, "\\$"));
  // `files[i]` of `files = fs.readdirSync(dir)`: an entry by its index.
  if (indexed) return held.some((h) => h === name);
  // The callback's own function: the listing it iterates is its parent's call.
  const outer = scope?.parent()?.kind() === "arguments" ? scope.parent()!.parent() : null;
  if (
    outer &&
    new RegExp(`${listing}\\s*\\.(?:forEach|map|filter|some|every)\\s*\\(\\s*(?:async\\s+)?(?:function\\s*[\\w$]*\\s*)?\\(?\\s*${name}\\b`).test(outer.text())
  )
    return true;
  const lists = [listing, ...held].join("|");
  return new RegExp(`for\\s*\\(\\s*(?:const|let|var)\\s+${name}\\s+of\\s+(?:${lists})`).test(text);
}

const functionKinds = new Set(["function_expression", "function", "arrow_function", "generator_function"]);
/**
 * Calls that hand back the caller's own path: made absolute against the working directory (`path.resolve(x)`,
 * `path.resolve(process.cwd(), x)`) or made a string (`String(x)`). The caller's file is the same file.
 */
const sameValue = /\b(?:(?:path\.)?resolve\((?:process\.cwd\(\)\s*,\s*)?|String\()([\w$.]+)\)/g;

/** A step's code without the bodies of callbacks it passes (`run(opts, (err) => { … + … })`) and calls that keep the path. */
function stepText(n: TNode): string {
  const parts: string[] = [];
  const walk = (x: TNode): void => {
    if (functionKinds.has(x.kind())) return void parts.push("fn");
    const kids = x.children();
    if (!kids.length) parts.push(x.text());
    else for (const k of kids) walk(k);
  };
  walk(n);
  let text = parts.join(" ");
  for (let prev = ""; prev !== text; ) {
    prev = text;
    text = text.replace(/\s*([().,])\s*/g, "$1").replace(sameValue, "$1");
  }
  return text;
}

/** Where a driver takes the text of a query: `{ sql }`, `{ sqlText: sql, binds }`, `{ text: q, values }`. */
const queryKeys = /^(?:sql|sqlText|text|query)$/;

/**
 * A query given whole inside the driver's own wrapper: an options object holding it under its usual key
 * (`connection.query({ sql }, cb)`), or a stream or statement made from it (`db.query(new QueryStream(query, params))`).
 */
function wrappedQuery(arg: TNode): boolean {
  if (arg.kind() === "new_expression") {
    const inner = arg.field("arguments")?.namedChildren()[0];
    return !!inner && plainRef.test(inner.text());
  }
  if (arg.kind() !== "object") return false;
  return arg.namedChildren().some((p) => {
    if (p.kind() === "shorthand_property_identifier") return queryKeys.test(p.text());
    if (p.kind() !== "pair") return false;
    return queryKeys.test(p.field("key")?.text() ?? "") && plainRef.test(p.field("value")?.text() ?? "");
  });
}

const pyArgvRunners = /^(?:subprocess\.)?(?:run|call|check_call|check_output|Popen)$|^os\.(?:exec|spawn)[lv]p?e?$/;
/** Python's ways of building a string: `%`, `+`, f-strings, `.format(`, `.join(`. */
const pyBuilding = /[+%]|\bf["']|\.(?:join|format|replace)\(/;
/** Whether no step of the flow built a string (Python): the sink gets the caller's value as given. */
const pyAsGiven = (h: SinkHit): boolean => {
  for (let s: Step | null = h.taint.step; s; s = s.prev) if (s.kind === "step" && pyBuilding.test(s.node.text())) return false;
  return true;
};
/** The sink's first argument is a plain name or member (`query`, `self.sql`) passed on as the caller gave it. */
const pyWholeFirst = (h: SinkHit): boolean => plainRef.test(h.node.field("arguments")?.namedChildren()[0]?.text() ?? "") && pyAsGiven(h);

/**
 * Python: library input handed to a runner without a shell as the whole argument vector (`subprocess.call(args)`,
 * `subprocess.run(list(argv))` in a `run(*args)` helper): the caller chose the program and its arguments, as
 * with JavaScript's `spawn(opts.app, args)`. A list built here (`["sh", "-c", x]`) or a string built here is not so.
 */
export function pythonCallersArgv(h: SinkHit): boolean {
  if (h.className !== "command-injection") return false;
  const args = h.node.field("arguments");
  const first = args?.namedChildren()[0];
  if (!first || first.kind() === "keyword_argument" || !pyArgvRunners.test(h.node.field("function")?.text() ?? "")) return false;
  return !/\bshell\s*=\s*(?!False\b)/.test(args!.text()) && !/^(?:\[|\(|[rbuf]*["'])/i.test(first.text()) && pyAsGiven(h);
}

/**
 * Python: library input handed whole to a query (`super().execute(query, vars)` in a driver's cursor, `db.find(kwargs)`
 * in a store's lookup): the caller wrote the query, as with JavaScript's `db.query(sql)`. One built here is not so.
 */
export function pythonCallersQuery(h: SinkHit): boolean {
  return (h.className === "sql-injection" || h.className === "nosql-injection") && pyWholeFirst(h);
}

const templateMakers = /(?:^|\.)(?:Template|from_string)$/;

/**
 * Python: library input handed whole to a template (`Template(text)`, `env.from_string(source)` in a framework's
 * render-a-string helper): compiling the caller's template is what the helper is for, as running a caller's query is.
 * Code run by eval or exec stays reported: a library evaluating a caller's expression (an image-math `eval`) is a flaw.
 */
export function pythonCallersTemplate(h: SinkHit): boolean {
  return h.className === "code-injection" && templateMakers.test(h.node.field("function")?.text() ?? "") && pyWholeFirst(h);
}

/**
 * `path.join(dir, "index.json")`: fixed names under a directory given whole, where only the directory can be
 * the caller's; the call's node id, else null. Nothing in it can leave the directory the caller named.
 */
function constantUnder(arg: TNode): number | null {
  if (arg.kind() !== "call_expression" || !/^(?:path\.)?(?:join|resolve)$/.test(arg.field("function")?.text() ?? "")) return null;
  const [base, ...rest] = arg.field("arguments")?.namedChildren() ?? [];
  if (!base || !rest.length || !plainRef.test(base.text()) || !rest.every((r) => fixedSegment.test(r.text()))) return null;
  return arg.id();
}
