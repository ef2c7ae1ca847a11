"""Shop blueprint that imports under its own names."""
import random as rnd
import secrets as sec
from random import randint, shuffle
from secrets import choice

import flask as fl
from flask import Blueprint, request, session, url_for
from flask import redirect as go_to

shop = Blueprint("shop", __name__)
CARRIERS = ["dhl", "ups", "fedex"]


@shop.route("/cart/checkout")
def checkout():
    back = request.args.get("return_to", "/")
    return go_to(back)  # vuln: open-redirect


@shop.route("/cart/done")
def done():
    return go_to(url_for("shop.orders"))  # safe: open-redirect url_for


@shop.route("/cart/continue")
def continue_shopping():
    return fl.redirect(request.form["continue"])  # vuln: open-redirect


@shop.route("/cart/home")
def home():
    return fl.redirect(fl.url_for("shop.index", ref=request.args.get("ref")))  # safe: open-redirect url_for


@shop.route("/coupon")
def coupon():
    code = "C%06d" % randint(0, 999999)
    resp = fl.make_response("ok")
    resp.set_cookie("coupon", code)  # vuln: insecure-random
    return resp


@shop.route("/coupon/secure")
def coupon_secure():
    code = "".join(choice("ABCDEFGH23456789") for _ in range(8))
    resp = fl.make_response("ok")
    resp.set_cookie("coupon", code)  # safe: insecure-random secrets
    return resp


@shop.route("/guest")
def guest():
    session["guest_id"] = "g-%x" % rnd.getrandbits(48)  # vuln: insecure-random
    session["cart_token"] = sec.token_hex(16)  # safe: insecure-random secrets
    return "ok"


@shop.route("/carriers")
def carriers():
    order = list(CARRIERS)
    shuffle(order)
    pick = rnd.choice(order)
    session["carrier_hint"] = "fastest"  # safe: insecure-random constant
    return {"carriers": order, "pick": pick}
