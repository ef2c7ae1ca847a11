from flask import Flask, request, redirect

from helpers import utils

app = Flask(__name__)


@app.route("/go/dashboard")
def go_dashboard():
    team = request.args.get("team", "")
    return redirect(utils.dashboard_for(team))
