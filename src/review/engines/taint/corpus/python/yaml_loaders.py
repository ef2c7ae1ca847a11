import yaml
from flask import Blueprint, request

bp = Blueprint("settings", __name__)


@bp.route("/settings/import", methods=["POST"])
def import_settings():
    data = yaml.load(request.get_data(as_text=True), Loader=yaml.SafeLoader)  # safe: deserialization safe loader
    return {"keys": sorted(data)}


@bp.route("/settings/import-fast", methods=["POST"])
def import_fast():
    data = yaml.load(request.files["settings"].read(), Loader=yaml.CSafeLoader)  # safe: deserialization safe loader
    return {"keys": sorted(data)}


@bp.route("/settings/restore", methods=["POST"])
def restore():
    # The full loader builds arbitrary Python objects from tags in the document.
    state = yaml.load(request.get_data(), Loader=yaml.Loader)  # vuln: deserialization
    return {"items": len(state)}


@bp.route("/settings/unsafe", methods=["POST"])
def unsafe():
    state = yaml.unsafe_load(request.get_data())  # vuln: deserialization
    return {"items": len(state)}


@bp.route("/settings/import-positional", methods=["POST"])
def import_positional():
    data = yaml.load(request.get_data(as_text=True), yaml.SafeLoader)  # safe: deserialization safe loader given by position
    return {"keys": sorted(data)}


@bp.route("/settings/restore-positional", methods=["POST"])
def restore_positional():
    state = yaml.load(request.get_data(), yaml.UnsafeLoader)  # vuln: deserialization
    return {"items": len(state)}
