"""A Flask search service and a helper module building regular expressions from what they are given."""
import fnmatch
import re

from flask import Flask, jsonify, request

app = Flask(__name__)
NAMES = ["alpha", "beta", "gamma"]


@app.route("/search")
def search():
    pattern = request.args.get("q", "")
    rx = re.compile(pattern, re.I)  # vuln: regex-injection
    return jsonify([n for n in NAMES if rx.search(n)])


@app.route("/search-escaped")
def search_escaped():
    rx = re.compile(re.escape(request.args.get("q", "")), re.I)  # safe: regex-injection re.escape
    return jsonify([n for n in NAMES if rx.search(n)])


@app.route("/glob")
def glob():
    rx = re.compile(fnmatch.translate(request.args.get("g", "*")))  # safe: regex-injection fnmatch translates a glob
    return jsonify([n for n in NAMES if rx.match(n)])


@app.route("/highlight")
def highlight():
    word = request.args["w"]
    text = request.args.get("t", "")
    return jsonify({"html": re.sub(f"({word})", r"<b>\1</b>", text)})  # vuln: regex-injection


REGEX = re.compile(r"^[a-z]+$")
regex = re.compile(r"^[0-9]+$")


@app.route("/numeric")
def numeric():
    q = request.args.get("q", "")
    return jsonify({"numeric": bool(regex.match(q)), "word": bool(REGEX.match(q))})  # safe: regex-injection a compiled pattern named regex matches the text


@app.route("/contains")
def contains():
    word = request.args["w"]
    return jsonify([n for n in NAMES if word in n and re.match(r"^[a-z]+$", n)])  # safe: regex-injection fixed pattern


def matching(names, pattern):
    """A helper callers hand a pattern of their own."""
    return [n for n in names if re.search(pattern, n)]  # safe: regex-injection a library takes its pattern from its caller
