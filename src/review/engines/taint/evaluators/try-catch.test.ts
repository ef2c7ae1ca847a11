import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

const lines = (lang: string, file: string, src: string): number[] =>
  analyzeSource(lang, file, src)
    .map((f) => f.location.startLine)
    .sort((a, b) => a - b);

test("a handler that returns ends only its own path: the code after the try is analysed", () => {
  const java = `class C extends HttpServlet {
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String next = req.getParameter("next");
    int n;
    try { n = Integer.parseInt(req.getParameter("n")); } catch (NumberFormatException e) { resp.sendError(400); return; }
    resp.getWriter().println("<p>" + n + "</p>");
    resp.sendRedirect(next);
  }
}`;
  assert.deepEqual(lines("java", "C.java", java), [7]);
  const js = `app.get("/f", async (req, res) => {
  let f;
  try { f = JSON.parse(req.query.f); } catch (e) { return res.sendStatus(400); }
  await Post.find(f);
});`;
  assert.deepEqual(lines("javascript", "a.js", js), [4]);
});

test("what a handler assigns reaches the code after the try, joined with the body's end", () => {
  const py = `from flask import Flask, request, session, make_response
app = Flask(__name__)
@app.route("/h")
def h():
    try:
        name = session["n"]
    except KeyError:
        name = request.args["n"]
    make_response(name)
    try:
        other = request.args["o"]
    except KeyError:
        other = "x"
    else:
        other = "y"
    return make_response(other)
`;
  assert.deepEqual(lines("python", "a.py", py), [9]);
});

test("when the body and every handler return, finally runs and the code after the try stays unreachable", () => {
  const py = `from flask import Flask, request, make_response
app = Flask(__name__)
@app.route("/h")
def h():
    v = request.args["v"]
    try:
        return make_response("ok")
    except ValueError:
        return make_response("bad")
    finally:
        print("done")
    return make_response(v)
`;
  assert.deepEqual(lines("python", "a.py", py), []);
});

test("code after a try whose handler returns or throws is analysed; a value parsed in the try body stays clean there", () => {
  const java = `class S extends HttpServlet {
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    int n;
    try { n = Integer.parseInt(p); } catch (NumberFormatException e) { response.sendError(400); return; }
    Runtime.getRuntime().exec("seq " + n);
    try (java.io.InputStream in = request.getInputStream()) { in.read(); } catch (IOException e) { throw e; } finally { log("done"); }
    response.getWriter().print(p);
    String q = "fixed";
    try { q = helperThatMayFail(); } catch (RuntimeException e) { q = request.getParameter("q"); }
    Runtime.getRuntime().exec(q);
  }
}`;
  assert.deepEqual(lines("java", "S.java", java), [8, 11]);
  const py = `import os
from flask import request
def view():
    p = request.args.get("p")
    try:
        n = int(p)
    except ValueError:
        return "bad"
    else:
        os.system("seq %d" % n)
    finally:
        print("done")
    os.system("echo " + p)
`;
  assert.deepEqual(lines("python", "a.py", py), [13]);
  const js = `app.get("/", (req, res) => {
  const p = req.query.p;
  let data;
  try { data = JSON.parse(p); } catch (e) { return res.status(400).end(); }
  res.send(p);
});`;
  assert.deepEqual(lines("javascript", "a.js", js), [5]);
});
