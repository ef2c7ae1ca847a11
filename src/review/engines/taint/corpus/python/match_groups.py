# Values taken out of a regular expression's match: a group holds only what its pattern admits.
import os
import re
import subprocess

from flask import Flask, request, send_file

app = Flask(__name__)
LANG = re.compile(r"(?P<lang>[a-zA-Z]{1,8}(-[a-zA-Z]{1,8})?)(\s*;\s*q\s*=\s*(?P<q>[01](\.\d+)?))?")
VERSION_RE = re.compile(
    r"""
    ^v?(?P<major>\d+)      # major
    \.(?P<minor>\d+)       # minor
    (?:-(?P<tag>[^\s]+))?  # what follows a dash
    $""",
    re.VERBOSE,
)
LOCALES = "/srv/locales"


@app.route("/messages")
def messages():
    header = request.headers.get("Accept-Language", "")
    m = LANG.match(header.split(",")[0].strip())
    if not m:
        return {}
    lang, q = m.group("lang", "q")
    return send_file(os.path.join(LOCALES, lang, "messages.json"))  # safe: path-traversal letters and dashes group


@app.route("/release")
def release():
    m = VERSION_RE.match(request.args.get("v", ""))
    if m is None:
        return "bad version", 400
    subprocess.run("git checkout release-%s.%s" % (m.group("major"), m.group("minor")), shell=True)  # safe: command-injection digit groups
    subprocess.run("git checkout " + m.group("tag"), shell=True)  # vuln: command-injection a group of any non-space
    return "ok"


@app.route("/archive")
def archive():
    m = re.match(r"^([\w-]+)\.(zip|tar)$", request.args["name"])
    if not m:
        return "bad name", 400
    name, ext = m.groups()
    return send_file(os.path.join("/srv/archives", name + "." + ext))  # safe: path-traversal word and extension groups


@app.route("/grep")
def grep():
    m = re.search(r"q=(.*)", request.query_string.decode())
    if m:
        subprocess.run("grep " + m.group(1) + " /var/log/app.log", shell=True)  # vuln: command-injection a group of any character
    return "ok"


@app.route("/report")
def report():
    m = re.match(r"(\w+)/(\w+)", request.args.get("p", ""))
    if m:
        return send_file(os.path.join("/srv/reports", m.group(0)))  # vuln: path-traversal the whole match holds the slash
    return "none"


@app.route("/tags")
def tags():
    text = request.args.get("q", "")
    for tag in re.findall(r"#([a-z0-9_]+)", text):
        subprocess.run("tag-index --add " + tag, shell=True)  # safe: command-injection findall of a word group
    for word in re.findall(r"@(\S+)", text):
        subprocess.run("notify " + word, shell=True)  # vuln: command-injection findall of any non-space
    return "ok"
