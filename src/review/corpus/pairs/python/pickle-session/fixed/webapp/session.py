import base64
import json

from flask import Flask, request

app = Flask(__name__)


@app.route("/restore")
def restore():
    blob = request.cookies.get("state", "")
    state = json.loads(base64.b64decode(blob))  # safe: deserialization json
    return {"items": len(state)}
