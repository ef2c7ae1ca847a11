// The labels of the blind proxy set (bench/real/cases.json) must describe the trees on disk: a label
// that points past a file or outside its function would score a case on the wrong lines.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { atWeakPoint, loadCases, ofClass, type Side } from "../scripts/real-cases.ts";

const root = fileURLToPath(new URL("../bench/real/", import.meta.url));
const cases = loadCases(root);

function files(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(`${dir}/${name}`).isDirectory() ? files(`${dir}/${name}`, `${prefix}${name}/`) : [`${prefix}${name}`]));
}

function checkSide(id: string, tree: string, side: Side): void {
  const path = `${tree}/${side.file}`;
  assert.ok(existsSync(path), `${id}: ${path} is missing`);
  const lines = readFileSync(path, "utf8").split("\n").length;
  const [first, last] = side.function;
  assert.ok(first <= last, `${id}: function range ${first}-${last} is reversed`);
  assert.ok(last <= lines, `${id}: function range ends at ${last}, past the ${lines} lines of ${side.file}`);
  assert.ok(side.line >= first && side.line <= last, `${id}: line ${side.line} lies outside the function ${first}-${last}`);
  assert.ok(readFileSync(path, "utf8").split("\n")[side.line - 1]!.trim(), `${id}: line ${side.line} of ${side.file} is blank`);
}

describe("bench/real labels", () => {
  it("name every case once, with a folder holding a vulnerable and a fixed tree", () => {
    assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
    for (const lang of ["js", "python"]) {
      const labelled = cases
        .filter((c) => c.language === lang)
        .map((c) => c.id)
        .sort();
      assert.deepEqual(readdirSync(`${root}${lang}`).sort(), labelled, `${lang}: folders and labels differ`);
      assert.ok(labelled.length >= 45, `${lang}: only ${labelled.length} pairs`);
    }
    for (const c of cases) {
      assert.deepEqual(readdirSync(`${root}${c.dir}`).sort(), ["fixed", "vulnerable"], c.id);
    }
  });

  it("point at lines inside the labelled files and inside the labelled function", () => {
    for (const c of cases) {
      checkSide(c.id, `${root}${c.dir}/vulnerable`, c.vulnerable);
      checkSide(c.id, `${root}${c.dir}/fixed`, c.fixed);
    }
  });

  it("pair trees that differ, and mark a fix elsewhere exactly when the weak line is unchanged", () => {
    for (const c of cases) {
      const v = `${root}${c.dir}/vulnerable`;
      const f = `${root}${c.dir}/fixed`;
      const differs = [...new Set([...files(v), ...files(f)])].some(
        (p) => !existsSync(`${v}/${p}`) || !existsSync(`${f}/${p}`) || readFileSync(`${v}/${p}`, "utf8") !== readFileSync(`${f}/${p}`, "utf8"),
      );
      assert.ok(differs, `${c.id}: the fixed tree equals the vulnerable one`);
      const weak = readFileSync(`${v}/${c.vulnerable.file}`, "utf8").split("\n")[c.vulnerable.line - 1];
      const mapped = readFileSync(`${f}/${c.fixed.file}`, "utf8").split("\n")[c.fixed.line - 1];
      assert.equal(weak === mapped, c.fixElsewhere, `${c.id}: fixElsewhere does not match the weak line`);
    }
  });
});

describe("bench/real scoring predicates", () => {
  const side: Side = { file: "lib/a.js", function: [10, 20], line: 15 };
  const finding = (path: string, line: number, extra: object = {}) => ({ ruleId: "x.rule", location: { path, startLine: line }, ...extra });

  it("count a finding of the class inside the function, near the weak line or through a flow step", () => {
    assert.equal(atWeakPoint(finding("lib/a.js", 10), side), true);
    assert.equal(atWeakPoint(finding("lib/a.js", 23), { ...side, function: [10, 12], line: 20 }), true);
    assert.equal(atWeakPoint(finding("lib/shell.js", 3, { flow: [{ path: "lib/a.js", startLine: 12 }] }), side), true);
  });

  it("ignore findings in another file, outside the function, or of another class", () => {
    assert.equal(atWeakPoint(finding("lib/b.js", 15), side), false);
    assert.equal(atWeakPoint(finding("lib/a.js", 24), side), false);
    const sql = { class: "sql-injection", cwe: [89] };
    assert.equal(ofClass({ ...finding("a", 1), cwe: [89] }, sql), true);
    assert.equal(ofClass({ ...finding("a", 1), ruleId: "py.taint.sql-injection" }, sql), true);
    assert.equal(ofClass({ ...finding("a", 1), ruleId: "js.nosql-injection", cwe: [943] }, sql), false);
  });
});
