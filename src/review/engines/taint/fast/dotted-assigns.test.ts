// The candidates of a dotted assignment sink's last word without its object (`body:`, a `session`
// variable) leave a file unwalked; every shape the analysis can report at keeps it walked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { refineWithTaint, taintCandidates, taintWalkable } from "../index.ts";
import { parseFor } from "../run.ts";

const walkable = (src: string, lang = "javascript"): boolean => {
  const cands = taintCandidates(lang, src);
  assert.ok(cands?.length, `no candidate in ${src}`);
  return taintWalkable(lang, src, cands);
};

/** The analysis of every function around the candidates, as before the check (candidates given: no check). */
const walked = (lang: string, src: string) =>
  refineWithTaint({
    path: "lib/x.js",
    language: lang,
    root: parseFor(lang, src),
    source: src,
    patternFindings: [],
    parseErrors: false,
    candidates: taintCandidates(lang, src),
  });

test("a file whose only candidates are dotted sinks' last words without their objects is not walked", () => {
  assert.equal(walkable("app.get('/a', (req, res) => { const opts = { body: req.query.x }; send(opts); });\n"), false);
  assert.equal(walkable("app.get('/a', (req, res) => { const session = req.query.s; if (session) n = 1; });\n"), false);
  assert.equal(walkable("app.get('/a', (req, res) => { /* the location: */ n = 1; });\n"), false);
});

test("the object beside the word, across white space or a comment, keeps the file walked", () => {
  assert.equal(walkable("app.get('/a', (req, res) => { ctx.body = req.query.x; });\n"), true);
  assert.equal(walkable("app.get('/a', (req, res) => { this.ctx\n  .body = req.query.x; });\n"), true);
  assert.equal(walkable("app.get('/a', (req, res) => { ctx /* koa */ .body = req.query.x; });\n"), true);
  assert.equal(walkable("app.get('/a', (req, res) => { ctx // koa\n .body = req.query.x; });\n"), true);
  assert.equal(walkable("app.get('/a', (req, res) => { req.session.user = req.query.u; });\n"), true);
  assert.equal(walkable("app.get('/a', (req, res) => { window.location = req.query.u; });\n"), true);
});

test("another sink a dotted word's match runs over keeps the file walked", () => {
  const src = "app.get('/a', (req, res) => { const session = 1; x = session ? cp.exec(req.query.c) : 0; });\n";
  assert.equal(walkable(src), true);
  assert.ok(walked("javascript", src).some((f) => f.ruleId === "js.taint.command-injection"));
});

test("every corpus file with a candidate stays walked (each holds a sink the analysis judges)", () => {
  const corpus = new URL("../corpus/", import.meta.url).pathname;
  const unwalked: string[] = [];
  let checked = 0;
  for (const lang of ["javascript", "typescript"]) {
    for (const f of readdirSync(`${corpus}${lang}`)) {
      const src = readFileSync(`${corpus}${lang}/${f}`, "utf8");
      const cands = taintCandidates(lang, src);
      if (!cands?.length) continue;
      checked++;
      if (!taintWalkable(lang, src, cands)) unwalked.push(f);
    }
  }
  assert.ok(checked > 20);
  assert.deepEqual(unwalked, []);
});
