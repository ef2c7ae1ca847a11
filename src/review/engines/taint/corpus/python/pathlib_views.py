# Documents served from a folder with pathlib: a resolved path checked with is_relative_to stays inside; the file's
# text is what the server serves.
import os
from pathlib import Path

from flask import Flask, abort, request

app = Flask(__name__)
DOCS = Path("/srv/docs").resolve()


@app.route("/docs")
def docs():
    path = (DOCS / request.args.get("name", "index.md")).resolve()
    if not path.is_relative_to(DOCS):
        abort(404)
    return path.read_text()  # safe: path-traversal containment check


@app.route("/docs/raw")
def raw():
    path = (DOCS / "index.md").resolve()
    return path.read_text()  # safe: xss the server's own file served


@app.route("/notes")
def notes():
    path = (DOCS / request.args.get("name", "index.md")).resolve()
    if path.suffix != ".md":
        abort(404)
    return path.read_text()  # vuln: path-traversal


@app.route("/manuals")
def manuals():
    # relative_to raises ValueError for a path outside DOCS: past the try, the path is inside.
    try:
        path = (DOCS / request.args.get("name", "index.md")).resolve()
        path.relative_to(DOCS)
    except ValueError:
        abort(404)
    return path.read_text()  # safe: path-traversal containment check that raises


@app.route("/manuals/linked")
def manuals_linked():
    try:
        unresolved = Path(os.path.normpath(DOCS / request.args.get("name", "index.md")))
        unresolved.relative_to(DOCS)
        path = unresolved.resolve()
    except ValueError:
        abort(404)
    return path.read_text()  # safe: path-traversal containment checked before resolving


@app.route("/manuals/logged")
def manuals_logged():
    path = (DOCS / request.args.get("name", "index.md")).resolve()
    try:
        path.relative_to(DOCS)
    except ValueError:
        print("outside the manuals:", path.name)
    return path.read_text()  # vuln: path-traversal
