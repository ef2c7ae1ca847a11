import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "../../../index.ts";
import { stream } from "../../../testing/stream.ts";

const rules = await loadRules();
const lines = async (files: Record<string, string>): Promise<[string, number, string][]> =>
  (await reviewFiles({ files: stream(files), rules, taint: true })).findings.map((f) => [f.ruleId, f.location.startLine, f.confidence ?? ""]);

const helpers = `from flask import Flask, jsonify
import sqlite3

app = Flask(__name__)
STATUS = "active"


def db():
    return sqlite3.connect("app.db")


def _user_by_name(name):
    return db().execute("SELECT * FROM users WHERE name = '%s'" % name).fetchone()


def _user_by_name_fixed(name):
    return db().execute("SELECT * FROM users WHERE name = ?", (name,)).fetchone()


def _active_users(limit):
    cur = db().cursor()
    cur.execute("SELECT * FROM users WHERE status = '%s'" % STATUS)
    return cur.fetchall()


def _orders_of(user_id, sort):
    cur = db().cursor()
    order = "id" if not sort else sort
    cur.execute("SELECT * FROM orders WHERE user_id = ? ORDER BY " + order, (user_id,))
    return cur.fetchall()
`;

test("a private helper of an application module building a query from its parameters stays reported (low); a constant or bound one does not", async () => {
  assert.deepEqual(await lines({ "app/views.py": helpers }), [
    ["py.sql-injection", 13, "low"],
    ["py.sql-injection", 29, "low"],
  ]);
});

test("a query built from the caller's value in the same module is reported from the caller's source, not twice", async () => {
  const src = `${helpers}

@app.route("/users/<name>")
def show(name):
    return jsonify(_user_by_name(name))
`;
  const found = await lines({ "app/views.py": src });
  assert.deepEqual(
    found.filter(([, line]) => line === 13).map(([id]) => id),
    ["py.taint.sql-injection"],
  );
});
