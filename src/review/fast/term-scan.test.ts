// The one-pass scanner must find exactly what the prefilter's two regexes found: whole words as
// written, texts in any case (overlapping and nested ones too), nothing across non-ASCII characters.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TermScan } from "./term-scan.ts";
import { escapeRegExp } from "../text.ts";

/** What the regexes found: `\b(?:words)\b` and case-insensitive texts, each text wherever it starts. */
function byRegex(words: string[], texts: string[], text: string): string[] {
  const found = new Set<string>();
  const alt = (s: string[]) =>
    [...s]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|");
  if (words.length) for (const m of text.matchAll(new RegExp(`\\b(?:${alt(words)})\\b`, "g"))) found.add(`w:${m[0]}`);
  for (const t of texts) if (new RegExp(escapeRegExp(t), "i").test(text)) found.add(`t:${t.toLowerCase()}`);
  return [...found].sort();
}

function byScan(words: string[], texts: string[], text: string): string[] {
  const found = new Set<string>();
  new TermScan(words, texts).scan(text, found);
  return [...found].sort();
}

test("words are found whole and as written, texts in any case, overlapping and inside one another", () => {
  const words = ["exec", "req", "Function", "a_1"];
  const texts = ["data", "ata", "access-control", "ss", "then(", "]["];
  const cases: [string, string[]][] = [
    ["exec(req)", ["w:exec", "w:req"]],
    ["execute(request); fn.Function; pass", ["t:ss", "w:Function"]],
    ["DATA accESS-Control x][y", ["t:access-control", "t:ata", "t:data", "t:ss", "t:]["]],
    ["a_1 a_12 _a_1 $a_1", ["w:a_1"]],
    ["p.THEN(x)", ["t:then("]],
    ["éexecé", ["w:exec"]],
    ["", []],
  ];
  for (const [text, want] of cases) assert.deepEqual(byScan(words, texts, text), want.sort(), text);
});

test("on random text the scan finds what the regexes find", () => {
  const words = ["if", "else", "exec", "execSync", "x1", "_y", "Req", "req"];
  const texts = ["req", "request", "eq", "exec", "cSy", "-ecb", "\\]\\[", "a.b", "x1 "];
  const alphabet = [..."eqrxcSyInf1_ .-[]\\ab(R)", "é", "ſ", "K", "\n", "REQ", "exec", "req", "if"];
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  let hits = 0;
  for (let k = 0; k < 3000; k++) {
    let text = "";
    for (let i = rand(40); i > 0; i--) text += alphabet[rand(alphabet.length)];
    const want = byRegex(words, texts, text);
    hits += want.length;
    assert.deepEqual(byScan(words, texts, text), want, JSON.stringify(text));
  }
  assert.ok(hits > 3000, `${hits} terms found`);
});

test("terms it cannot read as the regexes do are left to them", () => {
  assert.equal(TermScan.fits(["exec"], ["data", "-ecb"]), true);
  assert.equal(TermScan.fits(["a.b"], []), false);
  assert.equal(TermScan.fits([], ["café"]), false);
  assert.equal(TermScan.fits([], ["a\tb"]), false);
});
