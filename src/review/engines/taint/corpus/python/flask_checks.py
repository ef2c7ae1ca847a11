# A Flask application module: its views are the entry points (request data, high confidence); its
# plain helpers are not library input. Fixed views add a check whose failure leaves the view.
import os
import subprocess
from flask import Flask, request, abort, send_file

app = Flask(__name__)
UPLOADS = "/srv/uploads"


def allowed_file(filename):
    return "." in filename and filename.rsplit(".", 1)[1].lower() in {"png", "jpg"}


def archive(path):
    subprocess.run("tar czf /tmp/out.tgz " + path, shell=True)  # safe: command-injection helper of an application module called with constants


@app.route("/files")
def files():
    name = request.args.get("name", "")
    return send_file(os.path.join(UPLOADS, name))  # vuln: path-traversal


@app.route("/files-safe")
def files_safe():
    name = request.args.get("name", "")
    if not allowed_file(name) or ".." in name:
        abort(400)
    return send_file(os.path.join(UPLOADS, name))  # safe: path-traversal custom check then abort


@app.route("/archive")
def archive_view():
    archive("/srv/uploads")
    return "ok"
