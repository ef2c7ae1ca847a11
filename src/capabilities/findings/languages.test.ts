import assert from "node:assert/strict";
import { test } from "node:test";
import { detectLanguage, languages } from "../../review/languages.ts";
import { languageByExtension, languageOf } from "./languages.ts";
import { inboxLanguages } from "./schemas.ts";

test("the inbox's languages are the engine's, and each extension maps as the engine detects it", () => {
  assert.deepEqual([...inboxLanguages], [...languages]);
  for (const [ext, lang] of Object.entries(languageByExtension)) {
    assert.equal(languageOf(`src/a.${ext}`), lang);
    assert.equal(detectLanguage(`src/a.${ext}`, ""), lang);
  }
  assert.equal(languageOf("Makefile"), null);
  assert.equal(languageOf("src/.py"), null);
  assert.equal(languageOf("src/A.PY"), "python");
});
