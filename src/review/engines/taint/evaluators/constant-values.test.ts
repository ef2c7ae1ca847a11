import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

const lines = (lang: string, file: string, src: string): number[] =>
  analyzeSource(lang, file, src)
    .map((f) => f.location.startLine)
    .sort((a, b) => a - b);

test("Java: a switch on a character taken from a constant string runs the matching arm and what it falls through to", () => {
  const src = `class S {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String param = request.getParameter("p");
    String guess = "ABC";
    String a = "x", b = "x";
    switch (guess.charAt(1)) {
      case 'A': a = param; break;
      case 'B': a = "safe";
      case 'C': b = param; break;
      default: a = param;
    }
    response.getWriter().print(a);
    response.getWriter().print(b);
  }
}`;
  assert.deepEqual(lines("java", "S.java", src), [13]);
});

test("locals stepped by ++, --, += and -= stay known constants and prune dead ternary branches", () => {
  const java = `class S {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String param = request.getParameter("p");
    int num = 106;
    num--;
    response.getWriter().print((7 * 18) + num > 200 ? "safe" : param);
    int n = 1;
    n += 10;
    response.getWriter().print(n > 5 ? param : "safe");
    int k = 0;
    k++;
    response.getWriter().print(k == 0 ? param : "safe");
  }
}`;
  assert.deepEqual(lines("java", "S.java", java), [9]);
  const py = `import os
from flask import request
def view():
    p = request.args["p"]
    num = 106
    num -= 6
    os.system("ls" if num == 100 else p)
    num *= 2
    os.system("ls" if num == 100 else p)
`;
  assert.deepEqual(lines("python", "v.py", py), [9]);
});

test("Python: match and if-chains on a character of a constant string keep only the live arm", () => {
  const src = `import os
from flask import request
def view():
    p = request.args["p"]
    target = "ABC"[1]
    match target:
        case "A":
            bar = p
        case "B":
            bar = "bob"
        case "C" | "D":
            bar = p
        case _:
            bar = p
    os.system(bar)
    if target.lower() == "b":
        other = p
    else:
        other = "ok"
    os.system(other)
`;
  assert.deepEqual(lines("python", "v.py", src), [20]);
});

test("Go: a switch on a known value runs only the matching case", () => {
  const src = `package main
func h(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("n")
	mode := "b"
	cmd := "ls"
	switch mode {
	case "a":
		cmd = name
	case "b", "c":
		cmd = "pwd"
	}
	exec.Command("sh", "-c", cmd).Run()
	switch mode {
	case "b":
		cmd = name
	}
	exec.Command("sh", "-c", cmd).Run()
}`;
  assert.deepEqual(lines("go", "h.go", src), [17]);
});

test("a switch on a value not known runs every arm", () => {
  const src = `const { exec } = require("child_process");
app.get("/x", (req, res) => {
  let cmd = "ls";
  switch (req.query.mode) {
    case "a": cmd = req.query.c; break;
    default: cmd = "pwd";
  }
  exec(cmd);
  const mode = "b";
  let other = "ls";
  switch (mode) {
    case "a": other = req.query.c; break;
    case "b": other = "pwd"; break;
  }
  exec(other);
});`;
  assert.deepEqual(lines("javascript", "a.js", src), [8]);
});

test("a deny-list check for '..' followed by an exit makes the name safe for path traversal only", () => {
  const py = `import os
from flask import request
def view():
    name = request.args["f"]
    if ("../" in name) or name.startswith("/"):
        return "bad"
    open(os.path.join("/srv", name))
    os.system("cat " + name)
    other = request.args["g"]
    if ".." in other:
        print("odd")
    open(other)
    if ".." not in other:
        open(other)
    if other.find("..") >= 0 and other.startswith("x"):
        return "bad"
    open(other)
`;
  assert.deepEqual(lines("python", "v.py", py), [8, 12, 17]);
  const java = `class S {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    if (p.indexOf("..") != -1) { throw new IllegalArgumentException(); }
    new File(p);
    String q = request.getParameter("q");
    if (q.contains("..")) { new File(q); }
  }
}`;
  assert.deepEqual(lines("java", "S.java", java), [7]);
  const go = `package main
func h(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("f")
	if strings.Contains(name, "..") {
		return
	}
	os.Open(name)
}`;
  assert.deepEqual(lines("go", "h.go", go), []);
});

test("a failed '..' check on a request member path makes it safe for path traversal only, on the checked branch", () => {
  const js = `const express = require("express");
const app = express();
app.get("/files/:name", (req, res) => {
  if (req.params.name.includes("..")) return res.status(400).end();
  res.sendFile("/srv/files/" + req.params.name);
  res.send("<p>" + req.params.name + "</p>");
});
app.get("/other/:name", (req, res) => {
  if (req.query.flag) {
    if (req.params.name.includes("..")) return res.status(400).end();
  }
  res.sendFile("/srv/files/" + req.params.name);
});`;
  const found = analyzeSource("javascript", "a.js", js).map((f) => [f.location.startLine, f.ruleId.replace(/^.*\./, "")]);
  assert.deepEqual(
    found.sort(),
    [
      [12, "path-traversal"],
      [6, "xss"],
    ].sort(),
  );
});

test("a compiled regex's full match is an allow-list check (Java matcher().matches(), Python pattern.fullmatch())", () => {
  const java = `class S {
  private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[a-z]{1,16}");
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    if (!NAME.matcher(p).matches()) { return; }
    new File(p);
    String q = request.getParameter("q");
    if (NAME.matcher(q).find()) { new File(q); }
  }
}`;
  assert.deepEqual(lines("java", "S.java", java), [8]);
  const py = `import os, re
from flask import request
NAME = re.compile(r"[a-z]{1,16}")
def view():
    p = request.args["p"]
    if not NAME.fullmatch(p):
        return "bad"
    open(p)
    q = request.args["q"]
    if NAME.search(q):
        open(q)
`;
  assert.deepEqual(lines("python", "v.py", py), [11]);
});

test("Java: session attributes written and read by constant key through request.getSession()", () => {
  const src = `class S {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String param = request.getParameter("p");
    request.getSession().setAttribute("theme", "dark");
    request.getSession().setAttribute("user", param);
    response.getWriter().print((String) request.getSession().getAttribute("theme"));
    response.getWriter().print((String) request.getSession().getAttribute("user"));
  }
}`;
  assert.deepEqual(lines("java", "S.java", src), [5, 7]);
});
