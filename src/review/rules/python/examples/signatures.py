"""Webhook and API-key checks of a Flask app, and look-alikes that compare no secret."""
import hashlib
import hmac
import inspect
import os

from flask import abort, request

API_KEY = os.environ["API_KEY"]


def github_hook(secret):
    body = request.get_data()
    expected = "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()
    if request.headers.get("X-Hub-Signature-256") != expected:  # expect: py.timing-unsafe-compare
        abort(401)


def github_hook_fixed(secret):
    body = request.get_data()
    expected = "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(request.headers.get("X-Hub-Signature-256", ""), expected):  # ok: py.timing-unsafe-compare
        abort(401)


def require_key():
    if request.headers.get("X-Api-Key") == API_KEY:  # expect: py.timing-unsafe-compare
        return True
    return False


def check_csrf(session, form):
    return form["csrf_token"] == session["csrf_token"]  # expect: py.timing-unsafe-compare


def token_shape(auth_token):
    if auth_token == "":  # ok: py.timing-unsafe-compare
        return False
    if len(auth_token) != 40:  # ok: py.timing-unsafe-compare
        return False
    return auth_token is not None


def same_api(f, g):
    return inspect.signature(f) == inspect.signature(g)  # ok: py.timing-unsafe-compare


def token_kind(tok, TokenType):
    return tok.kind == TokenType.SECRET  # ok: py.timing-unsafe-compare


class Credentials:
    def __init__(self, secret):
        self.secret = secret

    def __eq__(self, other):
        return self.secret == other.secret  # ok: py.timing-unsafe-compare


def debugger_pin(secret, expected_secret):
    return secret == expected_secret  # expect: py.timing-unsafe-compare


def aws_request(headers, session_token, signature_version, UNSIGNED):
    if signature_version != UNSIGNED:  # ok: py.timing-unsafe-compare
        return headers["X-Amz-Security-Token"] != session_token  # expect: py.timing-unsafe-compare
    return False


class Lambda:
    def is_identity(self):
        return self.signature == self.expr  # ok: py.timing-unsafe-compare
