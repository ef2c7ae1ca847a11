# A plain Python package module: public functions and public methods take library input
# (confidence low), beside the fixed versions a maintainer would ship.
import os
import re
import shlex
import sqlite3
import subprocess as sp
from subprocess import check_output as run_out

BASE_DIR = "/srv/data"


def get_user(cursor, user_id):
    cursor.execute("SELECT * FROM users WHERE id = %s" % user_id)  # vuln: sql-injection
    return cursor.fetchone()


def get_user_safe(cursor, user_id):
    cursor.execute("SELECT * FROM users WHERE id = %s", (user_id,))  # safe: sql-injection parameterized
    return cursor.fetchone()


def delete_user(conn, user_id):
    conn.execute(f"DELETE FROM users WHERE id = '{user_id}'")  # vuln: sql-injection


def delete_user_safe(conn, user_id):
    conn.execute("DELETE FROM users WHERE id = ?", (user_id,))  # safe: sql-injection parameterized


def count_rows(conn, limit: int):
    return conn.execute("SELECT * FROM t LIMIT %d" % limit)  # safe: sql-injection typed number


def fetch_video(url):
    return sp.check_output("youtube-dl %s" % url, shell=True)  # vuln: command-injection


def fetch_video_quoted(url):
    return sp.check_output("youtube-dl %s" % shlex.quote(url), shell=True)  # safe: command-injection quoted


def fetch_video_argv(url):
    return run_out(["youtube-dl", url])  # safe: command-injection argument array


def lookup(host):
    if not re.match(r"^[a-z0-9.-]+$", host):
        raise ValueError("bad host")
    return run_out("nslookup " + host, shell=True)  # safe: command-injection allow-list then raise


def lookup_loose(host):
    if not re.match(r"^[a-z0-9.-]+$", host):
        print("odd host")
    return run_out("nslookup " + host, shell=True)  # vuln: command-injection check without leaving


def read_blob(name):
    with open(os.path.join(BASE_DIR, name)) as f:  # vuln: path-traversal
        return f.read()


def read_blob_safe(name):
    full = os.path.realpath(os.path.join(BASE_DIR, name))
    if not full.startswith(BASE_DIR + os.sep):
        raise ValueError(name)
    with open(full) as f:  # safe: path-traversal containment then raise
        return f.read()


def read_blob_validated(name):
    validate_key_name(name)
    with open(os.path.join(BASE_DIR, name)) as f:  # safe: path-traversal validator that raises
        return f.read()


def read_blob_checked(name):
    if not is_safe_name(name):
        return None
    with open(os.path.join(BASE_DIR, name)) as f:  # safe: path-traversal custom check then return
        return f.read()


def read_blob_stripped(name):
    while ".." in name:
        name = name.replace("..", "")
    with open(os.path.join(BASE_DIR, name)) as f:  # safe: path-traversal sanitising loop
        return f.read()


def read_under(root, name):
    with open(os.path.join(root, os.path.basename(name))) as f:  # safe: path-traversal root is a setting, name reduced to its base
        return f.read()


def validate_key_name(name):
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ValueError("invalid key")


def is_safe_name(name):
    return re.fullmatch(r"[A-Za-z0-9_-]+", name) is not None


class Store:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def find(self, name):
        return self.conn.execute("SELECT * FROM items WHERE name = '" + name + "'")  # vuln: sql-injection

    def find_safe(self, name):
        return self.conn.execute("SELECT * FROM items WHERE name = ?", (name,))  # safe: sql-injection parameterized

    def _raw(self, sql):
        return self.conn.execute(sql)  # safe: sql-injection private method is no entry point


def _cleanup(path):
    os.system("rm -rf " + path)  # safe: command-injection private function is no entry point


# A config loader that hands the caller's file on through its own helpers before opening it: the caller
# names the file, as if it called open() itself. A name joined under the package's data directory is not so.
class Settings:
    def load(self, path, section="main"):
        return self._load_path(path, section=section)

    def _load_path(self, path, section):
        with open(path, "rb") as stream:  # safe: path-traversal the caller's own path handed on through helpers
            return {section: stream.read()}

    def load_named(self, name):
        return self._load_data(os.path.join(BASE_DIR, name))

    def _load_data(self, path):
        with open(path, "rb") as stream:  # vuln: path-traversal
            return stream.read()


def read_sources(sources):
    for source in sources:
        _read_one(source)


def _read_one(filename):
    with open(filename) as f:  # safe: path-traversal elements of the caller's list handed on whole
        return f.read()


def read_under(names):
    for name in names:
        _read_data(os.path.join(BASE_DIR, name))


def _read_data(filename):
    with open(filename) as f:  # vuln: path-traversal
        return f.read()


# A server's worker and a document processor are handed configuration objects: the files they name are the
# deployer's. A name the caller passes beside them, joined under one, is not.
class WorkerTmp:
    def __init__(self, cfg):
        self.fd = open(cfg.worker_tmp_file, "w")  # safe: path-traversal a file the deployer's configuration names


def stylesheet(settings, name):
    with open(settings.stylesheet_path) as f:  # safe: path-traversal a file the deployer's configuration names
        base = f.read()
    with open(os.path.join(settings.stylesheet_dirs, name)) as f:  # vuln: path-traversal
        return base + f.read()
