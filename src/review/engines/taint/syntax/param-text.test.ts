// The head test (syntax/param-text.ts) only lets the analysis skip reading parameters it would not match:
// on every function of the taint corpus it must agree with reading them from the tree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { headEnd, needleOf } from "./param-text.ts";
import { parseFor } from "../run.ts";
import { syntaxFor } from "./languages.ts";
import { rulesFor } from "./rules.ts";
import { Analyzer } from "../driver/analyzer.ts";
import { TNode } from "./node.ts";
import { fileSpans } from "../fast/function-spans.ts";

test("a spec regex's needle is a word every match contains; alternations and classes give none", () => {
  assert.equal(needleOf("(javax\\.servlet\\.http\\.|jakarta\\.servlet\\.http\\.)?HttpServletRequest"), "HttpServletRequest");
  assert.equal(needleOf("(express\\.)?Request(<.*>)?"), "Request");
  assert.equal(needleOf("\\*gin\\.Context"), "Context");
  assert.equal(needleOf("String\\[\\]"), "String");
  assert.equal(needleOf("req|request"), null);
  assert.equal(needleOf("[A-Z]\\w+"), null);
  assert.equal(needleOf("ab"), null);
});

test("a function's head ends at its body, not at brackets inside its parameters", () => {
  const head = (src: string): string => src.slice(0, headEnd(src, 0, src.length));
  assert.equal(head("def view(request: Request) -> str:\n    return request.args"), "def view(request: Request) -> str");
  assert.equal(head("function h({ body, query }, res) {\n  res.send(body)\n}"), "function h({ body, query }, res) ");
  assert.equal(head("(req, res) => res.send(req.query.q)"), "(req, res) ");
  assert.equal(head("func (s *S) h(v interface{}, r *http.Request) {\n}"), "func (s *S) h(v interface{}, r *http.Request) ");
  assert.equal(
    head('@GetMapping(value = {"/a"})\npublic String a(@RequestParam String q) {\n}'),
    '@GetMapping(value = {"/a"})\npublic String a(@RequestParam String q) ',
  );
});

const corpus = join(import.meta.dirname, "..", "corpus");
const languages: Record<string, string> = { java: "java", python: "python", javascript: "javascript", typescript: "typescript", go: "go" };

test("on every corpus function, the head test agrees with reading the parameters", () => {
  let functions = 0;
  let sources = 0;
  for (const dir of readdirSync(corpus)) {
    const language = languages[dir];
    if (!language) continue;
    const syn = syntaxFor(language === "typescript" ? "typescript" : language)!;
    const rules = rulesFor(syn.ruleLanguage);
    assert.ok(rules.paramHead, `${language} has a head test`);
    for (const file of readdirSync(join(corpus, dir))) {
      const source = readFileSync(join(corpus, dir, file), "utf8");
      const root = new TNode(parseFor(language, source).root());
      const fast = new Analyzer(syn, rules, source, root);
      const slow = new Analyzer(syn, { ...rules, paramHead: null }, source, root);
      for (const span of fileSpans(root, syn).funcs) {
        const want = slow.hasParamSource(span.node);
        assert.equal(fast.hasParamSource(span.node), want, `${dir}/${file} at offset ${span.start}`);
        functions++;
        if (want) sources++;
      }
    }
  }
  assert.ok(functions > 300 && sources > 100, `${functions} functions, ${sources} with parameter sources`);
});
