# A Flask app that lets users preview e-mail templates, and a Django view rendering a profile card:
# each unsafe handler next to its fixed twin.
from flask import Flask, jsonify, request
from jinja2 import Environment, Template, select_autoescape
from django.utils.html import format_html

app = Flask(__name__)
env = Environment(autoescape=select_autoescape())


@app.route("/mail/preview", methods=["POST"])
def mail_preview():
    source = request.form["template"]
    return jsonify(preview=Template(source).render(name="Ada"))  # vuln: code-injection


@app.route("/mail/preview-fixed", methods=["POST"])
def mail_preview_fixed():
    name = request.form["name"]
    return jsonify(preview=env.from_string("Hello {{ name }}").render(name=name))  # safe: code-injection constant template


@app.route("/mail/env", methods=["POST"])
def mail_env():
    tpl = env.from_string(request.get_json()["body"])  # vuln: code-injection
    return jsonify(preview=tpl.render())


@app.route("/mail/env-fixed", methods=["POST"])
def mail_env_fixed():
    names = {"welcome": "Welcome {{ user }}", "bye": "Goodbye {{ user }}"}
    key = request.get_json()["kind"]
    tpl = env.from_string(names.get(key, "Hello {{ user }}"))  # safe: code-injection safe map key
    return jsonify(preview=tpl.render(user=request.get_json()["user"]))


def profile_card(request):
    bio = request.GET.get("bio", "")
    return format_html("<div class='bio'>" + bio + "</div>")  # vuln: xss


def profile_card_fixed(request):
    bio = request.GET.get("bio", "")
    return format_html("<div class='bio'>{}</div>", bio)  # safe: xss parameterized
