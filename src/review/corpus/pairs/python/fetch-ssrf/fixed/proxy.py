from urllib.parse import urlparse

import requests
from flask import Flask, abort, request

app = Flask(__name__)
ALLOWED = {"api.example.com"}


@app.route("/fetch")
def fetch():
    url = request.args["url"]
    if urlparse(url).hostname not in ALLOWED:
        abort(400)
    resp = requests.get(url, timeout=5)  # safe: ssrf host allow-list then abort
    return resp.text, resp.status_code, {"Content-Type": "text/plain"}
