import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";
import { emptyList, emptyMap, joinColls, listAppend, listGet, listRemove, mapGet, mapPut } from "../model/collection-values.ts";
import type { Value } from "../model/state.ts";

const lines = (lang: string, file: string, src: string): number[] =>
  analyzeSource(lang, file, src)
    .map((f) => f.location.startLine)
    .sort((a, b) => a - b);

const t = { mask: 0, confidence: "high", step: { node: null as never, kind: "source", sourceId: "x", prev: null } } as Value;

test("a list element is read by its index after appends and removals", () => {
  let l = listAppend(listAppend(listAppend(emptyList, { v: null, n: null }), { v: t, n: null }), { v: null, n: null });
  const r = listRemove(l, 0)!;
  l = r.c;
  assert.equal(r.v, null);
  assert.equal(listGet(l, 0), t);
  assert.equal(listGet(l, 1), null);
  assert.equal(listGet(l, -2), t);
});

test("joined lists keep their common prefix and the rest joins; a map key unknown on one path reads the whole value", () => {
  const a = new Map([
    ["l", listAppend(emptyList, { v: t, n: null })],
    ["m", mapPut(emptyMap, "k", null)],
  ]);
  const b = new Map([
    ["l", emptyList],
    ["m", mapPut(emptyMap, "k", t)],
  ]);
  const j = joinColls(a, b);
  assert.equal(j.get("l")!.list!.length, 0);
  assert.equal(listGet(j.get("l")!, 0), t);
  assert.equal(listGet(j.get("l")!, -1), undefined);
  assert.equal(mapGet(j.get("m")!, "k"), t);
  const open = new Map([["m", mapPut({ list: null, keys: new Map(), rest: undefined }, "j", null)]]);
  assert.equal(mapGet(joinColls(a, open).get("m")!, "k"), undefined);
});

test("Java: list, array and map reads by constant index or key report only the tainted element", () => {
  const src = `class S {
  void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String param = request.getParameter("p");
    List<String> l = new ArrayList<>();
    l.add("safe"); l.add(param); l.add("moresafe");
    l.remove(0);
    response.getWriter().print(l.get(1));
    response.getWriter().print(l.get(0));
    Map<String, Object> m = new HashMap<>();
    m.put("keyA", "a"); m.put("keyB", param);
    response.getWriter().print(m.get("keyA"));
    response.getWriter().print(m.get("keyB"));
    String[] arr = new String[2];
    arr[0] = param; arr[0] = "x";
    response.getWriter().print(arr[0]);
    int i = request.getContentLength();
    response.getWriter().print(l.get(i));
  }
}`;
  assert.deepEqual(lines("java", "S.java", src), [8, 12, 17]);
});

test("a list appended to in a loop keeps its known prefix; an index or a map key not known reads the whole value", () => {
  const src = `import os
from flask import request
def view():
    p = request.args["p"]
    l = ["a"]
    for part in p.split(","):
        l.append(part)
    os.system(l[0])
    os.system(l[1])
    os.system(l[len(p)])
    d = {"k": "v"}
    d[p] = p
    os.system(d["k"])
    os.system(d.get("other", "x"))
`;
  assert.deepEqual(lines("python", "v.py", src), [9, 10, 13, 14]);
});

test("Python: dict and configparser entries, request attributes and pop(0) by constant key or index", () => {
  const src = `import os, configparser
from flask import request
def view():
    p = request.args["p"]
    conf = configparser.ConfigParser()
    conf.set("s", "a", "fixed")
    conf.set("s", "b", p)
    os.system(conf.get("s", "a"))
    os.system(conf.get("s", "b"))
    l = ["a", p, "b"]
    l.pop(0)
    os.system(l[1])
    os.system(l[0])
    request.environ["k"] = "v"
    os.system(request.environ["k"])
`;
  assert.deepEqual(lines("python", "v.py", src), [9, 13]);
});

test("JavaScript: an array element read by constant index", () => {
  const src = `const { exec } = require("child_process");
app.get("/x", (req, res) => {
  const parts = ["ls", req.query.dir];
  exec(parts[0]);
  exec(parts[1]);
});`;
  assert.deepEqual(lines("javascript", "a.js", src), [5]);
});

test("argument lists built by add/append keep a fixed program's argv mark; a shell or a tainted program is reported", () => {
  const py = `import subprocess
from flask import request
def view():
    ref = request.args["ref"]
    cmd = ["git", "log"]
    cmd.append(ref)
    subprocess.run(cmd)
    sh = ["bash"]
    sh.extend(["-c", ref])
    subprocess.run(sh)
    first = []
    first.append(ref)
    subprocess.run(first)
    front = ["x", ref]
    front.insert(0, "sh")
    subprocess.run(front)
    subprocess.run(["git", "show"] + ref.split(","))
    subprocess.run(["sh", "-c"] + [ref])
    files = ["ls", "-l"]
    for f in ref.split(","):
        files.append(f)
    subprocess.run(files)
`;
  assert.deepEqual(lines("python", "v.py", py), [10, 13, 16, 18]);
  const java = `class S {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String dir = request.getParameter("d");
    List<String> args = new ArrayList<>();
    args.add("ls");
    args.add(dir);
    new ProcessBuilder(args).start();
    List<String> sh = new ArrayList<>(Arrays.asList("sh", "-c"));
    sh.add(dir);
    new ProcessBuilder(sh).start();
    java.util.List<String> ls = new java.util.ArrayList<String>(java.util.Arrays.asList("ls", "-l"));
    ls.add(dir);
    new ProcessBuilder(ls).start();
  }
}`;
  assert.deepEqual(lines("java", "S.java", java), [10]);
});

test("a field written with a clean value after a tainted one reads clean (strong update)", () => {
  const src = `import os
from flask import request
def view():
    form = Form()
    form.name = request.args["n"]
    form.name = "guest"
    os.system(form.name)
    form.cmd = request.args["c"]
    os.system(form.cmd)
`;
  assert.deepEqual(lines("python", "v.py", src), [9]);
});

test("removal by value, from the front of a deque, and config sections read by subscript keep elements known", () => {
  const py = `import os, configparser, collections
from flask import request
def view():
    p = request.args["p"]
    l = ["safe", p, "more"]
    l.remove("safe")
    os.system(l[1])
    os.system(l[0])
    q = collections.deque()
    q.append(p)
    q.appendleft("x")
    os.system(q.popleft())
    os.system(q.popleft())
    conf = configparser.ConfigParser()
    conf["s"] = {"a": "1"}
    conf.set("s", "b", p)
    os.system(conf["s"]["a"])
    os.system(conf["s"]["b"])
`;
  assert.deepEqual(lines("python", "v.py", py), [8, 13, 18]);
  const java = `class S {
  void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("p");
    java.util.Deque<String> d = new java.util.LinkedList<String>();
    d.push(p);
    d.push("safe");
    response.getWriter().print(d.pop());
    response.getWriter().print(d.pop());
  }
}`;
  assert.deepEqual(lines("java", "S.java", java), [8]);
});

test("JavaScript: a Map's entries by constant key", () => {
  const src = `const { exec } = require("child_process");
app.get("/x", (req, res) => {
  const opts = new Map();
  opts.set("dir", "/tmp");
  opts.set("user", req.query.user);
  exec("ls " + opts.get("dir"));
  exec("ls " + opts.get("user"));
  opts.delete("user");
  exec("ls " + opts.get("user"));
});`;
  assert.deepEqual(lines("javascript", "a.js", src), [7]);
});
