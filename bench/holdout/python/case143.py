import random
import string

from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]
ALPHABET = string.ascii_letters + string.digits


def new_invite_code(length=20):
    return "".join(random.choice(ALPHABET) for _ in range(length))


@app.route("/team/invite", methods=["POST"])
def invite():
    email = request.form["email"]
    code = new_invite_code()
    session.setdefault("invites", {})[code] = email
    return {"invite_url": "https://app.example.com/join/" + code}
