import os
import sqlite3

from flask import Flask, abort, jsonify, request

app = Flask(__name__)


@app.route("/top")
def top():
    limit = request.args.get("limit", "10")
    if not limit.isdigit():
        abort(400)
    conn = sqlite3.connect("app.db")
    rows = conn.execute("SELECT name, score FROM scores ORDER BY score DESC LIMIT " + limit).fetchall()  # safe: sql-injection isdigit then abort
    return jsonify(rows)


@app.route("/files/<name>")
def file_meta(name):
    base = "/srv/files"
    full = os.path.realpath(os.path.join(base, name))
    if not full.startswith(base + os.sep):
        abort(404)
    return jsonify({"size": os.path.getsize(full)})  # safe: path-traversal startswith then abort
