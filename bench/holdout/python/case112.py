import hashlib
from flask import Flask, request

app = Flask(__name__)


@app.route("/avatar")
def avatar():
    email = request.args.get("email", "").strip().lower()
    digest = hashlib.md5(email.encode(), usedforsecurity=False).hexdigest()
    return {"url": "https://www.gravatar.com/avatar/" + digest}
