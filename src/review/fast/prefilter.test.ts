import { test } from "node:test";
import assert from "node:assert/strict";
import { nodeNeed, ruleNeed } from "./prefilter.ts";
import { regexNeed } from "./regex-need.ts";
import { satisfied } from "./need.ts";
import { needMet, TokenScanner } from "./token-scanner.ts";
import { loadRules } from "../rule-loader.ts";

test("a pattern needs each of its literal words; metavariables and scaffolding need nothing", () => {
  assert.deepEqual(ruleNeed({ pattern: "jwt.verify($TOKEN, $$$)" }), [["w:jwt"], ["w:verify"]]);
  // No word: an assignment of a side to itself is told by a check of the text (text-checks.ts).
  assert.deepEqual(ruleNeed({ pattern: "$X = $X" }), [["c:self-assignment"]]);
  assert.deepEqual(ruleNeed({ pattern: "$O.$P = $O.$P" }), [["c:self-assignment"]]);
  assert.deepEqual(ruleNeed({ pattern: "$O.$P = $Q.$P" }), []);
  assert.deepEqual(ruleNeed({ pattern: "$DB.$queryRawUnsafe($Q)" }), [["w:queryRawUnsafe"]]);
});

test("alternatives keep the clauses they share and join one clause of each", () => {
  const need = ruleNeed({ any: [{ pattern: "fetch($U)" }, { pattern: "got($U)" }] }, { constraints: { U: { pattern: "req.$A" } } });
  assert.deepEqual(need, [["w:req"], ["w:fetch", "w:got"]]);
  // A constraint on a metavariable only some alternatives bind is not required by the others.
  assert.deepEqual(ruleNeed({ any: [{ pattern: "a.set($H)" }, { pattern: "cors()" }] }, { constraints: { H: { regex: "(?i)allow-origin" } } }), [
    ["t:allow-origin", "w:cors"],
  ]);
});

test("regex literals: runs of plain characters and groups of plain alternatives", () => {
  assert.deepEqual(regexNeed("\\.(readFile|open)$"), [["t:readfile", "t:open"]]);
  assert.deepEqual(regexNeed("^algorithms?\\s*:"), [["t:algorithm"]]);
  assert.deepEqual(regexNeed("(?i)^(db_?|admin)?(password|pwd)$"), [["t:password", "t:pwd"]]);
  assert.deepEqual(regexNeed("safeloader|CSafeLoader"), [["t:safeloader", "t:csafeloader"]]);
  assert.deepEqual(regexNeed("^['\"].{4,}['\"]$"), []);
  // Nested groups: a file with any one alternative passes (the outer group is not cut at the inner ")").
  const nested = regexNeed("^(md5::compute|sha1::(new|digest)|sha256)$");
  assert.ok(satisfied(nested, new Set(["t:md5::compute"])), JSON.stringify(nested));
  assert.ok(satisfied(nested, new Set(["t:sha256"])));
  assert.ok(!satisfied(nested, new Set(["t:other"])));
  assert.deepEqual(regexNeed("^(?:foo|bar)baz$"), [["t:foo", "t:bar"], ["t:baz"]]);
  assert.deepEqual(regexNeed("(?!unsafe)thing"), [["t:thing"]]);
  assert.deepEqual(regexNeed("a(b(c)d)?e"), []);
});

test("the scanner matches words whole and case-sensitively, texts anywhere and in any case", () => {
  const s = new TokenScanner([[["w:req"]], [["t:pass", "t:password"]], [["t:word"]]]);
  const found = s.scan("const x = require('a'); const PassWord = 1;");
  assert.ok(!found.has("w:req"));
  assert.ok(found.has("t:password") && found.has("t:pass") && found.has("t:word"));
  assert.ok(s.scan("f(req.query)").has("w:req"));
  assert.ok(satisfied([["w:req"], ["t:x", "t:pass"]], new Set(["w:req", "t:pass"])));
  assert.ok(!satisfied([["w:req"], ["t:x"]], new Set(["w:req"])));
});

test("every built-in rule's requirement holds on each of its own expected examples", async () => {
  const { rules } = await loadRules();
  const { readFile, readdir } = await import("node:fs/promises");
  const dir = new URL("../rules/", import.meta.url);
  for (const lang of await readdir(dir)) {
    const files = await readdir(new URL(`${lang}/examples/`, dir)).catch(() => [] as string[]);
    for (const f of files) {
      const text = await readFile(new URL(`${lang}/examples/${f}`, dir), "utf8");
      for (const r of rules) {
        if (!text.includes(`expect: ${r.id}`) && !new RegExp(`expect:[^\\n]*\\b${r.id.replace(/\./g, "\\.")}\\b`).test(text)) continue;
        assert.ok(satisfied(r.need, new TokenScanner([r.need]).scan(text)), `${r.id} on ${lang}/examples/${f}`);
      }
    }
  }
});

test("a matched node's own text needs the rule's words, not those of inside, pattern contexts or metadata", () => {
  const rule = { pattern: "exec($CMD)", inside: { pattern: "app.get($$$)", stopBy: "end" } };
  assert.deepEqual(ruleNeed(rule), [["w:exec"], ["w:app"], ["w:get"]]);
  assert.deepEqual(nodeNeed(rule), [["w:exec"]]);
  assert.deepEqual(nodeNeed({ pattern: { context: "func t() { os.Open($P) }", selector: "call_expression" } }), []);
  assert.deepEqual(nodeNeed({ pattern: "fetch($U)" }, { constraints: { U: { pattern: "req.$A" } } }), [["w:fetch"], ["w:req"]]);
  assert.deepEqual(nodeNeed({ pattern: "$X = $X" }), [["c:self-assignment"]]);
});

test("a requirement is met by a text as the scanner would find its terms", () => {
  const need = [["w:exec"], ["t:password", "w:secret"]];
  assert.equal(needMet(need, "cp.exec(PassWord)"), true);
  assert.equal(needMet(need, "cp.exec(secret)"), true);
  assert.equal(needMet(need, "cp.execSync(secret)"), false, "a word inside a longer one");
  assert.equal(needMet(need, "exec(secrets)"), false);
  assert.equal(needMet([["c:self-assignment"]], "a.b = a.b"), true);
  assert.equal(needMet([["c:self-assignment"]], "a.b = b"), false);
  assert.equal(needMet([], "anything"), true);
});
