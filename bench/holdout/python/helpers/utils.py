import html
import re
import shlex

DASHBOARDS = {
    "sales": "/dashboards/sales",
    "ops": "/dashboards/operations",
    "support": "/dashboards/support",
}


def build_ping(host, count=3):
    return "ping -c %d %s" % (count, host)


def build_ping_quoted(host, count=3):
    return "ping -c %d %s" % (count, shlex.quote(host))


def escape_html(value):
    return html.escape(value or "", quote=True)


def safe_filename(name):
    """Keep only a plain file name made of safe characters."""
    name = (name or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", name).lstrip(".")
    return name or "unnamed"


def next_url(req, default="/"):
    return req.args.get("next") or default


def dashboard_for(team):
    return DASHBOARDS.get(team, "/dashboards/home")
