import sqlite3

from flask import Flask, g, jsonify, request

app = Flask(__name__)
DATABASE = "inventory.db"


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(DATABASE)
        g.db.row_factory = sqlite3.Row
    return g.db


@app.route("/items")
def items():
    q = request.args.get("q", "")
    rows = get_db().execute("SELECT id, name, qty FROM items WHERE name LIKE '%" + q + "%' ORDER BY name").fetchall()
    return jsonify([dict(r) for r in rows])


@app.teardown_appcontext
def close_db(_exc):
    db = g.pop("db", None)
    if db is not None:
        db.close()
