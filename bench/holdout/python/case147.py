import os

from flask import Flask, request, send_file

app = Flask(__name__)
MANUALS = "/srv/app/manuals"


@app.route("/manuals/download")
def download():
    doc = request.args.get("doc", "index.pdf")
    return send_file(os.path.join(MANUALS, doc), as_attachment=True)
