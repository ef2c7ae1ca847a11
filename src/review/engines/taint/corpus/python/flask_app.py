import os
import subprocess
import shlex
import pickle
import yaml
import logging
from flask import Flask, request, redirect, session, send_file, make_response, render_template_string
from lxml import etree

app = Flask(__name__)
TOOLS = {"list": "ls -la", "disk": "df -h"}


@app.route("/ping")
def ping():
    host = request.args.get("host")
    os.system("ping -c 1 " + host)  # vuln: command-injection
    subprocess.run(f"nslookup {host}", shell=True)  # vuln: command-injection
    subprocess.run(["ping", "-c", "1", host])  # safe: command-injection argument list
    os.system("ping -c 1 " + shlex.quote(host))  # safe: command-injection sanitized
    os.system(TOOLS[request.args["tool"]])  # safe: command-injection safe map key
    cmd = request.args["cmd"]
    cmd = "uptime"
    os.system(cmd)  # safe: command-injection overwritten
    if 2 < 1:
        os.system(request.args["cmd"])  # safe: command-injection dead branch
    other = "whoami"
    os.system(other)  # safe: command-injection different variable
    return "ok"


@app.route("/calc", methods=["POST"])
def calc():
    expr = request.form["expr"]
    result = eval(expr)  # vuln: code-injection
    exec("x = " + request.form["code"])  # vuln: code-injection
    n = int(request.form["n"])
    eval("1 + %d" % n)  # safe: code-injection sanitized integer
    eval("2 + 2")  # safe: code-injection constant
    return str(result)  # vuln: xss


@app.route("/user")
def user():
    uid = request.args.get("id")
    cur = db.cursor()
    cur.execute("SELECT * FROM users WHERE id = " + uid)  # vuln: sql-injection
    cur.execute(f"SELECT * FROM users WHERE name = '{request.args['name']}'")  # vuln: sql-injection
    cur.execute("SELECT * FROM users WHERE id = '%s'" % uid)  # vuln: sql-injection
    cur.execute("SELECT * FROM users WHERE name = '{}'".format(uid))  # vuln: sql-injection
    cur.execute("SELECT * FROM users WHERE id = %s", (uid,))  # safe: sql-injection parameterized
    cur.execute("SELECT * FROM users WHERE id = %d" % int(uid))  # safe: sql-injection sanitized
    order = request.args.get("order")
    if order not in ("asc", "desc"):
        order = "asc"
    cur.execute("SELECT * FROM users ORDER BY name " + order)  # safe: sql-injection allow-list
    cur.execute("SELECT * FROM users")  # safe: sql-injection constant
    return "ok"


@app.route("/mongo")
def mongo():
    users.find_one({"name": request.args["name"]})  # safe: nosql-injection a query string's values are text
    users.find_one({"name": request.get_json()["name"]})  # vuln: nosql-injection
    users.find({"$where": "this.a == '" + request.args["a"] + "'"})  # vuln: nosql-injection
    users.find_one({"name": str(request.args["name"])})  # safe: nosql-injection sanitized
    users.find({"active": True})  # safe: nosql-injection constant
    return "ok"


@app.route("/file")
def download():
    name = request.args["name"]
    f = open("/srv/files/" + name)  # vuln: path-traversal
    send_file(os.path.join("/srv/files", request.args["f"]))  # vuln: path-traversal
    open(os.path.join("/srv/files", os.path.basename(name)))  # safe: path-traversal sanitized
    open("/etc/app.conf")  # safe: path-traversal constant
    return f.read()


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    resp = make_response("<h1>Hello " + name + "</h1>")  # vuln: xss
    render_template_string("<p>" + request.args["t"] + "</p>")  # vuln: code-injection the template itself
    make_response("<h1>Hello " + escape(name) + "</h1>")  # safe: xss sanitized
    make_response("<h1>Hello</h1>")  # safe: xss constant
    return resp


@app.route("/fetch")
def fetch():
    url = request.args["url"]
    requests.get(url)  # vuln: ssrf
    requests.post("http://" + request.args["host"] + "/api")  # vuln: ssrf
    requests.get("https://api.example.com/status")  # safe: ssrf constant
    hosts = {"a": "https://a.example.com"}
    requests.get(hosts[request.args["h"]])  # safe: ssrf safe map key
    return "ok"


@app.route("/go")
def go():
    nxt = request.args.get("next")
    if nxt == "/home":
        return redirect(nxt)  # safe: open-redirect allow-list
    redirect(request.args["back"])  # vuln: open-redirect
    return redirect(nxt)  # vuln: open-redirect


@app.route("/misc", methods=["POST"])
def misc():
    obj = pickle.loads(request.data)  # vuln: deserialization
    cfg = yaml.load(request.form["cfg"])  # vuln: deserialization
    cfg2 = yaml.safe_load(request.form["cfg"])  # safe: deserialization safe loader
    doc = etree.fromstring(request.data)  # vuln: xxe
    logging.info("login %s", request.form["user"])  # vuln: log-injection
    logging.info("login %s", request.form["user"].replace("\n", ""))  # safe: log-injection sanitized
    logging.info("login ok")  # safe: log-injection constant
    session["user"] = request.form["user"]  # vuln: trust-boundary
    session["visits"] = 1  # safe: trust-boundary constant
    conn.search_s("ou=people", ldap.SCOPE_SUBTREE, "(uid=" + request.args["uid"] + ")")  # vuln: ldap-injection
    conn.search_s("ou=people", ldap.SCOPE_SUBTREE, "(uid=" + escape_filter_chars(request.args["uid"]) + ")")  # safe: ldap-injection sanitized
    tree.xpath("//user[name='" + request.args["u"] + "']")  # vuln: xpath-injection
    tree.xpath("//user[@active='true']")  # safe: xpath-injection constant
    return "ok"


@app.route("/xml", methods=["POST"])
def xml_safe():
    parser = etree.XMLParser(resolve_entities=False)
    doc = etree.fromstring(request.data, parser)  # safe: xxe hardened parser
    return "ok"


@app.route("/disk")
def disk_usage():
    # The command runs without a shell; what it prints is its own output, not the request.
    return subprocess.check_output(["du", "-sh", "--", request.args["path"]])  # safe: xss command output
