from flask import Flask, request, jsonify

from helpers.codec import load_state

app = Flask(__name__)


@app.route("/ui/state")
def ui_state():
    blob = request.cookies.get("ui_state")
    state = load_state(blob) if blob else {}
    return jsonify(open_panels=state.get("panels", []))
