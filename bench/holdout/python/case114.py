import pickle
import base64
from flask import Flask, request

app = Flask(__name__)


@app.route("/session/restore", methods=["POST"])
def restore():
    blob = request.cookies.get("state", "")
    state = pickle.loads(base64.b64decode(blob))
    return {"items": len(state)}
