import os

from flask import Flask, request, abort

from helpers.utils import safe_filename
from helpers.web import RequestArgs

app = Flask(__name__)
EXPORT_DIR = "/srv/app/exports"


@app.route("/exports/get")
def fetch():
    name = safe_filename(RequestArgs(request).cookie("export_name"))
    path = os.path.join(EXPORT_DIR, name)
    if not os.path.isfile(path):
        abort(404)
    with open(path, "rb") as fh:
        data = fh.read()
    return data, 200, {"Content-Type": "text/csv"}
