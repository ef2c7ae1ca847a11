from flask import Flask, request

from helpers.utils import escape_html
from helpers.web import RequestArgs

app = Flask(__name__)


@app.route("/search/escaped")
def search():
    args = RequestArgs(request)
    q = escape_html(args.get("q"))
    return f"<h2>Results for {q}</h2><p>No documents matched.</p>"
