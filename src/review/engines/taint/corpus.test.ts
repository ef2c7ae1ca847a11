import { test } from "node:test";
import assert from "node:assert/strict";
import { evaluateCorpusCases, evaluateTaintCorpus } from "./eval.ts";

const cases = await evaluateCorpusCases();

test("every marked corpus case keeps its label (vulnerable found, safe look-alike not reported)", () => {
  // A note starting with "todo" marks a known gap (README "Not modelled"): scored by eval, not held here.
  const failing = cases
    .filter((c) => !c.ok && !c.note.startsWith("todo"))
    .map((c) => `${c.language}/${c.file}:${c.line} ${c.expected} ${c.injectionClass} ${c.note}`);
  assert.deepEqual(failing, []);
});

test("the corpus covers every language with vulnerable and safe cases", () => {
  const rows = cases.filter((c) => c.expected !== "none");
  for (const lang of ["javascript", "typescript", "python", "go", "java"]) {
    assert.ok(
      rows.some((c) => c.language === lang && c.expected === "vuln"),
      `${lang} has vulnerable cases`,
    );
    assert.ok(
      rows.some((c) => c.language === lang && c.expected === "safe"),
      `${lang} has safe cases`,
    );
  }
});

test("evaluation rows meet the goals: recall >= 90% and false positives <= 10% per language", async () => {
  const byLang = new Map<string, { v: number; d: number; s: number; fp: number }>();
  for (const r of await evaluateTaintCorpus()) {
    const a = byLang.get(r.language) ?? { v: 0, d: 0, s: 0, fp: 0 };
    a.v += r.vulnerable;
    a.d += r.detected;
    a.s += r.safe;
    a.fp += r.falsePositives;
    byLang.set(r.language, a);
  }
  for (const [lang, a] of byLang) {
    assert.ok(a.d >= 0.9 * a.v, `${lang} recall ${a.d}/${a.v}`);
    assert.ok(a.fp <= 0.1 * a.s, `${lang} false positives ${a.fp}/${a.s}`);
  }
});

test("the full engine (reviewFiles) reports every finding the taint engine finds on the corpus", async () => {
  const { readdir, readFile } = await import("node:fs/promises");
  const { reviewFiles } = await import("../../index.ts");
  const { analyzeSource } = await import("./run.ts");
  const dir = new URL("./corpus/", import.meta.url);
  const files: { path: string; content: Buffer; language: string }[] = [];
  for (const language of (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name)) {
    for (const f of await readdir(new URL(`${language}/`, dir))) {
      files.push({
        path: `corpus/${language}/${f}`,
        content: await readFile(new URL(`${language}/${f}`, dir)),
        language: f.endsWith(".tsx") ? "tsx" : language,
      });
    }
  }
  const res = await reviewFiles({
    files: (async function* () {
      yield* files.map(({ path, content }) => ({ path, content }));
    })(),
    taint: true,
  });
  // A sink folded into another finding of the same predictable source (../../fold.ts) is one of its related locations.
  const reported = new Set(
    res.findings.flatMap((f) => [f.location, ...(f.engine === "taint" ? f.relatedLocations : [])].map((l) => `${l.path}:${l.startLine}:${f.ruleId}`)),
  );
  const missing: string[] = [];
  let expected = 0;
  for (const f of files) {
    for (const t of analyzeSource(f.language, f.path, f.content.toString("utf8"))) {
      expected++;
      const key = `${f.path}:${t.location.startLine}:${t.ruleId}`;
      if (!reported.has(key)) missing.push(key);
    }
  }
  assert.ok(expected > 100, `taint findings on the corpus: ${expected}`);
  assert.deepEqual(missing, []);
});
