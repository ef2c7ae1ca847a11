import hashlib
from flask import Flask, request

app = Flask(__name__)


@app.route("/password/check", methods=["POST"])
def check():
    password = request.form.get("password", "")
    algo = "sha1"
    digest = hashlib.new(algo, password.encode()).hexdigest()
    return {"digest": digest}
