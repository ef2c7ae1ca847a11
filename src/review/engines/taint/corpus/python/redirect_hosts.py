import logging
from urllib.parse import urlparse, urlsplit

import requests
from flask import Blueprint, abort, current_app, make_response, redirect, request, url_for

bp = Blueprint("sso", __name__)
log = logging.getLogger(__name__)

ALLOWED_HOSTS = {"app.example.com", "help.example.com"}
WEBHOOK_HOSTS = frozenset({"hooks.partner.example", "ci.partner.example"})


@bp.route("/sso/return")
def sso_return():
    url = request.args.get("next", "/")
    host = urlparse(url).netloc
    if host not in ALLOWED_HOSTS:
        abort(400)
    return redirect(url)  # safe: open-redirect host allow-list on a derived host


@bp.route("/sso/return-lower")
def sso_return_lower():
    url = request.args.get("next", "/")
    host = urlparse(url).hostname.lower()
    if host not in ALLOWED_HOSTS:
        return redirect(url_for("sso.home"))  # safe: open-redirect url_for
    resp = make_response("Redirecting to " + url)  # vuln: xss
    resp.headers["Location"] = url
    return redirect(url)  # safe: open-redirect host allow-list on a derived host


@bp.route("/sso/return-logged")
def sso_return_logged():
    url = request.args.get("next", "/")
    host = urlparse(url).netloc
    if host not in ALLOWED_HOSTS:
        log.warning("redirect to an unknown host")
    return redirect(url)  # vuln: open-redirect


@bp.route("/sso/continue")
def sso_continue():
    target = request.args.get("continue", "")
    parsed = urlparse(target)
    if parsed.netloc in ALLOWED_HOSTS:
        return redirect(target)  # safe: open-redirect host allow-list on a parsed URL
    if parsed.scheme in ("http", "https"):
        return redirect(target)  # vuln: open-redirect
    return redirect("/")  # safe: open-redirect constant


@bp.route("/sso/continue-reassigned")
def sso_continue_reassigned():
    target = request.args.get("continue", "")
    parsed = urlparse(target)
    target = request.args.get("fallback", "/")
    if parsed.netloc not in ALLOWED_HOSTS:
        abort(400)
    return redirect(target)  # vuln: open-redirect


@bp.route("/sso/other-host")
def sso_other_host():
    target = request.args.get("continue", "")
    back = request.args.get("back", "")
    host = urlsplit(back).hostname
    if host not in ALLOWED_HOSTS:
        abort(400)
    return redirect(target)  # vuln: open-redirect


@bp.route("/after-login")
def after_login():
    nxt = request.args.get("next", "")
    parts = urlsplit(nxt)
    if parts.netloc or parts.scheme:
        abort(400)
    return redirect(nxt)  # safe: open-redirect relative URL only


@bp.route("/after-logout")
def after_logout():
    nxt = request.args.get("next", "")
    if urlparse(nxt).netloc == "":
        return redirect(nxt)  # safe: open-redirect relative URL only
    return redirect(url_for("sso.home"))  # safe: open-redirect url_for


@bp.route("/after-logout/loose")
def after_logout_loose():
    nxt = request.args.get("next", "")
    if urlparse(nxt).netloc != "":
        current_app.logger.info("absolute next URL: %s", nxt)
    return redirect(nxt)  # vuln: open-redirect


@bp.route("/hooks/test", methods=["POST"])
def test_hook():
    hook = request.form["url"]
    hook_host = urlparse(hook).hostname
    if hook_host not in WEBHOOK_HOSTS:
        return {"error": "host not allowed"}, 400
    r = requests.post(hook, json={"ping": True}, timeout=5)  # safe: ssrf host allow-list on a derived host
    return make_response("<pre>" + hook + "</pre>")  # vuln: xss


@bp.route("/hooks/preview", methods=["POST"])
def preview_hook():
    hook = request.form["url"]
    if urlparse(hook).hostname not in WEBHOOK_HOSTS:
        current_app.logger.warning("unknown webhook host")
    r = requests.get(hook, timeout=5)  # vuln: ssrf
    return {"status": r.status_code}


@bp.route("/login/continue")
def login_continue():
    target = request.args.get("next", "/")
    if not target.startswith("/") or target.startswith("//"):
        abort(400)
    if request.args.get("auto"):
        return redirect(target)  # safe: open-redirect relative path check
    return make_response("<a href='" + target + "'>Continue</a>")  # vuln: xss


@bp.route("/partner/jump")
def partner_jump():
    url = request.args["url"]
    if url.startswith("https://partner.example.com"):
        return redirect(url)  # vuln: open-redirect
    if url.startswith("https://partner.example.com/"):
        return redirect(url)  # safe: open-redirect fixed host prefix
    return redirect(url_for("sso.home"))  # safe: open-redirect url_for
