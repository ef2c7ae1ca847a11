"""Flask views that pass request values through helpers of the same module."""
import os
import sqlite3
import subprocess

from flask import Flask, request
from markupsafe import escape

app = Flask(__name__)
DB = "/srv/app/shop.db"
REPORTS = "/srv/reports"


def normalize(value):
    return value.strip().lower()


def fixed_region(value):
    region = "emea"
    return region


def to_quantity(value):
    return int(value)


def safe_label(value):
    return "<b>" + escape(value) + "</b>"


def pick(value, default):
    if not value:
        return default
    return value


def run_report(cursor, region):
    cursor.execute("SELECT * FROM sales WHERE region = '%s'" % region)  # vuln: sql-injection


def run_archive(cursor, year):
    cursor.execute("DELETE FROM sales WHERE year = '%s'" % year)  # safe: sql-injection helper called with constants


def count_all(cursor, region):
    cursor.execute("SELECT COUNT(*) FROM sales")  # safe: sql-injection constant query in helper


@app.route("/orders")
def orders():
    conn = sqlite3.connect(DB)
    cur = conn.cursor()
    bar = normalize(request.args.get("q"))
    cur.execute("SELECT * FROM orders WHERE ref = '" + bar + "'")  # vuln: sql-injection
    bar = fixed_region(request.args.get("region"))
    cur.execute("SELECT * FROM orders WHERE region = '" + bar + "'")  # safe: sql-injection helper returns a constant
    qty = to_quantity(request.args.get("qty"))
    cur.execute("SELECT * FROM orders WHERE qty > " + str(qty))  # safe: sql-injection helper parses an integer
    return "ok"


@app.route("/reports")
def reports():
    conn = sqlite3.connect(DB)
    cur = conn.cursor()
    region = request.args.get("region")
    run_report(cur, region)
    run_archive(cur, "2023")
    count_all(cur, region)
    return "done"


@app.route("/files")
def files():
    name = pick(request.args.get("name"), "index.txt")
    with open(os.path.join(REPORTS, name)) as fh:  # vuln: path-traversal
        body = fh.read()
    other = pick("summary.txt", request.args.get("name"))
    subprocess.run("wc -l " + os.path.join(REPORTS, other), shell=True)  # vuln: command-injection
    label = fixed_region(request.args.get("name"))
    subprocess.run("wc -l " + os.path.join(REPORTS, label), shell=True)  # safe: command-injection helper returns a constant
    return body


def banner(name):
    return safe_label(name)


def raw_banner(name):
    return "<b>" + name + "</b>"


@app.route("/hello")
def hello():
    who = request.args.get("who")
    return "<html>" + banner(who) + "</html>"  # safe: xss helper escapes


@app.route("/hello-raw")
def hello_raw():
    who = request.args.get("who")
    return "<html>" + raw_banner(who) + "</html>"  # vuln: xss


def archive_report(*, name, fmt="gztar"):
    subprocess.run("tar -caf /srv/out/%s.%s %s" % (name, fmt, REPORTS), shell=True)  # vuln: command-injection


def report_id(*, name, kind="daily"):
    return "%s-%d" % (kind, len(name))


@app.route("/archive")
def archive():
    archive_report(name=request.args["name"])
    subprocess.run("tar -caf /srv/out/x.tgz " + report_id(name=request.args["name"]), shell=True)  # safe: command-injection keyword-only helper returns no input
    return "ok"
