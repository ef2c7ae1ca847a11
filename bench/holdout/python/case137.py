from flask import Flask, request, jsonify
from lxml import etree

app = Flask(__name__)


@app.route("/orders/import", methods=["POST"])
def import_orders():
    parser = etree.XMLParser(resolve_entities=True, no_network=False)
    root = etree.fromstring(request.get_data(), parser)
    ids = [o.get("id") for o in root.iter("order")]
    return jsonify(imported=len(ids))
