import base64
import pickle

from flask import Flask, request

app = Flask(__name__)


@app.route("/restore")
def restore():
    blob = request.cookies.get("state", "")
    state = pickle.loads(base64.b64decode(blob))  # vuln: deserialization
    return {"items": len(state)}
