import os
from flask import Flask, request, abort

app = Flask(__name__)
BASE = "/srv/static"


@app.route("/static-file")
def static_file():
    name = request.args.get("name", "")
    if ".." in name or name.startswith("/"):
        abort(400)
    with open(os.path.join(BASE, name), "rb") as fh:
        return fh.read()
