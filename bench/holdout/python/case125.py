from flask import Flask, request

from helpers.web import RequestArgs

app = Flask(__name__)


@app.route("/search")
def search():
    args = RequestArgs(request)
    q = args.get("q")
    return f"<h2>Results for {q}</h2><p>No documents matched.</p>"
