import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "../../../index.ts";
import { stream } from "../../../testing/stream.ts";

const rules = await loadRules();
const taintLines = async (files: Record<string, string>): Promise<[string, number, string][]> =>
  (await reviewFiles({ files: stream(files), rules, taint: true })).findings
    .filter((f) => f.engine === "taint")
    .map((f) => [f.ruleId, f.location.startLine, f.confidence ?? ""]);

const db = `import sqlite3
from flask import g


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect("app.db")
    return g.db


def user_by_name(username):
    query = "SELECT * FROM users WHERE username = '%s'" % username
    cur = get_db().cursor()
    cur.execute(query)
    return cur.fetchone()


def _by_status(status):
    cur = get_db().cursor()
    cur.execute("SELECT * FROM users WHERE status = '" + status + "'")
    return cur.fetchall()


def active_users():
    return _by_status("active")


class Repo:
    def by_email(self, email):
        return get_db().execute("SELECT * FROM users WHERE email = '%s'" % email).fetchone()
`;

test("a Flask helper module's public function no code of the module calls takes its callers' input (low); a private helper and a method do not", async () => {
  assert.deepEqual(await taintLines({ "app/db.py": db }), [["py.taint.sql-injection", 14, "low"]]);
});

test("a public helper the module's own route calls is judged by that call: request data reaching it is reported as such", async () => {
  const src = `${db}

from flask import Flask, request
app = Flask(__name__)


@app.route("/u")
def show():
    return str(user_by_name(request.args["u"]))
`;
  assert.deepEqual(
    (await taintLines({ "app/db.py": src })).filter(([, line]) => line === 14),
    [["py.taint.sql-injection", 14, "high"]],
  );
});
