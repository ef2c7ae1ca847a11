# Documents served from a folder with pathlib: a resolved path checked with is_relative_to stays inside; the file's
# text is what the server serves.
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
