import os, subprocess, hashlib, random, pickle, yaml, requests, re, jwt, math
from flask import request, redirect, send_file

def view(cursor, user):
    os.system("ls " + request.args["d"])  # expect: py.command-injection
    os.system("ls -la")  # ok: py.command-injection
    subprocess.run(f"git log {user}", shell=True)  # expect: py.command-injection
    subprocess.run(["git", "log", user])  # ok: py.command-injection
    eval(request.args["expr"])  # expect: py.code-injection
    eval("1 + 1")  # ok: py.code-injection
    cursor.execute(f"SELECT * FROM users WHERE id = {user}")  # expect: py.sql-injection
    cursor.execute("SELECT * FROM users WHERE name = '%s'" % user)  # expect: py.sql-injection
    cursor.execute("SELECT * FROM users WHERE id = %s", (user,))  # ok: py.sql-injection
    open(os.path.join("/data", request.args["f"]))  # expect: py.path-traversal
    open("/etc/app.conf")  # ok: py.path-traversal
    requests.get(request.args["url"])  # expect: py.ssrf
    requests.get("https://api.example.com/items")  # ok: py.ssrf
    return redirect(request.args.get("next"))  # expect: py.open-redirect

def other(data, resp):
    redirect("/home")  # ok: py.open-redirect
    pickle.loads(data)  # expect: py.unsafe-deserialization
    yaml.load(data)  # expect: py.unsafe-deserialization
    yaml.load(data, Loader=yaml.SafeLoader)  # ok: py.unsafe-deserialization
    yaml.load(data, yaml.SafeLoader)  # ok: py.unsafe-deserialization
    parser = etree.XMLParser(resolve_entities=True)  # expect: py.xxe
    parser = etree.XMLParser(resolve_entities=False)  # ok: py.xxe
    hashlib.md5(data).hexdigest()  # expect: py.weak-hash
    hashlib.sha256(data).hexdigest()  # ok: py.weak-hash
    c = DES.new(key, DES.MODE_CBC)  # expect: py.weak-cipher
    c = AES.new(key, AES.MODE_ECB)  # expect: py.weak-cipher
    c = AES.new(key, AES.MODE_GCM)  # ok: py.weak-cipher
    reset_token = str(random.randint(0, 10**6))  # expect: py.insecure-random
    delay = random.random() * 3  # ok: py.insecure-random
    requests.get("https://internal", verify=False)  # expect: py.tls-verification-disabled
    requests.get("https://internal", verify="/etc/ca.pem")  # ok: py.tls-verification-disabled
    resp.set_cookie("sid", sid, secure=False)  # expect: py.insecure-cookie
    resp.set_cookie("sid", sid, secure=True, httponly=True)  # ok: py.insecure-cookie
    jwt.decode(tok, options={"verify_signature": False})  # expect: py.jwt-verification-disabled
    jwt.decode(tok, key, algorithms=["HS256"])  # ok: py.jwt-verification-disabled
    CORS(app, origins="*")  # expect: py.cors-permissive
    CORS(app, origins=["https://app.example.com"])  # ok: py.cors-permissive
    re.match(r"^(a+)+$", data)  # expect: py.redos
    re.match(r"^[a-z]+$", data)  # ok: py.redos
    # A config loader's "key = value" line pattern, and its fixed twin without overlapping spaces.
    re.match(r"^\s*([^=]+?)\s*=\s*(.*?)\s*$", data)  # expect: py.redos
    re.match(r"^([^=\s]+)=(.*)$", data)  # ok: py.redos
    # A scraper's dotted host check compiled once, and the fixed version.
    HOST = re.compile(r"^([a-z0-9]+\.?)+$", re.I)  # expect: py.redos
    HOST_FIXED = re.compile(r"^[a-z0-9.]+$", re.I)  # ok: py.redos
    if data == float("nan"):  # expect: py.nan-comparison
        pass
    if math.isnan(data):  # ok: py.nan-comparison
        pass
    data = data  # expect: py.self-assignment
    data = resp  # ok: py.self-assignment

password = "hunter2hunter2"  # expect: py.hardcoded-credential
password = os.environ["DB_PASSWORD"]  # ok: py.hardcoded-credential
DEBUG = True  # expect: py.debug-mode
app.run(debug=False)  # ok: py.debug-mode


class SeekableReader:
    DEBUG = True  # ok: py.debug-mode


def configure_tests():
    DEBUG = True  # ok: py.debug-mode
    return DEBUG


# Idioms that look like `x = x` and do something: a re-export at module level, a class attribute copied from
# the module, an instance copy of a class attribute, and a branch that keeps a value as it is.
from logging import getLogger as _getLogger

logger = _getLogger(__name__)
logger = logger  # ok: py.self-assignment


class Worker:
    logger = logger  # ok: py.self-assignment
    modes = ["fast"]

    def __init__(self, name, indent=None):
        self.modes = self.modes  # ok: py.self-assignment
        if isinstance(indent, int):
            indent = " " * indent
        elif isinstance(indent, str):
            indent = indent  # ok: py.self-assignment
        name = name  # expect: py.self-assignment
        self.indent = indent
