import os

BASE_DIR = os.path.dirname(os.path.abspath(__file__))
static_dir = os.path.join(BASE_DIR, "static")


def index_html():
    with open(os.path.join(static_dir, "index.html")) as f:  # safe: path-traversal constant
        return f.read()


def bundles():
    out = {}
    for name in ("app", "vendor"):
        with open(os.path.join(static_dir, name + ".js")) as f:  # safe: path-traversal constant loop
            out[name] = f.read()
    return out
