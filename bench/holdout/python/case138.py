from defusedxml import ElementTree as SafeET
from flask import Flask, request, jsonify

app = Flask(__name__)


@app.route("/orders/v2/import", methods=["POST"])
def import_orders():
    root = SafeET.fromstring(request.get_data())
    ids = [o.get("id") for o in root.iter("order")]
    return jsonify(imported=len(ids))
