import hashlib

from flask import Flask, request

app = Flask(__name__)
USERS = {}


@app.route("/signup", methods=["POST"])
def signup():
    username = request.form["username"]
    password = request.form["password"]
    h = hashlib.new("md5")
    h.update(password.encode("utf-8"))
    USERS[username] = h.hexdigest()
    return "created", 201
