import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { loadRules, reviewFiles, toSarif } from "./index.ts";
import type { SourceFile } from "./types.ts";
import type { ReviewResult } from "./index.ts";

const schema = JSON.parse(readFileSync(new URL("./sarif-2.1.0.subset.schema.json", import.meta.url), "utf8")) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(schema);

async function* files(): AsyncGenerator<SourceFile> {
  yield { path: "src/my app/a.js", content: Buffer.from("if (x == NaN) {}\nconst h = crypto.createHash('md5');\n") };
  yield { path: "lib/x.min.js", content: Buffer.from("eval(a)") };
}

test("SARIF export validates against the 2.1.0 schema and carries CWE tags, security-severity, fingerprints and fixes", async () => {
  const rules = await loadRules();
  const result: ReviewResult = await reviewFiles({ files: files(), rules, taint: false });
  result.findings.push({ ...result.findings[0]!, ruleId: "js.taint.xss", flow: [result.findings[0]!.location, result.findings[1]!.location] });
  result.ruleProblems.push({ file: "custom/r.yml", line: 3, reason: "bad" });
  const sarif = toSarif(result, { rules: rules.rules, srcRoot: "file:///work/repo/" }) as any;
  assert.ok(validate({ ...sarif }), JSON.stringify(validate.errors));
  const run = sarif.runs[0];
  const hash = run.tool.driver.rules.find((r: any) => r.id === "js.weak-hash");
  assert.ok(hash.properties.tags.includes("external/cwe/cwe-328"));
  assert.equal(hash.properties["security-severity"], "5.5");
  assert.match(hash.help.markdown, /SHA-256/);
  const nan = run.results.find((r: any) => r.ruleId === "js.nan-comparison");
  assert.equal(nan.locations[0].physicalLocation.artifactLocation.uri, "src/my%20app/a.js");
  assert.match(nan.partialFingerprints.primaryLocationLineHash, /^[0-9a-f]{16}:1$/);
  assert.equal(nan.fixes[0].artifactChanges[0].replacements[0].insertedContent.text, "Number.isNaN(x)");
  assert.equal(run.results.find((r: any) => r.ruleId === "js.taint.xss").codeFlows[0].threadFlows[0].locations.length, 2);
  assert.deepEqual(run.invocations[0].toolExecutionNotifications.map((n: any) => n.descriptor.id), ["skipped/minified"]);
  assert.equal(run.invocations[0].toolConfigurationNotifications.length, 1);
  for (const r of run.results) assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
});
