import os
import re

from flask import Blueprint, Response, abort, request

bp = Blueprint("netcheck", __name__)


@bp.route("/ping")
def ping():
    host = request.args.get("host", "localhost")
    if not re.fullmatch(r"[A-Za-z0-9.-]{1,253}", host):
        abort(400)
    output = os.popen("ping -c 1 -W 2 " + host).read()
    return Response(output, mimetype="text/plain")
