import subprocess

from flask import Flask, request

from helpers import utils

app = Flask(__name__)


@app.route("/netcheck", methods=["POST"])
def netcheck():
    host = request.form["host"]
    result = subprocess.run(utils.build_ping(host), shell=True, capture_output=True, text=True, timeout=15)
    return {"ok": result.returncode == 0, "output": result.stdout}
