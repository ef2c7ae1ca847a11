from flask import Flask, request, session

from helpers.web import RequestArgs

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]


@app.route("/org/switch", methods=["POST"])
def switch_org():
    args = RequestArgs(request)
    session["org"] = args.header("X-Org-Id")
    return "", 204
