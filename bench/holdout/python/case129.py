from flask import Flask, request, redirect, session

from helpers import utils

app = Flask(__name__)


@app.route("/logout")
def logout():
    session.clear()
    return redirect(utils.next_url(request))
