# Safe look-alike matrix: sanitized, constant, overwritten, dead branch, different variable, safe map key.
import os
import html
import requests
from flask import request, make_response

PAGES = {"home": "/", "help": "/help"}
HOSTS = {"a": "https://a.example.com", "b": "https://b.example.com"}


def m_xss():
    v = request.args["v"]
    make_response("<p>" + v + "</p>")  # vuln: xss
    make_response("<p>" + html.escape(v) + "</p>")  # safe: xss sanitized
    make_response("<p>static</p>")  # safe: xss constant
    w = request.args["w"]
    w = "fixed"
    make_response("<p>" + w + "</p>")  # safe: xss overwritten
    if 1 > 2:
        make_response(v)  # safe: xss dead branch
    label = "ok"
    make_response("<p>" + label + "</p>")  # safe: xss different variable
    make_response("<p>" + PAGES[v] + "</p>")  # safe: xss safe map key


def m_path():
    f = request.args["f"]
    open(os.path.join("/data", f))  # vuln: path-traversal
    open(os.path.join("/data", os.path.basename(f)))  # safe: path-traversal sanitized
    g = request.args["g"]
    g = "index.txt"
    open("/data/" + g)  # safe: path-traversal overwritten
    if False:
        open(f)  # safe: path-traversal dead branch
    h = "readme.txt"
    open("/data/" + h)  # safe: path-traversal different variable


def m_ssrf():
    u = request.args["u"]
    requests.get(u)  # vuln: ssrf
    requests.get("https://api.example.com/?q=" + str(int(u)))  # safe: ssrf sanitized
    requests.get(HOSTS[u])  # safe: ssrf safe map key
    x = request.args["x"]
    x = "https://example.com"
    requests.get(x)  # safe: ssrf overwritten
    if "a" == "b":
        requests.get(u)  # safe: ssrf dead branch
