"""A Bottle file browser: URL variables with their filters written after the name."""
import os
import subprocess

from bottle import Bottle, static_file

app = Bottle()
ROOT = "/srv/share"


@app.route("/tree/<rest:path>")
def tree(rest):
    return "\n".join(os.listdir(os.path.join(ROOT, rest)))  # vuln: path-traversal


@app.route("/static/<rest:path>")
def static(rest):
    return static_file(rest, root=ROOT)  # safe: path-traversal static_file confines the name


@app.route("/thumb/<size:int>/<name>")
def thumb(size, name):
    subprocess.run("convert -resize %dx%d in.png out.png" % (size, size), shell=True)  # safe: command-injection int filter
    subprocess.run("convert %s out.png" % name, shell=True)  # vuln: command-injection
    return "ok"
