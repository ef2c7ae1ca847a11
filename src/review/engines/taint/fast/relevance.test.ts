// Statements the walk skips or walks without their expressions (fast/relevance.ts) must leave every
// result as a full walk gives it: constants bound in clean statements still prune branches, loops
// still carry taint backwards, and calls after the last sink still count when something needs them.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Finding } from "../../../types.ts";
import { analyzeSource } from "../run.ts";
import { mentions } from "./relevance.ts";

const lines = (fs: Finding[]): number[] => fs.map((f) => f.location.startLine);

function patternFinding(line: number, column: number, tags: string[]): Finding {
  return {
    ruleId: "js.pattern.run",
    title: "run",
    description: "d",
    severity: "high",
    cwe: [],
    confidence: "medium",
    tags,
    location: { path: "a.js", startLine: line, startColumn: column, endLine: line, endColumn: column + 10 },
    relatedLocations: [],
    fingerprint: "p",
    engine: "pattern",
  };
}

test("a constant bound in a clean statement still prunes a later branch", () => {
  const py = `import os
from flask import request

def view():
    name = request.args.get("n")
    debug = False
    if debug:
        os.system(name)
    os.system("ls " + name)
`;
  assert.deepEqual(lines(analyzeSource("python", "v.py", py)), [9]);
});

test("an assignment inside a clean call's arguments still binds its constant (JS)", () => {
  const js = `const { exec } = require("child_process");
app.get("/", (req, res) => {
  const q = req.query.q;
  let mode = 0;
  log(mode = 1);
  if (mode === 0) exec(q);
  if (mode === 1) exec("ls " + q);
});
`;
  assert.deepEqual(lines(analyzeSource("javascript", "a.js", js)), [7]);
});

test("statements after the last sink still feed it through a loop", () => {
  const py = `import os
from flask import request

def view():
    cmd = "ls"
    for i in range(3):
        os.system(cmd)
        cmd = request.args.get("c")
    done = True
`;
  assert.deepEqual(lines(analyzeSource("python", "v.py", py)), [7]);
});

test("a closure after the outer function's last sink is analysed with the outer variables", () => {
  const js = `const { exec } = require("child_process");
app.get("/", (req, res) => {
  const a = req.query.a;
  exec("ls");
  const later = () => { exec(a); };
  later();
});
`;
  assert.deepEqual(lines(analyzeSource("javascript", "a.js", js)), [5]);
});

test("a call a pattern rule flagged after the last sink still sees its tainted argument", () => {
  const js = `const { exec } = require("child_process");
app.get("/", (req, res) => {
  const q = req.query.q;
  exec("ls");
  customRun(q);
});
`;
  const out = analyzeSource("javascript", "a.js", js, [patternFinding(5, 3, ["taint:command-injection"])]);
  assert.deepEqual(
    out.map((f) => [f.ruleId, f.location.startLine]),
    [["js.taint.command-injection", 5]],
  );
});

test("a tainted variable named in a clean-looking statement keeps it walked (Go, Java)", () => {
  const go = `package h

import (
	"net/http"
	"os"
	"os/exec"
)

func H(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("n")
	total := 0
	for k := 0; k < 3; k++ {
		total += k
	}
	if total > 100 {
		exec.Command("sh", "-c", name).Run()
	}
	p := "/tmp/" + name
	os.Open(p)
}
`;
  assert.deepEqual(lines(analyzeSource("go", "h.go", go)), [16, 19]);
  const java = `import javax.servlet.http.*;
import java.sql.*;

class H extends HttpServlet {
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
    String name = req.getParameter("n");
    Statement st = conn.createStatement();
    String q = "SELECT " + name;
    int n = 0;
    n += 2;
    st.executeQuery(q);
  }
}
`;
  assert.deepEqual(lines(analyzeSource("java", "H.java", java)), [11]);
});

test("a mention is a whole ASCII identifier; any other neighbour counts", () => {
  assert.equal(mentions("a = name + 1", "name"), true);
  assert.equal(mentions("a = username + 1", "name"), false);
  assert.equal(mentions("a = name_2", "name"), false);
  assert.equal(mentions("a = $name", "name"), true);
  assert.equal(mentions("a = éname", "name"), true);
  assert.equal(mentions("anything", ""), true);
});

test("a view returned past its factory's last sink still reports its response (return sinks by decorator)", () => {
  const py = `import os
from flask import Flask, request

def create_app(cmd):
    app = Flask(__name__)
    os.system(cmd)

    @app.route("/hello")
    def hello():
        name = request.args["name"]
        return "<p>" + name + "</p>"

    return app
`;
  const found = analyzeSource("python", "app.py", py).filter((f) => f.ruleId === "py.taint.xss");
  assert.deepEqual(lines(found), [11]);
});

test("a view's own return after its last sink is still its response", () => {
  const py = `import os
from flask import Flask, request
app = Flask(__name__)

@app.route("/")
def view():
    name = request.args["n"]
    os.system("ls")
    return "<p>" + name + "</p>"
`;
  const found = analyzeSource("python", "v.py", py).filter((f) => f.ruleId === "py.taint.xss");
  assert.deepEqual(lines(found), [9]);
});
