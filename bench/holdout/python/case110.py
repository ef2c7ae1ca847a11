import random
from flask import Flask, make_response

app = Flask(__name__)


@app.route("/login/remember")
def remember():
    token = "%032x" % random.getrandbits(128)
    resp = make_response("ok")
    resp.set_cookie("remember_me", token, secure=True, httponly=True)
    return resp
