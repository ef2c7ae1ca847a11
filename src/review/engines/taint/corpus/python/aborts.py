import os
import subprocess
import sys

from flask import Blueprint, abort, request, send_file

bp = Blueprint("files", __name__)
BASE = "/srv/static"


@bp.route("/static-file")
def static_file():
    name = request.args.get("name", "")
    if ".." in name or name.startswith("/"):
        abort(400)
    return send_file(os.path.join(BASE, name))  # safe: path-traversal deny-list before abort


@bp.route("/static-file/logged")
def static_file_logged():
    name = request.args.get("name", "")
    if ".." in name:
        print("rejected", name)
    return send_file(os.path.join(BASE, name))  # vuln: path-traversal


@bp.route("/reports/<kind>")
def report(kind):
    tool = request.args.get("tool", "")
    if tool not in ("pdf", "csv"):
        abort(404)
    subprocess.run("render --format " + tool, shell=True)  # safe: command-injection allow-list before abort
    return "ok"


@bp.route("/reports/raw")
def report_raw():
    tool = request.args.get("tool", "")
    if tool not in ("pdf", "csv"):
        abort_later = True
    subprocess.run("render --format " + tool, shell=True)  # vuln: command-injection
    return "ok"


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else ""
    if not target.isalnum():
        sys.exit("target must be alphanumeric")
    subprocess.run("deploy " + target, shell=True)  # safe: command-injection checked before exit
