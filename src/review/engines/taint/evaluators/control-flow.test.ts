import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

const lines = (lang: string, file: string, src: string): number[] =>
  analyzeSource(lang, file, src)
    .map((f) => f.location.startLine)
    .sort((a, b) => a - b);

test("an assignment in an if that ends with break inside a loop reaches the code after the loop (Java)", () => {
  const src = `class C {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String value = "none";
    for (Cookie c : request.getCookies()) {
      if (c.getName().equals("x")) {
        value = c.getValue();
        break;
      }
    }
    response.getWriter().println(value);
  }
  void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String value = "none";
    for (Cookie c : request.getCookies()) {
      if (c.getName().equals("x")) {
        value = "fixed";
        break;
      }
    }
    response.getWriter().println(value);
  }
}`;
  assert.deepEqual(lines("java", "C.java", src), [10]);
});

test("a break inside a switch leaves the switch only; a continue goes round the loop again", () => {
  const src = `class C {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String last = "a";
    java.util.Enumeration<String> names = request.getHeaderNames();
    String mode = names.hasMoreElements() ? "a" : "b"; // unknown: a switch on a constant runs one arm
    while (names.hasMoreElements()) {
      String name = names.nextElement();
      switch (mode) {
        case "b":
          if (name.isEmpty()) { mode = name; break; }
          mode = "c";
          break;
        default:
          break;
      }
      if (name.length() > 3) { last = name; continue; }
    }
    response.getWriter().println(mode);
    response.getWriter().println(last);
  }
}`;
  assert.deepEqual(lines("java", "C.java", src), [18, 19]);
});

test("a Python loop's break keeps the branch's assignment, also from inside a match statement", () => {
  const src = `from flask import request, make_response
def view():
    name = "guest"
    for k, v in request.cookies.items():
        if k == "user":
            name = v
            break
    return make_response("<p>" + name)

def other():
    name = "guest"
    for k in request.headers:
        match k:
            case "A":
                name = k
                break
    return make_response("<p>" + name)

def safe():
    name = "guest"
    for k in request.headers:
        if k == "user":
            name = "known"
            break
    return make_response("<p>" + name)
`;
  assert.deepEqual(lines("python", "v.py", src), [8, 17]);
});

test("a loop or if that mentions nothing tainted is skipped, yet what it assigns is no longer a constant after it; a break keeps its state", () => {
  const src = `const { exec } = require("child_process");
const express = require("express");
const app = express();
const MODES = [{ name: "raw", on: true }];
app.get("/a", (req, res) => {
  let mode = "safe";
  for (const m of MODES) { if (m.on) mode = m.name; }
  if (mode === "raw") exec("ls " + req.query.dir);
});
app.get("/b", (req, res) => {
  let mode = "safe";
  let count = 0;
  for (let i = 0; i < MODES.length; i++) count += 2;
  if (mode === "raw") exec("ls " + req.query.dir);
});
app.get("/c", (req, res) => {
  let mode = "safe";
  const pairs = [["raw", 1]];
  for (const [name, n] of pairs) mode = name;
  if (mode === "raw") exec("ls " + req.query.dir);
});
app.get("/d", (req, res) => {
  let mode = "safe";
  if (MODES.length > 0) mode = MODES[0].name;
  if (mode === "raw") exec("ls " + req.query.dir);
});
app.get("/e", (req, res) => {
  let dir = "/tmp";
  for (const m of MODES) {
    dir = req.query.dir;
    if (m.on) break;
    dir = "/var";
  }
  exec("ls " + dir);
});
`;
  assert.deepEqual(lines("javascript", "app.js", src), [8, 20, 25, 34]);
});

test("Python: a clean loop's targets and augmented assignments are forgotten as constants", () => {
  const src = `import os
from flask import Flask, request
app = Flask(__name__)
MODES = ["raw"]

@app.route("/a")
def a():
    mode = "safe"
    for mode in MODES:
        pass
    if mode == "raw":
        os.system("ls " + request.args["d"])

@app.route("/b")
def b():
    mode = "safe"
    n = 0
    for m in MODES:
        n += 1
    if mode == "raw":
        os.system("ls " + request.args["d"])
`;
  assert.deepEqual(lines("python", "app.py", src), [12]);
});
