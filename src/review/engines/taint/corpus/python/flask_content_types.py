"""A Flask service whose endpoints answer in plain text, CSV and JSON as well as HTML."""
import os
import subprocess

from flask import Flask, Response, request

app = Flask(__name__)


@app.get("/echo.txt")
def echo_text():
    return request.args.get("msg", ""), 200, {"Content-Type": "text/plain; charset=utf-8"}  # safe: xss plain text


@app.get("/echo")
def echo_html():
    return request.args.get("msg", ""), 200, {"X-Echo": "1"}  # vuln: xss


@app.get("/export.csv")
def export_csv():
    rows = "name\n" + request.args.get("name", "")
    return Response(rows, mimetype="text/csv")  # safe: xss CSV


@app.get("/status.json")
def status_json():
    return Response('{"q": "%s"}' % request.args.get("q", ""), content_type="application/json")  # safe: xss JSON


@app.get("/card")
def card():
    return Response("<div>" + request.args.get("title", "") + "</div>", mimetype="text/html")  # vuln: xss


@app.get("/grep")
def grep():
    pattern = request.args.get("q", "")
    out = os.popen("grep -rn -- " + pattern + " /srv/docs").read()  # vuln: command-injection
    return "<pre>" + out + "</pre>"  # safe: xss a command's output is the program's, the request reached the command


@app.get("/grep-list")
def grep_list():
    proc = subprocess.Popen(["grep", "-rn", "--", request.args.get("q", ""), "/srv/docs"], stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate()
    return "<pre>" + out + "</pre>"  # safe: xss the output of a command run with an argument list
