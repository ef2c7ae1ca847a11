"""A Flask app's sign-in flow and an HTTP client hook: the login page's address carries the page asked for in `next`."""
import requests
from flask import Flask, redirect, request, session
from flask_login import login_url

app = Flask(__name__)


@app.route("/account")
def account():
    if "uid" not in session:
        return redirect(login_url("auth.login", next_url=request.url))  # safe: open-redirect the login page's address, next in its query
    return "ok"


@app.route("/continue")
def continue_to():
    return redirect(request.args.get("next", "/"))  # vuln: open-redirect


class Signer(requests.auth.AuthBase):
    def __call__(self, request: requests.PreparedRequest):
        import subprocess

        subprocess.run("sign " + request.url, shell=True)  # safe: command-injection the client's own outgoing request
        return request
