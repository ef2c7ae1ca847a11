from urllib.parse import urlparse

from flask import Blueprint, redirect, render_template, request, url_for
from flask_login import login_user

from .users import check_password

bp = Blueprint("auth", __name__)


@bp.route("/login", methods=["GET", "POST"])
def login():
    if request.method == "GET":
        return render_template("login.html")
    user = check_password(request.form["email"], request.form["password"])
    if user is None:
        return render_template("login.html", error="Invalid credentials"), 401
    login_user(user)
    target = request.args.get("next") or url_for("index")
    parts = urlparse(target.replace("\\", "/"))
    if parts.scheme or parts.netloc:
        target = url_for("index")
    return redirect(target)
