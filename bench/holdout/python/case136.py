import ast

from flask import Flask, request, jsonify

app = Flask(__name__)


@app.route("/settings/import", methods=["POST"])
def import_settings():
    raw = request.form.get("settings", "{}")
    settings = ast.literal_eval(raw)
    if not isinstance(settings, dict):
        return jsonify(error="expected a mapping"), 400
    return jsonify(keys=sorted(settings))
