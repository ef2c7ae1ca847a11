from flask import Blueprint, request
import subprocess

bp = Blueprint("tools", __name__)


def build_command(host):
    # Only the gateway is ever looked up from this page.
    return "nslookup gateway.internal"


@bp.route("/tools/gateway", methods=["POST"])
def gateway():
    host = request.form.get("host", "")
    out = subprocess.check_output(build_command(host), shell=True)
    return {"output": out.decode()}
