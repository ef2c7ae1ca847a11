from flask import Flask, request, jsonify

from helpers.codec import load_state_json

app = Flask(__name__)


@app.route("/ui/v2/state")
def ui_state():
    blob = request.cookies.get("ui_state")
    state = load_state_json(blob) if blob else {}
    return jsonify(open_panels=state.get("panels", []))
