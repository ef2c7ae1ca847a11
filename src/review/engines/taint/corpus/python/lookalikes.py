import os
import subprocess
import sqlite3
from django.views import View
from django.http import HttpResponse
from flask import request, redirect

ALLOWED_HOSTS = ["a.example.com", "b.example.com"]
DEBUG = False


class ReportView(View):
    def get(self, request):
        name = request.GET["name"]
        return HttpResponse("<p>%s</p>" % name)  # vuln: xss

    def post(self, request):
        rows = [r for r in request.POST.getlist("ids")]
        sql = "DELETE FROM t WHERE id IN (" + ",".join(rows) + ")"
        self.db.execute(sql)  # vuln: sql-injection
        ids = [int(r) for r in request.POST.getlist("ids")]
        self.db.execute("DELETE FROM t WHERE id = ?", ids)  # safe: sql-injection parameterized
        return HttpResponse("ok")

    def put(self):
        path = self.request.GET["p"]
        open(path)  # vuln: path-traversal


def batch():
    for item in request.args.getlist("cmd"):
        subprocess.call("run " + item, shell=True)  # vuln: command-injection
    for item in ["a", "b"]:
        subprocess.call("run " + item, shell=True)  # safe: command-injection constant
    params = {"host": request.args["host"]}
    requests.get("http://" + params["host"])  # vuln: ssrf
    conf = {"host": "internal.example.com"}
    requests.get("http://" + conf["host"])  # safe: ssrf different variable
    host = request.args["host"]
    if host in ALLOWED_HOSTS:
        requests.get("https://" + host)  # safe: ssrf allow-list
    try:
        data = request.get_json()
        os.system("echo " + data["msg"])  # vuln: command-injection
    except ValueError:
        pass
    if DEBUG and 1 == 2:
        os.system(request.args["dbg"])  # safe: command-injection dead branch
    msg = "{} logged in".format(request.args["u"])
    logger.warning(msg)  # vuln: log-injection
    logger.warning("%s logged in", "admin")  # safe: log-injection constant
    target = request.args.get("next", "/")
    if not target.startswith("/"):
        target = "/"
    if request.args.get("back"):
        back = request.args["back"]
        if not back.startswith("/") or back.startswith(("//", "/\\")):
            back = "/"
        return redirect(back)  # safe: open-redirect relative path of this site
    return redirect(target)  # vuln: open-redirect a lone slash lets //evil.example through


def cli():
    import sys
    conn = sqlite3.connect("app.db")
    conn.execute("SELECT * FROM t WHERE name = '" + sys.argv[1] + "'")  # vuln: sql-injection
    conn.execute("SELECT * FROM t WHERE name = ?", (sys.argv[1],))  # safe: sql-injection parameterized
    os.system("python3 " + sys.argv[0] + " --help")  # safe: command-injection script's own path
    with open(sys.argv[2]) as report:  # safe: path-traversal the file the CLI's user names
        report.read()
    line = input()
    os.system(line)  # vuln: command-injection


def dispatch():
    action = "status"
    match request.args.get("mode"):
        case "raw":
            action = request.args["action"]
        case _:
            action = "status"
    os.system("svc " + action)  # vuln: command-injection
    fixed = "status"
    match request.args.get("mode"):
        case "a":
            fixed = "start"
        case _:
            fixed = "stop"
    os.system("svc " + fixed)  # safe: command-injection constant in every arm


def second_order(cur):
    cur.execute("SELECT name FROM users WHERE id = 1")
    row = cur.fetchone()
    cur.execute("SELECT * FROM logs WHERE user = '" + row[0] + "'")  # vuln: sql-injection
    cur.execute("SELECT * FROM logs WHERE user = ?", (row[0],))  # safe: sql-injection parameterized
