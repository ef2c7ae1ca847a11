import requests
from flask import Flask, request

app = Flask(__name__)


@app.route("/fetch")
def fetch():
    resp = requests.get(request.args["url"], timeout=5)  # vuln: ssrf
    return resp.text, resp.status_code, {"Content-Type": "text/plain"}
