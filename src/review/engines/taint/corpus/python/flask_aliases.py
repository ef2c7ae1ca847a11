# A Flask module that imports the request proxy under a shorter name, as blueprints of larger apps often do:
# the same request, its args and form the caller's.
import subprocess as sp
from flask import Blueprint, abort, redirect, send_from_directory
from flask import request as req
from flask import url_for

bp = Blueprint("tools", __name__)


@bp.route("/lookup")
def lookup():
    host = req.args.get("host", "")
    out = sp.check_output("nslookup " + host, shell=True)  # vuln: command-injection
    safe = sp.check_output(["nslookup", host])  # safe: command-injection argument list, no shell
    return out + safe


@bp.route("/next")
def go_next():
    target = req.args.get("next") or url_for("tools.lookup")
    if req.args.get("internal"):
        return redirect(url_for("tools.lookup"))  # safe: open-redirect the app's own route
    return redirect(target)  # vuln: open-redirect


@bp.route("/files/<path:name>")
def files(name):
    return send_from_directory("/srv/shared", name)  # safe: path-traversal send_from_directory confines the name


@bp.route("/raw")
def raw():
    name = req.form["name"]
    if "/" in name or ".." in name:
        abort(400)
    with open("/srv/shared/" + name) as f:  # safe: path-traversal separators and dots refused
        data = f.read()
    with open("/srv/shared/" + req.form["other"]) as f:  # vuln: path-traversal
        return data + f.read()
