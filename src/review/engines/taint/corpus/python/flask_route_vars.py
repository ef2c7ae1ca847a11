"""A Flask document service: pages and files addressed by URL variables."""
import os
import sqlite3
import subprocess

from flask import Blueprint, abort, send_file, send_from_directory
from markupsafe import escape

docs = Blueprint("docs", __name__)
STORE = "/srv/docs"
db = sqlite3.connect("/srv/docs.db")


@docs.route("/raw/<path:name>")
def raw(name):
    return send_file(os.path.join(STORE, name))  # vuln: path-traversal


@docs.route("/file/<path:name>")
def file(name):
    return send_from_directory(STORE, name)  # safe: path-traversal send_from_directory confines the name


@docs.route("/doc/<int:doc_id>")
def doc(doc_id):
    row = db.execute("SELECT body FROM docs WHERE id = %d" % doc_id).fetchone()  # safe: sql-injection int converter
    return {"body": row[0]} if row else abort(404)


@docs.route("/by-title/<title>")
def by_title(title):
    row = db.execute(f"SELECT body FROM docs WHERE title = '{title}'").fetchone()  # vuln: sql-injection
    return {"body": row[0]} if row else abort(404)


@docs.route("/export/<any(pdf, html):fmt>")
def export(fmt):
    out = subprocess.run(f"render --to {fmt} {STORE}/index", shell=True)  # safe: command-injection any() converter
    return "ok" if out.returncode == 0 else "failed"


@docs.route("/preview", defaults={"theme": "light"})
@docs.route("/preview/<theme>")
def preview(theme):
    return "<link rel=stylesheet href='/css/%s.css'>" % theme  # vuln: xss


@docs.route("/heading/<title>")
def heading(title):
    return "<h1>%s</h1>" % escape(title)  # safe: xss escaped


@docs.route("/archive")
def archive(year="2024"):
    return send_file(os.path.join(STORE, "archive", year + ".zip"))  # safe: path-traversal not a URL variable


@docs.route("/summary/<slug>")
def summary(slug):
    return "<p>%s</p>" % slug if slug else abort(404)  # vuln: xss


@docs.route("/summary.json/<slug>")
def summary_json(slug):
    return {"slug": slug} if slug else abort(404)  # safe: xss a dict is sent as JSON


# Flask 2's method shortcuts read their URL variables as route() does.
@docs.get("/exports/<name>")
def export_named(name):
    return open(os.path.join("/srv/exports", name)).read()  # vuln: path-traversal a string variable


@docs.delete("/exports/<int:export_id>")
def export_delete(export_id):
    os.remove(os.path.join("/srv/exports", "%d.csv" % export_id))  # safe: path-traversal an int converter
    return "", 204
