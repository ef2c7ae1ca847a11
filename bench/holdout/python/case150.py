import hashlib
import os

from flask import Flask, request

app = Flask(__name__)
USERS = {}


@app.route("/v2/signup", methods=["POST"])
def signup():
    username = request.form["username"]
    password = request.form["password"]
    salt = os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, 600_000)
    USERS[username] = salt.hex() + "$" + digest.hex()
    return "created", 201
