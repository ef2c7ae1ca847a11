from flask import Flask, request, send_from_directory

app = Flask(__name__)
MANUALS = "/srv/app/manuals"


@app.route("/manuals/get")
def download():
    doc = request.args.get("doc", "index.pdf")
    return send_from_directory(MANUALS, doc, as_attachment=True)
