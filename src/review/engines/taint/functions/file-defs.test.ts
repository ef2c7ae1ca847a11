// defName reads a declaration's name from its first characters where it can (headNames): on every
// function of the taint corpus, and on Java heads with annotations, generics and arrays, it must
// agree with asking the tree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defName } from "./file-defs.ts";
import { parseFor } from "../run.ts";
import { syntaxFor } from "../syntax/languages.ts";
import { TNode } from "../syntax/node.ts";
import { fileSpans } from "../fast/function-spans.ts";

const corpus = join(import.meta.dirname, "..", "corpus");

function agree(language: string, source: string, where: string): number {
  const root = new TNode(parseFor(language, source).root());
  let n = 0;
  for (const span of fileSpans(root, syntaxFor(language)!).funcs) {
    assert.equal(defName(span.node, source), defName(span.node), `${where} at offset ${span.start}`);
    n++;
  }
  return n;
}

test("a Java method's name read from its head is the tree's, whatever its annotations, modifiers, type parameters and return type", () => {
  const source = `class A {
  @Override
  protected void doGet(HttpServletRequest req) {}
  public static <T extends Comparable<T>> T max(T a, T b) { return a; }
  Map<String, List<String>> index() { return null; }
  int[] counts (int x) { return null; }
  @RequestMapping(value = "/x", method = RequestMethod.GET)
  public @ResponseBody String get(@RequestParam String q) { return q; }
  @Foo(bar = @Baz(1)) void nested() {}
  @Path("/a(b)") String parenInAnnotation() { return ""; }
  String /* note */ commented() { return ""; }
  java.util.List<String> names() { return null; }
  private synchronized final void a$b() {}
}
`;
  assert.ok(agree("java", source, "inline") >= 10);
});

test("on every corpus function, the name read from the head agrees with the tree's", () => {
  let functions = 0;
  for (const dir of ["java", "python", "javascript", "typescript", "go"]) {
    for (const file of readdirSync(join(corpus, dir))) functions += agree(dir, readFileSync(join(corpus, dir, file), "utf8"), `${dir}/${file}`);
  }
  assert.ok(functions > 300, `${functions} functions`);
});
