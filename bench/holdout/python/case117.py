from markupsafe import escape
from flask import Flask, request

app = Flask(__name__)


def render_row(label, value):
    return "<tr><td>%s</td><td>%s</td></tr>" % (label, escape(value))


@app.route("/profile/safe")
def profile_safe():
    nickname = request.args.get("nick", "")
    return "<table>" + render_row("Nickname", nickname) + "</table>"
