import base64
import pickle

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.route("/cart")
def cart():
    raw = request.cookies.get("cart")
    items = []
    if raw:
        items = pickle.loads(base64.b64decode(raw))
    return jsonify(items=items, count=len(items))
