import { test } from "node:test";
import assert from "node:assert/strict";
import type { Finding } from "../../../types.ts";
import { analyzeSource } from "../run.ts";

const lines = (fs: Finding[]): string[] => fs.map((f) => `${f.location.startLine}:${f.ruleId.split(".")[2]}`).sort();

function patternFinding(path: string, line: number, column: number, tags: string[]): Finding {
  return {
    ruleId: "java.sql-injection",
    title: "sql",
    description: "d",
    severity: "high",
    cwe: [89],
    confidence: "medium",
    tags,
    location: { path, startLine: line, startColumn: column, endLine: line, endColumn: column + 10 },
    relatedLocations: [],
    fingerprint: "p",
    engine: "pattern",
  };
}

const servlet = `public class Reports extends HttpServlet {
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String region = request.getParameter("region");
    runQuery(conn, region);
    runQuery(conn, "emea");
  }

  private void runQuery(Connection c, String region) throws Exception {
    String sql = "SELECT * FROM sales WHERE region = '" + region + "'";
    c.createStatement().executeQuery(sql);
  }

  private void archive(Connection c, String year) throws Exception {
    c.createStatement().executeUpdate("DELETE FROM sales WHERE year = '" + year + "'");
  }
}
`;

test("a sink inside a helper reached by a tainted argument is reported there, with the flow through the call", () => {
  const [f, ...rest] = analyzeSource("java", "Reports.java", servlet);
  assert.equal(rest.length, 0);
  assert.equal(f!.ruleId, "java.taint.sql-injection");
  assert.equal(f!.location.startLine, 10);
  // the source, its variable, the call, the helper's parameter, the query string, the sink
  assert.deepEqual(
    f!.flow!.map((l) => l.startLine),
    [3, 3, 4, 8, 9, 10],
  );
});

test("a pattern finding at the helper's sink is replaced by the taint finding; one in a helper called with constants only is dropped", () => {
  const out = analyzeSource("java", "Reports.java", servlet, [
    patternFinding("Reports.java", 10, 5, ["taint:sql-injection"]),
    patternFinding("Reports.java", 14, 5, ["taint:sql-injection"]),
  ]);
  assert.deepEqual(
    out.map((f) => `${f.engine}:${f.location.startLine}`),
    ["taint:10"],
  );
});

test("a helper's return value keeps only what its parameters give it: constant, sanitized or passed through", () => {
  const src = `public class Page extends HttpServlet {
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    response.getWriter().println(Util.same(p));
    response.getWriter().println(Util.fixed(p));
    response.getWriter().println(Util.encoded(p));
    response.getWriter().println(new Util().pick(p, "x"));
  }
}
class Util {
  static String same(String s) { return s.trim(); }
  static String fixed(String s) { return "ok"; }
  static String encoded(String s) { return ESAPI.encoder().encodeForHTML(s); }
  String pick(String a, String b) { return a == null ? b : a; }
}
`;
  assert.deepEqual(lines(analyzeSource("java", "Page.java", src)), ["4:xss", "7:xss"]);
});

test("Java overloads are told apart by arity; two candidates of the same arity leave the call unknown (tainted)", () => {
  const src = `public class Page extends HttpServlet {
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    response.getWriter().println(label(p));
    response.getWriter().println(label(p, 2));
    response.getWriter().println(tag(p));
  }
  private String label(String s) { return "fixed"; }
  private String label(String s, int n) { return s; }
  private String tag(String s) { return "fixed"; }
  private String tag(Integer s) { return "fixed"; }
}
`;
  assert.deepEqual(lines(analyzeSource("java", "Page.java", src)), ["5:xss", "6:xss"]);
});

test("a recursive helper and a chain deeper than the limit fall back to the unknown-call rule", () => {
  const src = `public class Page extends HttpServlet {
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    response.getWriter().println(loop(p, 3));
    response.getWriter().println(a1(p));
    response.getWriter().println(b1(p));
  }
  private String loop(String s, int n) { return n > 0 ? loop(s, n - 1) : "fixed"; }
  private String a1(String s) { return a2(s); }
  private String a2(String s) { return a3(s); }
  private String a3(String s) { return a4(s); }
  private String a4(String s) { return "fixed"; }
  private String b1(String s) { return b2(s); }
  private String b2(String s) { return "fixed"; }
}
`;
  assert.deepEqual(lines(analyzeSource("java", "Page.java", src)), ["4:xss", "5:xss"]);
});

test("Python: module functions and methods called through self, with keyword arguments", () => {
  const src = `from flask import Flask, request
import sqlite3

def fixed(value):
    return "emea"

def same(value, suffix=""):
    return value + suffix

class Repo:
    def find(self, cur, name):
        cur.execute("SELECT * FROM t WHERE name = '%s'" % name)

    def handle(self, cur):
        self.find(cur, request.args.get("n"))

@app.route("/x")
def view():
    cur = sqlite3.connect("db").cursor()
    cur.execute("SELECT * FROM t WHERE r = '" + fixed(request.args.get("r")) + "'")
    cur.execute("SELECT * FROM t WHERE r = '" + same("a", suffix=request.args.get("s")) + "'")
    return "ok"
`;
  assert.deepEqual(lines(analyzeSource("python", "app.py", src)), ["12:sql-injection", "21:sql-injection"]);
});

test("JavaScript: arrow functions assigned to constants and methods called through this", () => {
  const src = `const { exec } = require("child_process");
const quoteless = (s) => "uptime";
const same = (s) => s.trim();
class Tools {
  run(cmd) { exec(cmd); }
  handle(req, res) {
    this.run("ls " + req.query.dir);
    exec(quoteless(req.query.a));
    exec(same(req.query.b));
  }
}
`;
  assert.deepEqual(lines(analyzeSource("javascript", "tools.js", src)), ["5:command-injection", "9:command-injection"]);
});

test("a variable or field declared with a class of the file resolves its method calls; an unknown class stays an unknown call", () => {
  const src = `public class Page extends HttpServlet {
  private final Formatter formatter = new Formatter();
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    Labels labels = new Labels();
    response.getWriter().println(labels.fixed(p));
    response.getWriter().println(formatter.plain(p));
    response.getWriter().println(formatter.safe(p));
    response.getWriter().println(other.fixed(p));
  }
}
class Labels { String fixed(String s) { return "ok"; } }
class Formatter {
  String plain(String s) { return "<b>" + s + "</b>"; }
  String safe(String s) { return "<b>" + ESAPI.encoder().encodeForHTML(s) + "</b>"; }
}
`;
  assert.deepEqual(lines(analyzeSource("java", "Page.java", src)), ["7:xss", "9:xss"]);
  const py = `from flask import request

class Repo:
    def __init__(self, db):
        self.db = db

    def by_name(self, name):
        return self.db.execute("SELECT * FROM t WHERE name = '%s'" % name)

    def by_id(self, ident):
        return self.db.execute("SELECT * FROM t WHERE id = %s", (ident,))

@app.route("/x")
def view():
    repo = Repo(get_db())
    repo.by_id(request.args.get("id"))
    repo.by_name(request.args.get("name"))
    return "ok"
`;
  assert.deepEqual(lines(analyzeSource("python", "app.py", py)), ["8:sql-injection"]);
});

test("a callee taking rest or keyword arguments stays an unknown call (its result tainted by any argument)", () => {
  const js = `function line(...parts) { return parts.join(" "); }
app.get("/x", (req, res) => {
  res.send(line("<p>", req.query.name, "</p>"));
});
`;
  assert.deepEqual(lines(analyzeSource("javascript", "a.js", js)), ["3:xss"]);
  const py = `import os
from flask import request

def build(*parts):
    return " ".join(parts)

def view():
    os.system(build("ls", request.args.get("d")))
`;
  assert.deepEqual(lines(analyzeSource("python", "a.py", py)), ["8:command-injection"]);
});

test("a function that reads a source itself returns tainted data to callers that pass it nothing", () => {
  const py = `import os
from flask import request

def current_dir():
    return request.args.get("d", "")

def is_admin():
    return request.args.get("admin") == "1"

def fixed_dir():
    request.args.get("d")
    return "/srv"

def view():
    os.system("ls " + current_dir())
    if is_admin():
        os.system("ls " + fixed_dir())
    os.system("ls " + str(is_admin()))
`;
  assert.deepEqual(lines(analyzeSource("python", "a.py", py)), ["15:command-injection"]);
  const js = `function getParam(name) {
  return new URLSearchParams(window.location.search).get(name);
}
function hasParam(name) {
  return new URLSearchParams(window.location.search).has(name);
}
export function render() {
  const q = getParam("q");
  document.getElementById("t").innerHTML = "Results for " + q;
  document.getElementById("u").innerHTML = "Shown: " + hasParam("q");
  document.getElementById("v").textContent = q;
}
`;
  assert.deepEqual(lines(analyzeSource("javascript", "a.js", js)), ["9:xss"]);
});

test("a helper that puts its argument into another object passed to it taints that object for the caller", () => {
  const java = `class S extends HttpServlet {
  private void addArg(List<String> args, String v) { args.add(v); }
  private void addFixed(List<String> args, String v) { args.add("--verbose"); }
  private void appendName(StringBuilder sb, String v) { sb.append("<b>").append(v).append("</b>"); }
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    List<String> cmd = new ArrayList<>();
    cmd.add("sh"); cmd.add("-c");
    addArg(cmd, p);
    new ProcessBuilder(cmd).start();
    List<String> cmd2 = new ArrayList<>();
    cmd2.add("sh"); cmd2.add("-c"); cmd2.add("ls");
    addFixed(cmd2, p);
    new ProcessBuilder(cmd2).start();
    StringBuilder sb = new StringBuilder();
    appendName(sb, p);
    response.getWriter().print(sb.toString());
  }
}
`;
  assert.deepEqual(lines(analyzeSource("java", "S.java", java)), ["10:command-injection", "17:xss"]);
  const py = `import os
from flask import request

def fill(ctx, name):
    ctx["name"] = name

def fill_fixed(ctx, name):
    ctx["title"] = "Home"

def view():
    ctx = {}
    fill(ctx, request.args.get("n"))
    os.system("echo " + ctx["name"])
    c2 = {}
    fill_fixed(c2, request.args.get("n"))
    os.system("echo " + c2["title"])
`;
  assert.deepEqual(lines(analyzeSource("python", "a.py", py)), ["13:command-injection"]);
});
