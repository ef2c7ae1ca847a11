# Flask downloads checked against a fixed directory written out: a real path (or abspath) confines the name;
# os.path.join keeps every `..`, so its result passes the same check while pointing elsewhere.
import os

from flask import Flask, abort, request, send_file

app = Flask(__name__)


@app.route("/files/real")
def real():
    full = os.path.realpath(os.path.join("/srv/files", request.args["name"]))
    if not full.startswith("/srv/files/"):
        abort(403)
    return send_file(full)  # safe: path-traversal resolved then contained


@app.route("/files/abs")
def absolute():
    full = os.path.abspath(os.path.join("/srv/files", request.args["name"]))
    if full.startswith("/srv/files/"):
        return send_file(full)  # safe: path-traversal resolved then contained
    abort(403)


@app.route("/files/joined")
def joined():
    full = os.path.join("/srv/files", request.args["name"])
    if not full.startswith("/srv/files/"):
        abort(403)
    return send_file(full)  # vuln: path-traversal
