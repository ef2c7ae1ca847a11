import secrets
import random
from flask import Flask, make_response

app = Flask(__name__)


@app.route("/login/remember-secure")
def remember_secure():
    token = secrets.token_hex(16)
    delay = random.uniform(0.1, 0.5)
    resp = make_response("ok, retry after %.2f" % delay)
    resp.set_cookie("remember_me", token, secure=True, httponly=True)
    return resp
