import secrets

from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]


def new_invite_code():
    return secrets.token_urlsafe(16)


@app.route("/team/v2/invite", methods=["POST"])
def invite():
    email = request.form["email"]
    code = new_invite_code()
    session.setdefault("invites", {})[code] = email
    return {"invite_url": "https://app.example.com/join/" + code}
