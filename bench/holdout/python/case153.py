import yaml
from flask import Flask, request, jsonify

app = Flask(__name__)


@app.route("/pipelines/validate", methods=["POST"])
def validate_pipeline():
    spec = yaml.load(request.get_data(as_text=True), Loader=yaml.Loader)
    steps = spec.get("steps", []) if isinstance(spec, dict) else []
    return jsonify(valid=bool(steps), steps=len(steps))
