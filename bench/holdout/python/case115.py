import yaml
from flask import Flask, request

app = Flask(__name__)


@app.route("/settings/import", methods=["POST"])
def import_settings():
    data = yaml.load(request.get_data(as_text=True), Loader=yaml.SafeLoader)
    return {"keys": sorted(data)}
