"""Account helpers of a Flask app: fingerprints, download checksums, cache keys."""
import base64
import hashlib
import hashlib as hl
import os
from hashlib import sha1, sha256

from Crypto.Hash import MD5, SHA256


def password_fingerprint(password: str) -> str:
    return hashlib.md5(password.encode()).hexdigest()  # expect: py.weak-hash


def legacy_token_digest(token: bytes) -> str:
    h = hashlib.new("sha1")  # expect: py.weak-hash
    h.update(token)
    return h.hexdigest()


def api_key_digest(key: bytes) -> str:
    return hl.md5(key).hexdigest()  # expect: py.weak-hash


def signature_base(payload: bytes) -> str:
    return sha1(payload).hexdigest()  # expect: py.weak-hash


def legacy_mac(payload: bytes) -> str:
    return MD5.new(payload).hexdigest()  # expect: py.weak-hash


def cache_key(url: str) -> str:
    # Not a security use, and it says so.
    return hashlib.md5(url.encode(), usedforsecurity=False).hexdigest()  # ok: py.weak-hash


def etag(body: bytes) -> str:
    return hl.new("md5", body, usedforsecurity=False).hexdigest()  # ok: py.weak-hash


def password_digest(password: str, salt: bytes) -> str:
    return hashlib.sha256(salt + password.encode()).hexdigest()  # ok: py.weak-hash  # expect: py.fast-password-hash


def token_digest(token: bytes) -> str:
    return hl.new("sha256", token).hexdigest()  # ok: py.weak-hash


def content_id(payload: bytes) -> str:
    return sha256(payload).hexdigest()  # ok: py.weak-hash


def mac(payload: bytes) -> str:
    return SHA256.new(payload).hexdigest()  # ok: py.weak-hash


LEGACY_ALGORITHM = "md5"


def legacy_digest(payload: bytes) -> str:
    # A module constant is not followed: the module is shared with other files on a joined tree.
    return hashlib.new(LEGACY_ALGORITHM, payload).hexdigest()


def configured_digest(payload: bytes) -> str:
    algorithm = "sha1"
    return hashlib.new(algorithm, payload).hexdigest()  # expect: py.weak-hash


def modern_digest(payload: bytes) -> str:
    algorithm = "sha3_256"
    return hashlib.new(algorithm, payload).hexdigest()  # ok: py.weak-hash


def generate_etag(body: bytes) -> str:
    return hashlib.md5(body).hexdigest()  # ok: py.weak-hash


def get_source_checksum(source: str) -> str:
    return sha1(source.encode("utf-8")).hexdigest()  # ok: py.weak-hash


def media_path(url: str) -> str:
    media_guid = hashlib.sha1(url.encode()).hexdigest()  # ok: py.weak-hash
    return f"full/{media_guid}.jpg"


def cache_password(password: str) -> str:
    return hashlib.md5(password.encode()).hexdigest()  # expect: py.weak-hash


WS_KEY = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def handshake_accept(headers):
    key = headers["Sec-WebSocket-Key"].encode()
    return base64.b64encode(hashlib.sha1(key + WS_KEY).digest()).decode()  # ok: py.weak-hash


def compute_accept_value(key):
    sha1_hash = hashlib.sha1()  # ok: py.weak-hash
    sha1_hash.update(key.encode() + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11")
    return base64.b64encode(sha1_hash.digest())


def new_csrf_token(session):
    session["csrf"] = hashlib.sha1(os.urandom(64)).hexdigest()  # ok: py.weak-hash
    return session["csrf"]


def accept_invite(password):
    return hashlib.md5(password.encode()).hexdigest()  # expect: py.weak-hash

