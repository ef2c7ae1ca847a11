import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";
import { importNames, withImportNames } from "./python-imports.ts";
import { rulesFor } from "./rules.ts";

test("import names map local names to the module's names, aliases and from-imports included", () => {
  const names = importNames(
    [
      "import os, random as rnd",
      "import hashlib as h  # digests",
      "from flask import (",
      "    redirect as go,",
      "    request,",
      ")",
      "from random import randint, choice as pick",
      "import json",
    ].join("\n"),
  );
  assert.deepEqual(Object.fromEntries(names), {
    rnd: "random",
    h: "hashlib",
    go: "flask.redirect",
    request: "flask.request",
    randint: "random.randint",
    pick: "random.choice",
  });
});

test("a file without renaming imports keeps the shared rules, files importing alike share one copy", () => {
  const rules = rulesFor("python");
  assert.equal(withImportNames(rules, "import os\nfrom flask import request\n"), rules);
  const a = withImportNames(rules, "from flask import redirect as go\n");
  assert.notEqual(a, rules);
  assert.equal(withImportNames(rules, "from flask import redirect as go\nx = 1\n"), a);
  assert.ok(a.sinks.lookup("go"));
  assert.equal(rules.sinks.lookup("go"), undefined);
});

const flow = (src: string): string[] => analyzeSource("python", "a.py", src).map((f) => `${f.ruleId}:${f.location.startLine}`);

test("a sink or source imported under another name is found by that name", () => {
  assert.deepEqual(
    flow(
      [
        "import random as rnd",
        "from flask import redirect as go, request, session",
        "def a():",
        "    return go(request.args['next'])",
        "def b():",
        "    session['token'] = str(rnd.random())",
      ].join("\n"),
    ),
    ["py.taint.open-redirect:4", "py.taint.insecure-random:6"],
  );
});

test("a predictable number reaches only insecure-random sinks, and request data never them", () => {
  assert.deepEqual(
    flow(
      [
        "import os, random",
        "from flask import request, session, make_response",
        "def a():",
        "    os.system('sleep %d' % random.randint(1, 3))",
        "    session['hint'] = int(random.random() * 100)",
        "    r = make_response('x')",
        "    r.set_cookie('lang', request.args['lang'])",
        "    return r",
      ].join("\n"),
    ),
    ["py.taint.insecure-random:5"],
  );
  assert.deepEqual(
    analyzeSource(
      "java",
      "A.java",
      [
        "class A { void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {",
        "  int n = new java.util.Random().nextInt(10);",
        '  stmt.executeQuery("SELECT * FROM t LIMIT " + n);',
        '  response.addCookie(new Cookie("pin", String.valueOf(n * 7)));',
        '  response.addCookie(new Cookie("lang", request.getParameter("l")));',
        "} }",
      ].join("\n"),
    ).map((f) => `${f.ruleId}:${f.location.startLine}`),
    ["java.taint.insecure-random:4"],
  );
});

test("a Java call written with its package is found under its class's name", () => {
  assert.deepEqual(
    analyzeSource(
      "java",
      "A.java",
      [
        "class A { void doGet(javax.servlet.http.HttpServletRequest request, HttpServletResponse response) throws Exception {",
        '  java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(request.getParameter("f")));',
        "  long v = java.util.concurrent.ThreadLocalRandom.current().nextLong();",
        '  response.addHeader("Set-Cookie", org.springframework.http.ResponseCookie.from("d", Long.toString(v)).build().toString());',
        "} }",
      ].join("\n"),
    ).map((f) => `${f.ruleId}:${f.location.startLine}`),
    ["java.taint.path-traversal:2", "java.taint.insecure-random:4"],
  );
});
