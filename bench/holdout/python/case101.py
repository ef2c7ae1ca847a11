from flask import Blueprint, request
import subprocess

bp = Blueprint("tools", __name__)


def build_command(host):
    return "nslookup " + host


@bp.route("/tools/lookup", methods=["POST"])
def lookup():
    host = request.form.get("host", "")
    out = subprocess.check_output(build_command(host), shell=True)
    return {"output": out.decode()}
