import collections
import configparser
import os
import subprocess

from flask import Blueprint, request, session, make_response

bp = Blueprint("collections", __name__, url_prefix="/collections")


@bp.route("/list-index", methods=["POST"])
def list_index():
    param = request.form.get("vector", "")
    values = ["safe", param, "moresafe"]
    values.pop(0)
    bar = values[1]
    os.system("echo " + bar)  # safe: command-injection safe list index
    first = values[0]
    os.system("echo " + first)  # vuln: command-injection
    queue = []
    queue.append("static")
    queue.append(param)
    queue.insert(0, "header")
    head = queue[0]
    subprocess.call("cat /srv/" + head, shell=True)  # safe: command-injection safe list index
    last = queue[-1]
    subprocess.call("cat /srv/" + last, shell=True)  # vuln: command-injection
    return make_response("done")


@bp.route("/dict-key")
def dict_key():
    param = request.args.get("name", "")
    options = {"keyA": "a-value", "keyB": param}
    bar = options["keyA"]
    resp = make_response("<p>" + bar + "</p>")  # safe: xss safe map key
    other = options.get("keyB")
    resp2 = make_response("<p>" + other + "</p>")  # vuln: xss
    labels = {}
    labels["title"] = "Reports"
    labels["user"] = param
    labels["user"] = "anonymous"
    who = labels.get("user", "nobody")
    resp3 = make_response("<h1>" + who + "</h1>")  # safe: xss overwritten map key
    return resp, resp2, resp3


@bp.route("/config")
def config_values():
    param = request.args.get("section", "")
    conf = configparser.ConfigParser()
    conf.add_section("section_a")
    conf.set("section_a", "keyA", "a_Value")
    conf.set("section_a", "keyB", param)
    bar = conf.get("section_a", "keyA")
    with_path = "/srv/reports/" + bar
    f = open(with_path)  # safe: path-traversal safe config key
    tainted = conf.get("section_a", "keyB")
    g = open("/srv/reports/" + tainted)  # vuln: path-traversal
    return make_response(f.read() + g.read())


@bp.route("/session-keys")
def session_keys():
    param = request.args.get("theme", "")
    request.environ["app.theme"] = "dark"
    theme = request.environ.get("app.theme")
    os.system("theme-cli " + theme)  # safe: command-injection attribute set to a constant
    flags = dict()
    flags["cmd"] = param
    os.system(flags["cmd"])  # vuln: command-injection
    return make_response("ok")


@bp.route("/guess")
def guess_switch():
    param = request.args.get("q", "")
    guess = "ABC"
    target = guess[1]
    match target:
        case "A":
            bar = param
        case "B":
            bar = "bob"
        case _:
            bar = param
    os.system("echo " + bar)  # safe: command-injection dead branch
    if target == "A":
        other = "fixed"
    elif target == "B":
        other = param
    else:
        other = "fixed"
    os.system("echo " + other)  # vuln: command-injection
    num = 106
    num -= 6
    cmd = "ls" if num * 2 > 150 else param
    os.system(cmd)  # safe: command-injection dead branch
    items = [param, "x"]
    items[0] = "y"
    os.system("echo " + items[0])  # safe: command-injection overwritten list element
    return make_response("ok")


@bp.route("/files")
def download():
    name = request.args.get("file", "")
    if ("../" in name) or name.startswith("/"):
        return make_response("bad name", 400)
    with open(os.path.join("/srv/files", name)) as fh:  # safe: path-traversal deny-list check with early exit
        body = fh.read()
    report = request.args.get("report", "")
    if ".." in report:
        raise ValueError("bad report")
    open("/srv/reports/" + report)  # safe: path-traversal deny-list check with raise
    log_name = request.args.get("log", "")
    if ".." in log_name:
        print("suspicious")
    open("/var/log/app/" + log_name)  # vuln: path-traversal
    cmd_name = request.args.get("tool", "")
    if ".." in cmd_name:
        return make_response("bad", 400)
    os.system("run " + cmd_name)  # vuln: command-injection
    return make_response(body)


@bp.route("/git-log")
def git_log():
    ref = request.args.get("ref", "HEAD")
    cmd = ["git", "log", "--oneline"]
    cmd.append(ref)
    out = subprocess.run(cmd, capture_output=True)  # safe: command-injection argument array
    extra = ["grep"]
    extra.extend(["-n", ref])
    subprocess.check_output(extra)  # safe: command-injection argument array
    shell = ["sh", "-c"]
    shell.append("git log " + ref)
    subprocess.run(shell)  # vuln: command-injection
    tool = []
    tool.append(ref)
    tool.append("--help")
    subprocess.run(tool)  # vuln: command-injection
    paths = request.args.getlist("path")
    blame = ["git", "blame", "--"]
    for p in paths:
        blame.append(p)
    subprocess.run(blame, capture_output=True)  # safe: command-injection argument array
    subprocess.run(["git", "diff"] + paths)  # safe: command-injection argument array
    subprocess.run(["bash", "-c"] + paths)  # vuln: command-injection
    return make_response("ok" if out.returncode == 0 else "failed")


@bp.route("/settings/<section>")
def settings_view(section):
    param = request.headers.get("X-Setting", "")
    conf = configparser.ConfigParser()
    conf["defaults"] = {"dir": "/srv/settings"}
    conf.set("defaults", "user", param)
    base = conf["defaults"]["dir"]
    open(os.path.join(base, "app.ini"))  # safe: path-traversal safe config key
    user = conf["defaults"]["user"]
    open(os.path.join("/srv/settings", user))  # vuln: path-traversal
    pending = collections.deque()
    pending.append(param)
    pending.appendleft("sync")
    job = pending.popleft()
    subprocess.call("jobs run " + job, shell=True)  # safe: command-injection safe list index
    job = pending.popleft()
    subprocess.call("jobs run " + job, shell=True)  # vuln: command-injection
    names = ["alice", param, "bob"]
    names.remove("alice")
    picked = names[1]
    return make_response("<b>" + picked + "</b>")  # safe: xss safe list index


@bp.route("/history")
def history():
    ref = request.args.get("ref", "")
    steps = []
    for part in ref.split(","):
        steps.append(part)
    subprocess.call("git show " + steps[0], shell=True)  # vuln: command-injection
    return make_response("ok")
