import logging
import sqlite3

import requests
from flask import Blueprint, make_response, redirect, request, session

bp = Blueprint("posts", __name__)
log = logging.getLogger(__name__)


def db():
    return sqlite3.connect("posts.db")


@bp.route("/posts")
def posts():
    next_url = request.args.get("next", "/")
    try:
        page = int(request.args.get("page", "1"))
    except ValueError:
        return "bad page", 400
    db().execute("SELECT * FROM posts LIMIT 20 OFFSET %d" % (page * 20))  # safe: sql-injection parsed integer
    return redirect(next_url)  # vuln: open-redirect


@bp.route("/posts/limit")
def posts_limit():
    try:
        limit = int(request.args["limit"])
    except (KeyError, ValueError):
        limit = 10
    rows = db().execute("SELECT * FROM posts LIMIT " + str(limit)).fetchall()  # safe: sql-injection parsed integer
    return {"rows": rows}


@bp.route("/import")
def import_feed():
    src = request.args["src"]
    try:
        r = requests.get(src, timeout=5)  # vuln: ssrf
    except requests.RequestException:
        return "unreachable", 502
    finally:
        log.info("import attempted")
    return make_response("<h1>Imported " + src + "</h1>")  # vuln: xss


@bp.route("/hello")
def hello():
    try:
        name = session["display_name"]
    except KeyError:
        name = request.args.get("name", "guest")
    return make_response("<p>Hello " + name + "</p>")  # vuln: xss


@bp.route("/hello/plain")
def hello_plain():
    name = request.args.get("name", "guest")
    try:
        name = session["display_name"]
    except KeyError:
        name = "guest"
    else:
        log.info("known user")
    return make_response("<p>Hello " + name + "</p>")  # safe: xss overwritten in every branch
