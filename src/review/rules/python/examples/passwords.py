"""An account module storing passwords: fast digests of the password beside the key-derivation functions made
for it, and fast digests of random tokens (how reset links and API keys are stored)."""
import hashlib
import os
import secrets

from flask import request
from werkzeug.security import generate_password_hash


def hash_password(password):
    return hashlib.sha256(password.encode()).hexdigest()  # expect: py.fast-password-hash


def hash_with_salt(user, salt):
    return hashlib.sha512(salt + user.password.encode()).hexdigest()  # expect: py.fast-password-hash


def register():
    digest = hashlib.new("sha256", request.form["password"].encode()).hexdigest()  # expect: py.fast-password-hash
    return digest


def hash_password_slow(password):
    salt = os.urandom(16)
    return salt + hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 600_000)  # ok: py.fast-password-hash


def hash_password_werkzeug(password):
    return generate_password_hash(password)  # ok: py.fast-password-hash


def store_reset_token(reset_token):
    return hashlib.sha256(reset_token.encode()).hexdigest()  # ok: py.fast-password-hash


def new_api_key():
    key = secrets.token_urlsafe(32)
    return key, hashlib.sha256(key.encode()).hexdigest()  # ok: py.fast-password-hash
