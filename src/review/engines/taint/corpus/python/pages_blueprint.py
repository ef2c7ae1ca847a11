"""Pages blueprint of a Flask app: views that return HTML strings, templates and JSON."""
import json

from flask import Blueprint, abort, jsonify, redirect, render_template, render_template_string, request, url_for
from markupsafe import escape

bp = Blueprint("pages", __name__, url_prefix="/pages")


def _greeting(name):
    return "Hello, " + name


@bp.route("/hello")
def hello():
    name = request.args.get("name", "guest")
    return "<h1>Hello " + name + "</h1>"  # vuln: xss


@bp.route("/hello/safe")
def hello_safe():
    name = request.args.get("name", "guest")
    return "<h1>Hello " + escape(name) + "</h1>"  # safe: xss sanitized


@bp.route("/profile")
def profile():
    name = request.args.get("name", "guest")
    return render_template("profile.html", name=name)  # safe: xss template


@bp.route("/search")
def search():
    q = request.args.get("q", "")
    results = [r for r in ("a", "b") if q in r]
    return f"<p>Results for {q}: {len(results)}</p>"  # vuln: xss


@bp.route("/api/search")
def api_search():
    q = request.args.get("q", "")
    return jsonify(query=q, results=[])  # safe: xss json


@bp.route("/api/echo", methods=["POST"])
def api_echo():
    body = request.get_json()
    return {"echo": body.get("text")}  # safe: xss json


@bp.route("/greet")
def greet():
    message = _greeting(request.args["who"])
    return message, 200  # vuln: xss


@bp.route("/greet/header")
def greet_header():
    who = request.args["who"]
    return "ok", 200, {"X-Greeted": who}  # safe: xss header only


@bp.route("/tag/<tag>")
def tag(tag):
    return "<span>{}</span>".format(request.args.get("label"))  # vuln: xss


@bp.route("/tag/count")
def tag_count():
    count = int(request.args.get("count", "0"))
    return "<span>%d</span>" % count  # safe: xss sanitized


@bp.route("/go")
def go():
    target = request.args.get("to", "")
    if target not in ("home", "help"):
        abort(404)
    return redirect(url_for("pages." + target))  # safe: xss redirect


@bp.route("/card")
def card():
    name = request.args.get("name", "")
    html = render_template_string("<div>{{ name }}</div>", name=name)  # safe: xss template
    return html  # safe: xss template


@bp.route("/card/raw")
def card_raw():
    name = request.args.get("name", "")
    html = render_template_string("<div>" + name + "</div>")  # vuln: code-injection the template itself
    return html


@bp.route("/static-page")
def static_page():
    request.args.get("ignored")
    return "<p>Nothing to see</p>"  # safe: xss constant


@bp.route("/items")
def items():
    names = request.args.getlist("name")
    return [n.upper() for n in names]  # safe: xss json


@bp.route("/export")
def export():
    q = request.args.get("q", "")
    data = json.dumps({"q": q})  # served as text/html: the quotes do not stop <script>
    return data  # vuln: xss
