from urllib.parse import urlparse

import requests
from flask import Flask, Response, abort, request

app = Flask(__name__)
ALLOWED_HOSTS = {"images.example-cdn.net", "static.example.org"}


@app.route("/preview")
def preview():
    url = request.args.get("url", "")
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or parsed.hostname not in ALLOWED_HOSTS:
        abort(400)
    upstream = requests.get(url, timeout=5)
    return Response(upstream.content, status=upstream.status_code, content_type=upstream.headers.get("content-type"))
