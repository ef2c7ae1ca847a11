import assert from "node:assert/strict";
import { test } from "node:test";
import { detectLanguage, languages } from "../../review/languages.ts";
import { languageByExtension } from "../../review/language-ids.ts";
import { inboxLanguages } from "./schemas.ts";

test("the inbox's languages are the engine's, and a finding's language is its path's extension as the engine detects it", () => {
  assert.deepEqual([...inboxLanguages], [...languages]);
  for (const path of ["src/a.js", "src/a.tsx", "lib/b.pyi", "x/Y.java", "a.kts", "m.rs"]) assert.equal(languageByExtension(path), detectLanguage(path, ""));
  assert.equal(languageByExtension("Makefile"), null);
  assert.equal(languageByExtension("src/.py"), null);
  assert.equal(languageByExtension("src/A.PY"), "python");
});
