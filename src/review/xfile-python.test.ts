import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules } from "./index.ts";
import { reviewOf, taintFindings } from "./testing/stream.ts";
import { contextPoints } from "./engines/taint/driver/cross-file-names.ts";

const rules = await loadRules();

const review = (files: Record<string, string>, threads = 1) => reviewOf(rules, files, threads);
const taint = taintFindings;

const view = `import subprocess
from flask import Flask, request
from shop.helpers.utils import quoted, passthrough
import shop.helpers.text as txt
from .models import Store

app = Flask(__name__)


@app.route("/run")
def run():
    name = request.args.get("name")
    subprocess.call("echo " + quoted(name), shell=True)
    subprocess.call("echo " + passthrough(name), shell=True)
    subprocess.call("echo " + txt.fixed(name), shell=True)
    subprocess.call("echo " + txt.wrapped(name), shell=True)
    store = Store(request)
    subprocess.call("echo " + store.label(), shell=True)
    subprocess.call("echo " + store.raw(), shell=True)
    return "ok"
`;
const pyRepo = {
  "shop/views.py": view,
  "shop/helpers/utils.py": "import shlex\n\ndef quoted(n):\n    return shlex.quote(n)\n\ndef passthrough(n):\n    return n.strip()\n",
  "shop/helpers/text.py": 'def fixed(v):\n    return "constant"\n\ndef wrapped(v):\n    return "[" + v + "]"\n',
  "shop/models.py":
    'class Store:\n    def __init__(self, req):\n        self.req = req\n\n    def label(self):\n        return "store"\n\n' +
    '    def raw(self):\n        return self.req.args.get("x")\n',
};

test("Python: functions from `from m import f` and `import m as z`, and methods of a class imported from a module, are summarised", async () => {
  const r = await review(pyRepo);
  assert.deepEqual(
    taint(r),
    [14, 16, 19].map((l) => `shop/views.py:${l}:command-injection`),
  );
  const alone = await review({ "shop/views.py": view });
  assert.deepEqual(
    taint(alone),
    [13, 14, 15, 16, 18, 19].map((l) => `shop/views.py:${l}:command-injection`),
  );
  // Under a directory that is no package name (a repository's `my-shop/`), modules keep their names.
  const nested = await review(Object.fromEntries(Object.entries(pyRepo).map(([p, c]) => [`my-shop/${p}`, c])));
  assert.deepEqual(
    taint(nested),
    [14, 16, 19].map((l) => `my-shop/shop/views.py:${l}:command-injection`),
  );
});

test("Python: an abstract method in another module is no summary; a helper that sanitizes or ignores its argument is clean", async () => {
  const r = await review({
    "blog/routes.py": `from flask import Flask, request
from . import render
from blog.store import BaseStore, PostStore

app = Flask(__name__)


@app.route("/post")
def post():
    title = request.args.get("title", "")
    if request.args.get("mode") == "plain":
        return render.plain(title)
    if request.args.get("mode") == "banner":
        return render.banner(title=title)
    if request.args.get("mode") == "store":
        return PostStore().heading(title)
    return BaseStore().heading(title)
`,
    "blog/render.py": [
      "from markupsafe import escape",
      "",
      "",
      "def plain(text):",
      '    return "<h1>" + str(escape(text)) + "</h1>"',
      "",
      "",
      "def banner(title=None):",
      '    return "<div>Welcome</div>"',
      "",
    ].join("\n"),
    "blog/store.py": [
      "class BaseStore:",
      "    def heading(self, title):",
      "        raise NotImplementedError",
      "",
      "",
      "class PostStore(BaseStore):",
      "    def heading(self, title):",
      '        return "<h2>" + title + "</h2>"',
      "",
    ].join("\n"),
  });
  assert.deepEqual(taint(r), ["blog/routes.py:16:xss", "blog/routes.py:17:xss"]);
});

test("a handler whose only sink lies in another file's function is found at the call; a parameterized look-alike is not", async () => {
  const controller = `package app;

@RestController
public class UserController {
  private final UserDao users;

  public UserController(UserDao users) { this.users = users; }

  @GetMapping("/users")
  public List<User> search(@RequestParam String name) {
    return users.findByName(name);
  }

  @GetMapping("/users/count")
  public int count(@RequestParam String name) {
    return users.countActive(name);
  }
}
`;
  const dao = `package app;

public class UserDao {
  private final JdbcTemplate jdbc;

  public UserDao(JdbcTemplate jdbc) { this.jdbc = jdbc; }

  public List<User> findByName(String name) {
    return jdbc.query("SELECT * FROM users WHERE name = '" + name + "'", mapper);
  }

  public int countActive(String name) {
    return jdbc.queryForObject("SELECT COUNT(*) FROM users WHERE name = ?", Integer.class, name);
  }
}
`;
  const views = `from flask import Flask, request, jsonify
from .db import orders

app = Flask(__name__)


@app.route("/orders")
def list_orders():
    orders.by_customer(request.args["customer"])
    orders.by_status(request.args["status"])
    return jsonify(ok=True)
`;
  const db = `import sqlite3

conn = sqlite3.connect("shop.db")


def by_customer(customer):
    return conn.execute("SELECT * FROM orders WHERE customer = '%s'" % customer).fetchall()


def by_status(status):
    return conn.execute("SELECT * FROM orders WHERE status = ?", (status,)).fetchall()
`;
  const files = { "src/app/UserController.java": controller, "src/app/UserDao.java": dao, "shop/views.py": views, "shop/db/orders.py": db };
  for (const threads of [1, 2]) {
    const r = await review(files, threads);
    // The module's public function is library input too (confidence low); the view's flow is found at its call.
    assert.deepEqual(taint(r), ["shop/db/orders.py:7:sql-injection", "shop/views.py:9:sql-injection", "src/app/UserController.java:11:sql-injection"]);
    assert.deepEqual(
      r.findings.filter((f) => f.engine === "taint").map((f) => f.confidence),
      ["low", "high", "high"],
    );
  }
  const alone = await review({ "src/app/UserController.java": controller, "shop/views.py": views });
  assert.deepEqual(taint(alone), []);
});

test("Python: an attribute the class sets to an instance of another module's class (`self.index = SearchIndex()`) is followed", async () => {
  const view = `from flask import Flask, request
from search.index import SearchIndex

app = Flask(__name__)


class Finder:
    def __init__(self):
        self.index = SearchIndex()

    def search(self, q):
        return self.index.lookup(q)

    def echo(self, q):
        return self.index.highlight(q)


@app.route("/find")
def find():
    q = request.args.get("q", "")
    if request.args.get("hl"):
        return Finder().echo(q)
    return Finder().search(q)
`;
  const index =
    'class SearchIndex:\n    def lookup(self, q):\n        return "<ul></ul>"\n\n    def highlight(self, q):\n        return "<mark>" + q + "</mark>"\n';
  assert.deepEqual(taint(await review({ "web/views.py": view, "search/index.py": index })), ["web/views.py:22:xss"]);
  assert.deepEqual(taint(await review({ "web/views.py": view })), ["web/views.py:22:xss", "web/views.py:23:xss"]);
});

test("only calls of another module's functions that may reach a sink there count as points of the second pass", () => {
  const db =
    "import sqlite3\n\nconn = sqlite3.connect('a.db')\n\n\ndef run(sql):\n    return conn.execute(sql)\n\n\n" +
    'def by_name(n):\n    return run("SELECT * FROM t WHERE n = \'" + n + "\'")\n\n\ndef label(n):\n    return n.title()\n';
  const view = [
    "from app import db",
    "from app.db import label",
    "",
    "",
    "def view(request):",
    "    db.by_name(request.args['n'])",
    "    label(request.args['n'])",
    "    db.label('x')",
    "",
  ].join("\n");
  const points = contextPoints("python", view, [{ path: "app/db.py", names: ["python:app.db"], source: db }], "app/views.py");
  assert.deepEqual(points, [view.indexOf("db.by_name(")]);
});

test("a helper file's summary made for a caller three calls deep does not answer a direct caller in a later file", async () => {
  // deep.py reaches read_entry at the summaries' depth limit, where its own call of _open is no longer followed; that
  // truncated summary, kept with the helper file for the files analysed after, made direct.py's path traversal an XSS.
  const deep =
    "from flask import Flask, request\nfrom pkg.files import read_entry\n\napp = Flask(__name__)\n\n\ndef h1(x):\n    return h2(x)\n\n\n" +
    'def h2(x):\n    return read_entry(x)\n\n\n@app.route("/a")\ndef a():\n    return h1(request.args["p"])\n';
  const direct =
    'from flask import Flask, request\nfrom pkg.files import read_entry\n\napp = Flask(__name__)\n\n\n@app.route("/b")\ndef b():\n' +
    '    return read_entry(request.args["p"])\n';
  const helper = "def read_entry(path):\n    return _open(path)\n\n\ndef _open(path):\n    with open(path) as fh:\n        return fh.read()\n";
  for (const threads of [1, 2]) {
    const r = await review({ "app/deep.py": deep, "app/direct.py": direct, "pkg/files.py": helper }, threads);
    assert.deepEqual(taint(r), ["app/deep.py:17:xss", "app/direct.py:9:path-traversal"]);
  }
  // Alone, direct.py finds the same.
  assert.deepEqual(taint(await review({ "app/direct.py": direct, "pkg/files.py": helper })), ["app/direct.py:9:path-traversal"]);
});
