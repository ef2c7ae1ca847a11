from urllib.parse import urlparse
from flask import Flask, request, redirect

app = Flask(__name__)
ALLOWED_HOSTS = {"docs.example.com", "status.example.com"}


@app.route("/out")
def out():
    target = request.args.get("to", "")
    host = urlparse(target).netloc
    if host not in ALLOWED_HOSTS:
        return redirect("/")
    return redirect(target)
