import mimetypes
import os

from flask import Blueprint, Response, abort

UPLOAD_DIR = os.environ.get("UPLOAD_DIR", "/srv/uploads")
bp = Blueprint("files", __name__)


@bp.route("/download/<path:filename>")
def download(filename):
    path = os.path.join(UPLOAD_DIR, filename)
    if not os.path.isfile(path):
        abort(404)
    with open(path, "rb") as fh:
        data = fh.read()
    mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
    return Response(data, mimetype=mime)
