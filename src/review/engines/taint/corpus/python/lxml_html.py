# A Flask endpoint parsing posted markup with lxml: as HTML, no entity is read; as XML with the default
# parser, a DOCTYPE's external entities are.
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
html_parser = etree.HTMLParser()


@app.route("/clean", methods=["POST"])
def clean():
    doc = etree.fromstring(request.data, html_parser)  # safe: xxe an HTML parser
    return "ok" if doc is not None else "empty"


@app.route("/import", methods=["POST"])
def import_xml():
    doc = etree.fromstring(request.data)  # vuln: xxe
    return "ok" if doc is not None else "empty"
