import os

from flask import Blueprint, Response, request

bp = Blueprint("netcheck", __name__)


@bp.route("/ping")
def ping():
    host = request.args.get("host", "localhost")
    output = os.popen("ping -c 1 -W 2 " + host).read()
    return Response(output, mimetype="text/plain")
