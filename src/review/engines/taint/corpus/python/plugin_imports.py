# Exporters and handlers chosen by name: a Flask app importing the module a request names, beside the
# same choice kept to a fixed table or a package of its own, and a library's plugin loader.
import importlib

from django.utils.module_loading import import_string
from flask import Flask, abort, request

app = Flask(__name__)

EXPORTERS = {"csv": "reports.exporters.csv_export", "pdf": "reports.exporters.pdf_export"}


@app.route("/export")
def export():
    module = importlib.import_module(request.args["format"])  # vuln: unsafe-reflection
    return module.render()


@app.route("/export/known")
def export_known():
    name = EXPORTERS.get(request.args.get("format", "csv"))
    if name is None:
        abort(404)
    module = importlib.import_module(name)  # safe: unsafe-reflection safe map key
    return module.render()


@app.route("/export/package")
def export_package():
    fmt = request.args.get("format", "csv")
    module = importlib.import_module("reports.exporters." + fmt)  # safe: unsafe-reflection fixed package prefix
    return module.render()


@app.route("/export/fstring")
def export_fstring():
    module = importlib.import_module(f"reports.exporters.{request.args['format']}")  # safe: unsafe-reflection fixed package prefix
    return module.render()


@app.route("/export/allowed")
def export_allowed():
    fmt = request.args.get("format", "csv")
    if fmt not in ("csv", "pdf"):
        abort(400)
    module = __import__(fmt)  # safe: unsafe-reflection allow-list
    return module.render()


@app.route("/backend", methods=["POST"])
def backend():
    cls = import_string(request.form["backend"])  # vuln: unsafe-reflection
    return cls().status()


@app.route("/legacy")
def legacy():
    module = __import__(request.args.get("module"))  # vuln: unsafe-reflection
    return module.VERSION


def load_plugin(name):
    return importlib.import_module(name)  # safe: unsafe-reflection library input: a plugin loader takes the name from its caller
