# Flask views whose error paths abort or return early: the code after the try still runs.
import os
import subprocess
from flask import Flask, abort, request

app = Flask(__name__)


@app.route("/resize")
def resize():
    width = request.args.get("w", "")
    name = request.args.get("name", "")
    try:
        w = int(width)
    except ValueError:
        return "bad width", 400
    subprocess.run("convert in.png -resize %dx out.png" % w, shell=True)  # safe: command-injection parsed integer
    subprocess.run("convert %s -resize 10x out.png" % name, shell=True)  # vuln: command-injection
    return "ok"


@app.route("/open")
def open_report():
    report = request.args.get("report", "")
    try:
        size = os.path.getsize("/srv/reports/summary.txt")
    except OSError:
        abort(404)
    else:
        print("summary size", size)
    finally:
        print("done")
    with open(os.path.join("/srv/reports", report)) as fh:  # vuln: path-traversal
        return fh.read()


@app.route("/fallback")
def fallback():
    target = "/srv/default"
    try:
        target = os.environ["REPORT_DIR"]
    except KeyError:
        pass
    return open(os.path.join(target, "index.txt")).read()  # safe: path-traversal environment value
