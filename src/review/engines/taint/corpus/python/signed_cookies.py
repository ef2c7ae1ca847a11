"""A Flask app that keeps a user's draft in a cookie as a pickled object: unsigned, signed and checked, and signed
but checked only for a log line."""
import base64
import hashlib
import hmac
import logging
import os
import pickle

from flask import Flask, abort, jsonify, request

app = Flask(__name__)
KEY = os.environ["DRAFT_KEY"].encode()


@app.route("/draft")
def draft():
    data = base64.b64decode(request.cookies["draft"])
    return jsonify(pickle.loads(data))  # vuln: deserialization


@app.route("/draft/signed")
def draft_signed():
    raw = base64.b64decode(request.cookies["draft"])
    data, sig = raw[:-32], raw[-32:]
    if not hmac.compare_digest(sig, hmac.new(KEY, data, hashlib.sha256).digest()):
        abort(400)
    return jsonify(pickle.loads(data))  # safe: deserialization signed by the server's key and checked


@app.route("/draft/signed-var")
def draft_signed_var():
    data = base64.b64decode(request.cookies["draft"])
    sig = request.cookies.get("draft_sig", "")
    expected = hmac.new(KEY, data, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, sig):
        abort(400)
    return jsonify(pickle.loads(data))  # safe: deserialization signed by the server's key and checked


@app.route("/draft/logged")
def draft_logged():
    raw = base64.b64decode(request.cookies["draft"])
    data, sig = raw[:-32], raw[-32:]
    if not hmac.compare_digest(sig, hmac.new(KEY, data, hashlib.sha256).digest()):
        logging.warning("draft signature mismatch")
    return jsonify(pickle.loads(data))  # vuln: deserialization


@app.route("/draft/signed-eq")
def draft_signed_eq():
    data = base64.b64decode(request.cookies["draft"])
    sig = request.cookies.get("draft_sig", "")
    if sig != hmac.new(KEY, data, hashlib.sha256).hexdigest():
        abort(400)
    return jsonify(pickle.loads(data))  # safe: deserialization signed and checked, if not in constant time


@app.route("/draft/other-eq")
def draft_other_eq():
    data = base64.b64decode(request.cookies["draft"])
    other = base64.b64decode(request.cookies["other"])
    sig = request.cookies.get("draft_sig", "")
    if sig != hmac.new(KEY, other, hashlib.sha256).hexdigest():
        abort(400)
    return jsonify(pickle.loads(data))  # vuln: deserialization another message signed
