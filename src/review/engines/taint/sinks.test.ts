import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "./run.ts";

const found = (lang: string, file: string, src: string): string[] =>
  analyzeSource(lang, file, src)
    .map((f) => `${f.location.startLine}:${f.ruleId.split(".").pop()}`)
    .sort();

test("an argument vector with a fixed program is not command injection; a shell, a tainted program or an environment entry is", () => {
  const src = `class C {
  void doGet(HttpServletRequest request) throws Exception {
    String h = request.getParameter("h");
    Runtime.getRuntime().exec(new String[] {"ping", "-c", "1", h});
    Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping " + h});
    String[] fixed = {"dig", h};
    new ProcessBuilder(fixed).start();
    new ProcessBuilder(Arrays.asList("bash", "-c", h)).start();
    Runtime.getRuntime().exec(new String[] {h, "-v"});
    Runtime.getRuntime().exec("env", new String[] {"A=1", "B=" + h});
    Runtime.getRuntime().exec(String.join(" ", fixed));
  }
}`;
  assert.deepEqual(found("java", "C.java", src), [
    "10:command-injection",
    "11:command-injection",
    "5:command-injection",
    "8:command-injection",
    "9:command-injection",
  ]);
});

test("a Flask view's returned string is XSS; templates, JSON, redirects and headers are not; FastAPI returns JSON", () => {
  const flask = `from flask import Flask, request, render_template, jsonify, redirect
app = Flask(__name__)

@app.route("/a")
def a():
    n = request.args["n"]
    if n == "x":
        return render_template("a.html", n=n)
    if n == "y":
        return jsonify(n=n)
    if n == "z":
        return redirect("/b?n=" + n)
    if n == "w":
        return "ok", 200, {"X-N": n}
    return "<b>" + n + "</b>"

def helper():
    return request.args["n"]
`;
  assert.deepEqual(found("python", "app.py", flask), ["15:xss"]);
  const fastapi = `from fastapi import FastAPI
app = FastAPI()

@app.get("/a")
def a(n: str):
    return "<b>" + n + "</b>"
`;
  assert.deepEqual(found("python", "api.py", fastapi), []);
});

test("a sanitizer with a literal condition cleans only in that form; a call that is a sink and a sanitizer is still a sink", () => {
  const py = `def view(request):
    t = request.GET["t"]
    doc.xpath("//b[t='" + t.replace("'", "&apos;") + "']")
    doc.xpath("//b[t='" + t.replace("'", "") + "']")
`;
  assert.deepEqual(found("python", "v.py", py), ["4:xpath-injection"]);
  const js = `function go() {
  const next = new URLSearchParams(location.search).get("next");
  location.replace(next);
}
`;
  assert.deepEqual(found("javascript", "a.js", js), ["3:open-redirect"]);
});

test("a Java constructor sink written with its package is found when it is the method's only sink", () => {
  const src = `class C {
  void doGet(HttpServletRequest request) throws Exception {
    String name = request.getParameter("f");
    java.io.File f = new java.io.File("/srv/" + name);
  }
  void doPost(HttpServletRequest request) throws Exception {
    java.io.File f = new java.io.File("/srv/fixed.txt");
  }
}`;
  assert.deepEqual(found("java", "C.java", src), ["4:path-traversal"]);
});
