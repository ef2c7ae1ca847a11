# A Flask view module and a Django template-tag module: each unsafe line with its fixed twin.
import jinja2
from jinja2 import Environment, FileSystemLoader, Template, select_autoescape
from flask import Flask, render_template_string, request
from markupsafe import Markup
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

app = Flask(__name__)
env = Environment(loader=FileSystemLoader("templates"))  # expect: py.jinja2-autoescape-disabled
env_off = jinja2.Environment(loader=FileSystemLoader("templates"), autoescape=False)  # expect: py.jinja2-autoescape-disabled
env_fixed = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape(["html"]))  # ok: py.jinja2-autoescape-disabled


@app.route("/preview")
def preview():
    body = request.args.get("body", "")
    page = Template(body).render(user="guest")  # expect: py.template-injection
    page_fixed = Template("<p>{{ body }}</p>").render(body=body)  # ok: py.template-injection
    via_env = env_fixed.from_string(request.form["tpl"]).render()  # expect: py.template-injection
    fixed_env = env_fixed.from_string("<p>{{ tpl }}</p>").render(tpl=request.form["tpl"])  # ok: py.template-injection
    unescaped = render_template_string("<h1>{{ title|safe }}</h1>", title=request.args["t"])  # expect: py.template-safe-filter
    escaped = render_template_string("<h1>{{ title }}</h1>", title=request.args["t"])  # ok: py.template-safe-filter
    static = render_template_string("<h1>{{ title|safe }}</h1>", title="<b>Home</b>")  # ok: py.template-safe-filter
    return page + page_fixed + via_env + fixed_env + unescaped + escaped + static


def badge(user):
    return mark_safe(f"<span class='badge'>{user.name}</span>")  # expect: py.unsafe-html-markup


def badge_fixed(user):
    return format_html("<span class='badge'>{}</span>", user.name)  # ok: py.unsafe-html-markup


def link(url, label):
    return format_html('<a href="%s">%s</a>' % (url, label))  # expect: py.unsafe-html-markup


def link_fixed(url, label):
    return Markup('<a href="%s">%s</a>') % (url, label)  # ok: py.unsafe-html-markup


def note(text):
    return Markup("<p>{}</p>".format(text))  # expect: py.unsafe-html-markup


def highlight(text, word):
    return mark_safe(text.replace(word, "<mark>" + word + "</mark>"))  # expect: py.unsafe-html-markup


def highlight_fixed(text, word):
    return mark_safe(escape(text).replace(escape(word), format_html("<mark>{}</mark>", word)))  # ok: py.unsafe-html-markup


def swatch(html, value):
    return mark_safe(html + '<span style="background:%s"></span>' % value)  # expect: py.unsafe-html-markup


def swatch_fixed(html, value):
    return html + format_html('<span style="background:{}"></span>', value)  # ok: py.unsafe-html-markup


def lines(text):
    return mark_safe(escape(text).replace("\n", "<br>"))  # ok: py.unsafe-html-markup


def tagged(text, word):
    return mark_safe(text.replace(word, f"<em>{word}</em>"))  # expect: py.unsafe-html-markup
