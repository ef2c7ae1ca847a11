from flask import Flask, request, session

from helpers.web import RequestArgs

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]


@app.route("/client/register", methods=["POST"])
def register_client():
    args = RequestArgs(request)
    session["client_kind"] = args.client_kind
    return "", 204
