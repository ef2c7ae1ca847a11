import os

from flask import Flask, abort, request, send_file

app = Flask(__name__)
UPLOAD_DIR = "/srv/uploads"


@app.route("/files")
def download():
    name = request.args["name"]
    full = os.path.realpath(os.path.join(UPLOAD_DIR, name))
    if os.path.commonpath([full, UPLOAD_DIR]) != UPLOAD_DIR:
        abort(404)
    return send_file(full)  # safe: path-traversal realpath commonpath then abort
