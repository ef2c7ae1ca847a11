import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse as parseYaml } from "yaml";
import { cachedParse } from "./rule-cache.ts";

const dir = mkdtempSync(join(tmpdir(), "crs-rule-cache-"));
const previous = process.env.CRS_CACHE_DIR;
before(() => {
  process.env.CRS_CACHE_DIR = dir;
});
after(() => {
  if (previous === undefined) delete process.env.CRS_CACHE_DIR;
  else process.env.CRS_CACHE_DIR = previous;
  rmSync(dir, { recursive: true, force: true });
});

const anyValue = (v: unknown): v is unknown => v !== undefined;
function counted(text: string, kind = "test") {
  let parses = 0;
  const value = cachedParse(
    kind,
    text,
    (t) => {
      parses++;
      return parseYaml(t) as unknown;
    },
    (v) => v,
    anyValue,
  );
  return { value, parses };
}

test("a parsed text is written once and later reads come from the cache without parsing", () => {
  const text = "a: 1\nb: [x, y]\n";
  assert.deepEqual(counted(text), { value: { a: 1, b: ["x", "y"] }, parses: 1 });
  assert.deepEqual(counted(text), { value: { a: 1, b: ["x", "y"] }, parses: 0 });
  assert.equal(readdirSync(join(dir, "test")).length, 1);
});

test("a value JSON cannot keep exactly (infinity) is parsed every time, never written", () => {
  const text = "n: .inf\n";
  assert.equal(counted(text, "inexact").parses, 1);
  assert.equal(counted(text, "inexact").parses, 1);
  assert.equal(existsSync(join(dir, "inexact")), false);
});

test("a torn cache file is parsed again and rewritten", () => {
  const text = "torn: true\n";
  counted(text, "torn");
  const [file] = readdirSync(join(dir, "torn"));
  writeFileSync(join(dir, "torn", file!), '{"torn":');
  assert.deepEqual(counted(text, "torn"), { value: { torn: true }, parses: 1 });
  assert.equal(readFileSync(join(dir, "torn", file!), "utf8"), '{"torn":true}');
});

test("every built-in taint rule file reads back from the cache as the YAML parser gives it", () => {
  const rules = new URL("./rules/", import.meta.url);
  for (const language of readdirSync(rules)) {
    let text: string;
    try {
      text = readFileSync(new URL(`${language}/taint.yml`, rules), "utf8");
    } catch {
      continue;
    }
    const fresh = parseYaml(text) as unknown;
    assert.deepEqual(counted(text, "taint").value, fresh, language);
    assert.deepEqual(counted(text, "taint"), { value: fresh, parses: 0 }, language);
  }
});
