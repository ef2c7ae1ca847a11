"""Django and Flask views that hand out codes, cookies and redirects."""
import random
import secrets
import string

import flask
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect as dj_redirect
from flask import redirect as go, request, url_for

RETRY_BASE = 0.5


def issue_reset_code(request, user):
    reset_code = "%06d" % random.randint(0, 999999)  # expect: py.insecure-random
    user.send_mail(reset_code)
    return HttpResponse("sent")


def issue_secure_reset_code(request, user):
    reset_code = "%06d" % secrets.randbelow(1000000)  # ok: py.insecure-random
    user.send_mail(reset_code)
    return HttpResponse("sent")


def new_api_key(request):
    api_key = "".join(random.choice("abcdef0123456789") for _ in range(40))  # expect: py.insecure-random
    strong_key = "".join(random.SystemRandom().choice("abcdef0123456789") for _ in range(40))  # ok: py.insecure-random
    return HttpResponse(api_key + strong_key)


def remember(request):
    response = HttpResponse("ok")
    response.set_cookie("remember", str(random.random())[2:])  # expect: py.insecure-random
    response.set_cookie("remember2", secrets.token_urlsafe(24))  # ok: py.insecure-random
    return response


def backoff(attempt):
    delay = RETRY_BASE * 2 ** attempt + random.uniform(0, 1)  # ok: py.insecure-random
    sample_key = random.choice(["a", "b"])  # ok: py.insecure-random
    invitation_code = "".join(random.choice(string.ascii_uppercase) for _ in range(8))  # expect: py.insecure-random
    code = "".join(random.choices(string.digits, k=6))  # expect: py.insecure-random
    status_code = random.choice([200, 503])  # ok: py.insecure-random
    country_code = random.choice(["fr", "de"])  # ok: py.insecure-random
    return delay, sample_key


def next_page(request):
    return HttpResponseRedirect(request.GET["next"])  # expect: py.open-redirect


def next_page_named(request):
    # Found by the taint analysis, which reads the import (imports.ts).
    return dj_redirect(request.GET.get("next"))


def home(request):
    return dj_redirect("/home/")  # ok: py.open-redirect


def flask_next():
    return flask.redirect(request.args.get("next"))  # expect: py.open-redirect


def flask_aliased():
    # The taint analysis knows `go` is flask.redirect (imports.ts); the pattern rule matches names.
    return go(request.args["to"])


def flask_home():
    return go(url_for("index"))  # ok: py.open-redirect


def flask_profile():
    return flask.redirect(url_for("profile"))  # ok: py.open-redirect


def generate_reset_token(length=32):
    return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(length))  # expect: py.insecure-random


def make_email_code():
    return "%06d" % random.randint(0, 999999)  # expect: py.insecure-random


def new_api_key():
    return secrets.token_hex(20)  # ok: py.insecure-random


def backoff_delay(attempt):
    return RETRY_BASE * 2**attempt + random.uniform(0, 1)  # ok: py.insecure-random


def pick_session_shard(shards):
    return random.choice(shards)  # ok: py.insecure-random
