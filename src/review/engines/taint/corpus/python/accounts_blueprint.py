"""Account blueprint of a Flask app: remember-me cookies, password resets, login redirects."""
import random
import secrets
import string
import time

import flask
from flask import Blueprint, current_app, request, session, url_for
from urllib.parse import urlparse

from .models import User, db

bp = Blueprint("accounts", __name__, url_prefix="/accounts")
ALLOWED_NEXT = {"/dashboard", "/settings", "/billing"}
PARTNER_HOSTS = ("partner.example.com", "docs.example.com")


def _remember_value():
    n = random.getrandbits(64)
    return "%016x" % n


@bp.route("/login", methods=["POST"])
def login():
    user = User.authenticate(request.form["email"], request.form["password"])
    resp = flask.make_response(flask.redirect(url_for("accounts.home")))  # safe: open-redirect url_for
    value = random.random()
    remember = str(value)[2:]
    resp.set_cookie("remember_me", remember, secure=True, httponly=True)  # vuln: insecure-random
    return resp


@bp.route("/login/secure", methods=["POST"])
def login_secure():
    resp = flask.make_response("ok")
    remember = secrets.token_urlsafe(32)
    resp.set_cookie("remember_me", remember, secure=True, httponly=True)  # safe: insecure-random secrets
    return resp


@bp.route("/reset", methods=["POST"])
def reset_password():
    user = User.query.filter_by(email=request.form["email"]).first_or_404()
    alphabet = string.ascii_letters + string.digits
    temporary = "".join(random.choice(alphabet) for _ in range(12))
    user.set_password(temporary)  # vuln: insecure-random
    db.session.commit()
    return "sent"


@bp.route("/reset/secure", methods=["POST"])
def reset_password_secure():
    user = User.query.filter_by(email=request.form["email"]).first_or_404()
    alphabet = string.ascii_letters + string.digits
    temporary = "".join(secrets.choice(alphabet) for _ in range(12))
    user.set_password(temporary)  # safe: insecure-random secrets
    db.session.commit()
    return "sent"


@bp.route("/session/start")
def start_session():
    session["csrf"] = str(random.randint(100000, 999999))  # vuln: insecure-random
    session["theme"] = random.choice(["light", "dark"])  # vuln: insecure-random
    session["nonce"] = secrets.token_hex(16)  # safe: insecure-random secrets
    return "ok"


@bp.route("/feed")
def feed():
    items = current_app.config["FEED"]
    sample = random.sample(items, 3)
    random.shuffle(items)
    delay = random.uniform(0.1, 0.5)
    time.sleep(delay)
    session["page"] = 1  # safe: insecure-random constant
    resp = flask.jsonify(sample)
    resp.set_cookie("layout", "grid")  # safe: insecure-random constant
    return resp


@bp.route("/go")
def go():
    target = request.args.get("next", "/")
    return flask.redirect(target)  # vuln: open-redirect


@bp.route("/go/listed")
def go_listed():
    target = request.args.get("next", "/dashboard")
    if target in ALLOWED_NEXT:
        return flask.redirect(target)  # safe: open-redirect allow-list
    return flask.redirect(url_for("accounts.home"))  # safe: open-redirect url_for


@bp.route("/go/form", methods=["POST"])
def go_form():
    back = request.form["back"]
    return flask.redirect(back, code=303)  # vuln: open-redirect


@bp.route("/go/view/<name>")
def go_view(name):
    return flask.redirect(url_for("accounts." + request.args.get("view", "home")))  # safe: open-redirect url_for


@bp.route("/go/partner")
def go_partner():
    url = request.args["url"]
    if url.startswith("https://partner.example.com/"):
        return flask.redirect(url)  # safe: open-redirect allow-list
    return flask.redirect("/")  # safe: open-redirect constant


@bp.route("/go/host")
def go_host():
    target = request.args.get("next", "/")
    if urlparse(target).netloc not in ("", "www.example.com"):
        return flask.redirect("/")  # safe: open-redirect constant
    return flask.redirect(target)  # safe: open-redirect allow-list


@bp.route("/go/host-check")
def go_host_check():
    target = request.args.get("next", "/")
    if urlparse(target).hostname in PARTNER_HOSTS:
        return flask.redirect(target)  # safe: open-redirect allow-list
    if urlparse(target).scheme == "https":
        return flask.redirect(target)  # vuln: open-redirect
    return flask.redirect(url_for("accounts.home"))  # safe: open-redirect url_for
