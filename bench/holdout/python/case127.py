import os

from flask import Flask, request, abort

from helpers.web import RequestArgs

app = Flask(__name__)
EXPORT_DIR = "/srv/app/exports"


@app.route("/exports/fetch")
def fetch():
    name = RequestArgs(request).cookie("export_name")
    if not name:
        abort(404)
    with open(os.path.join(EXPORT_DIR, name), "rb") as fh:
        data = fh.read()
    return data, 200, {"Content-Type": "text/csv"}
