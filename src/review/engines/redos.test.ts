import { test } from "node:test";
import assert from "node:assert/strict";
import { judgePattern } from "./redos.ts";
import { patternOf } from "./redos-pattern.ts";
import { mayBeSuperLinear, shortenLiterals, shrinkCounts } from "./redos-shape.ts";
import { withoutBackrefs } from "./redos-forms.ts";

// Verdicts must not depend on the machine's load here (engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";

test("nested quantifiers are exponential, overlapping ones polynomial, a one-way pattern is linear", () => {
  assert.equal(judgePattern("^(a+)+$", "")?.complexity, "exponential");
  assert.equal(judgePattern("\\s+$", "")?.quadratic, true);
  assert.equal(judgePattern("^[a-z0-9]+(?:-[a-z0-9]+)*$", ""), null);
  assert.equal(judgePattern("^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$", ""), null);
});

test("the literal pattern is read from a regex literal, a RegExp string and a Python re call", () => {
  assert.deepEqual(patternOf("/^(a+)+$/gi", false), { source: "^(a+)+$", flags: "gi" });
  assert.deepEqual(patternOf('new RegExp("^(\\\\w+\\\\.?)+$", "i")', false), { source: "^(\\w+\\.?)+$", flags: "i" });
  assert.equal(patternOf("new RegExp(req.query.p)", false), null);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal is the input
  assert.equal(patternOf("new RegExp(`^${prefix}+$`)", false), null);
  assert.deepEqual(patternOf('re.compile(r"(?i)^(?P<h>[a-z]+\\.?)+\\Z", re.M)', true), { source: "^(?<h>[a-z]+\\.?)+$", flags: "im" });
  assert.deepEqual(patternOf('re.match("^\\\\d+$", s)', true), { source: "^(?:^\\d+$)", flags: "" });
});

test("a Python string that is not raw keeps a backslash Python gives no meaning to, and adjacent literals join", () => {
  const judged = (call: string) => {
    const p = patternOf(call, true)!;
    return judgePattern(p.source, p.flags)?.complexity ?? null;
  };
  // "\d" is backslash-d in Python (only a warning): read as "d" the nested digits were judged linear and missed.
  assert.deepEqual(patternOf('re.search("(\\d+)+x", s)', true), { source: "(\\d+)+x", flags: "" });
  assert.equal(judged('re.search("^(\\d+\\s?)+$", s)'), "exponential");
  // Escapes Python decodes stay decoded; "\\\\" is one backslash in the pattern.
  assert.deepEqual(patternOf('re.compile("a\\tb\\\\.c")', true), { source: "a\tb\\.c", flags: "" });
  assert.deepEqual(patternOf('re.compile(r"^(\\w+" r"\\.?)+$")', true), { source: "^(\\w+\\.?)+$", flags: "" });
  assert.equal(judged('re.compile(r"^(\\w+"\n    r"\\.?)+$")'), "exponential");
  assert.equal(patternOf('re.compile(f"^{name}+$")', true), null);
});

test("Python's re.match is tried at the start only and re.fullmatch on the whole string: judged so, a linear match is no finding", () => {
  const judged = (call: string) => {
    const p = patternOf(call, true)!;
    return judgePattern(p.source, p.flags)?.complexity ?? null;
  };
  assert.equal(judged('re.match(r"-?\\d+$", predicate)'), null);
  assert.equal(judged('re.fullmatch(r"[a-z]+(_[A-Z]+)?", locale)'), null);
  assert.equal(judged('re.search(r"-?\\d+$", predicate)'), "polynomial (degree 2)");
  assert.equal(judged('re.match(r"^(\\w+\\.?)+$", host)'), "exponential");
});

test("literal runs are shortened for the analyser, escapes, classes, group names and counts kept", () => {
  assert.equal(shortenLiterals("Connection:\\s*keep-alive"), "C:\\s*ke");
  assert.equal(shortenLiterals("^(?<year>\\d{4})-abcdef+\\k<year>$"), "^(?<year>\\d{4})-ef+\\k<year>$");
  assert.equal(shortenLiterals("[abcdefgh]+xyzw"), "[abcdefgh]+xw");
  assert.equal(shortenLiterals("(abcdefab)+"), "(ab)+");
});

test("patterns without unbounded repetition, or too long to judge in time, are not reported", () => {
  assert.equal(judgePattern("^(a|b|c){1,3}$", ""), null);
  assert.equal(judgePattern(`^(a+)+$${"x".repeat(200)}`, ""), null);
});

test("large counts are cut before judging: a group of bounded labels repeated is exponential, the dotted host pattern linear", () => {
  assert.equal(shrinkCounts("^[a-z]{1,20}(\\.[a-z]{2,10})*$"), "^[a-z]{1,20}(\\.[a-z]{2,10})*$", "within the automaton's bounds: kept");
  assert.equal(shrinkCounts("^x{44,88}(y{0,61}|z{100}|w{50,})+[{0,99}]\\{0,99}$"), "^x{3,6}(y{0,3}|z{3}|w{3,})+[{0,99}]\\{0,99}$");
  const labels = judgePattern("^([a-z0-9-]{0,61}[a-z0-9])+$", "");
  assert.equal(labels?.complexity, "exponential");
  assert.equal(labels?.attack, undefined, "recheck's input fits the cut pattern, not this one: not shown");
  assert.equal(judgePattern("^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$", ""), null);
  assert.equal(judgePattern("^([a-z0-9]+)-([A-Za-z0-9+/=]{44,88})(\\?[\\x21-\\x7E]*)*$", "")?.complexity, "exponential");
  assert.equal(judgePattern("^([a-z0-9]+)-([A-Za-z0-9+/=]{44,88})(\\?[\\x21-\\x7E]*)?$", ""), null);
});

test("only shapes that can backtrack super-linearly go to the analyser", () => {
  assert.equal(mayBeSuperLinear("^[a-z]+$"), false);
  assert.equal(mayBeSuperLinear("^\\d{4}-\\d{2}$"), false);
  assert.equal(mayBeSuperLinear("^[+*]x\\+$"), false);
  assert.equal(mayBeSuperLinear("\\s+$"), true);
  assert.equal(mayBeSuperLinear("^(a+)+$"), true);
  assert.equal(mayBeSuperLinear("^(a|a)*$"), true);
});

test("one unanchored quantifier with nothing after it that can fail is linear", () => {
  assert.equal(mayBeSuperLinear("\\s+"), false);
  assert.equal(mayBeSuperLinear("[^a-z0-9]+"), false);
  assert.equal(mayBeSuperLinear("(\\d+)"), false);
  assert.equal(mayBeSuperLinear("x{2,}"), false);
  assert.equal(mayBeSuperLinear("\\{[^}\\s]+\\}"), true);
  assert.equal(mayBeSuperLinear("\\s+$"), true);
  assert.equal(mayBeSuperLinear("a+|b"), true);
});

test("a file that refuses input past a length bound keeps its exponential patterns reported, not its quadratic ones (bound squared stays small)", async () => {
  const { judgeRedos } = await import("./redos.ts");
  const { FileText } = await import("../text.ts");
  const rule = (line: number, snippet: string) =>
    ({
      ruleId: "js.redos",
      location: { path: "a.js", startLine: line, startColumn: 13, endLine: line, endColumn: 13 + snippet.length, snippet },
    }) as never;
  const src = (guard: string) => `const MAX = 2000;
module.exports = function parse(header) {
  ${guard}
  const a = /\\s+$/.exec(header);
  const b = /^(a+)+$/.test(header);
  return [a, b];
};
`;
  const judged = (guard: string) => {
    const text = new FileText(src(guard));
    const lines = text.source.split("\n");
    const found = [4, 5].map((n) => {
      const l = lines[n - 1]!;
      const at = l.indexOf("/");
      const end = l.lastIndexOf("/") + 1;
      return {
        ...(rule(n, l.slice(at, end)) as object),
        location: { path: "a.js", startLine: n, startColumn: at + 1, endLine: n, endColumn: end + 1, snippet: l.slice(at, end) },
      };
    });
    return judgeRedos(found as never, text, new Set(["js.redos"]), false).map((f) => f.location.startLine);
  };
  assert.deepEqual(judged(""), [4, 5]);
  assert.deepEqual(judged("if (header.length > MAX) return null;"), [5]);
  assert.deepEqual(judged("if (header.length > 2) return null;"), [4, 5]);
  assert.deepEqual(judged('if (typeof header !== "string" || header.length > 254) return null;'), [5]);
  assert.deepEqual(judged("header = header.slice(0, MAX);"), [5]);
  assert.deepEqual(judged("header = header.slice(0, 2);"), [4, 5]);
});

test("patterns in tests, fixtures and benchmarks meet only the suite's own strings and are not reported", async () => {
  const { judgeRedos } = await import("./redos.ts");
  const { FileText } = await import("../text.ts");
  const src = "const re = /^(a+)+$/;\n";
  const at = (path: string) =>
    judgeRedos(
      [{ ruleId: "js.redos", location: { path, startLine: 1, startColumn: 12, endLine: 1, endColumn: 20, snippet: "/^(a+)+$/" } }] as never,
      new FileText(src),
      new Set(["js.redos"]),
      false,
    ).length;
  assert.equal(at("lib/parse.js"), 1);
  assert.equal(at("test/parse.js"), 0);
  assert.equal(at("lib/parse.spec.ts"), 0);
  assert.equal(at("benchmarks/templating/parse.js"), 0);
  assert.equal(at("src/__test__/unlogger.js"), 0);
  assert.equal(at("src/__testing__/parse.js"), 1);
});

test("a Python pattern compiled into a name the file only applies with .match is judged anchored; searched, it stays quadratic", async () => {
  const { loadRules } = await import("../index.ts");
  const { reviewOf } = await import("../testing/stream.ts");
  const rules = await loadRules();
  const dates = (method: string) => `import re


class DateType:
    _reg = re.compile(r"(\\d+)-(\\d+)-(\\d+)")

    def process(self, value):
        m = self._reg.${method}(value)
        return m and tuple(int(x) for x in m.groups())
`;
  const lines = async (method: string) =>
    (await reviewOf(rules, { "types/dates.py": dates(method) })).findings.filter((f) => f.ruleId === "py.redos").map((f) => f.location.startLine);
  assert.deepEqual(await lines("match"), []);
  assert.deepEqual(await lines("fullmatch"), []);
  assert.deepEqual(await lines("search"), [5]);
});

test("a global pattern's alternatives are each judged as a search from every position meets them: the trim idiom is quadratic", () => {
  assert.equal(judgePattern("^\\s*|\\s*$", "g")?.quadratic, true);
  assert.equal(judgePattern("^\\s+|\\s+$", "g")?.quadratic, true);
  // Without `g` one search stops at the first alternative's match at the start.
  assert.equal(judgePattern("^\\s*|\\s*$", ""), null);
  assert.equal(judgePattern("^#+|;+\\s*$", "g")?.quadratic, true);
  assert.equal(judgePattern("^#+|;$", "g"), null);
});

test("a back-reference is judged as its group's own pattern: the nested quantifier before it is exponential", () => {
  assert.deepEqual(withoutBackrefs("<([a-z]+)([^<]+)*>(.*)<\\/\\1>"), "<([a-z]+)([^<]+)*>(.*)<\\/(?:[a-z]+)>");
  assert.equal(withoutBackrefs("(?<q>[\"'])(?:\\\\.|[^\\\\])*?\\k<q>"), "(?<q>[\"'])(?:\\\\.|[^\\\\])*?\\k<q>");
  assert.equal(judgePattern("<([a-z]+)([^<]+)*(?:>(.*)<\\/\\1>|\\s+\\/>)", "")?.complexity, "exponential");
  assert.equal(judgePattern("^([\"'])[^\"']*\\1$", ""), null);
});

test("Python's re.sub, findall and split search from every position: the trim idiom there is quadratic as with JavaScript's g", () => {
  assert.deepEqual(patternOf('re.sub(r"^\\s+|\\s+$", "", s)', true), { source: "^\\s+|\\s+$", flags: "g" });
  assert.deepEqual(patternOf('re.search(r"^\\s+|\\s+$", s)', true), { source: "^\\s+|\\s+$", flags: "" });
});
