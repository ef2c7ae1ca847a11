# A Flask endpoint reading XML with the standard library's ElementTree imported as etree, the name the
# other XML library is usually known by: it expands no external entity a document declares.
from xml.etree import ElementTree as etree

from flask import Flask, request

app = Flask(__name__)


@app.route("/styles", methods=["POST"])
def styles():
    root = etree.fromstring(request.data)  # safe: xxe the standard library's ElementTree
    return "ok" if root is not None else "empty"
