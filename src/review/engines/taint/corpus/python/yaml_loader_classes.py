# Loaders of the application's own, made from PyYAML's: a safe loader's subclass builds plain data only.
import yaml
from flask import Blueprint, request

bp = Blueprint("imports", __name__)


class StrictLoader(yaml.SafeLoader):
    """Rejects duplicate keys (the constructor is overridden below)."""


class ObjectLoader(yaml.FullLoader):
    pass


@bp.route("/imports/strict", methods=["POST"])
def strict():
    data = yaml.load(request.get_data(as_text=True), Loader=StrictLoader)  # safe: deserialization safe loader subclass
    return {"keys": sorted(data)}


@bp.route("/imports/strict-positional", methods=["POST"])
def strict_positional():
    data = yaml.load(request.get_data(as_text=True), StrictLoader)  # safe: deserialization safe loader subclass by position
    return {"keys": sorted(data)}


@bp.route("/imports/objects", methods=["POST"])
def objects():
    data = yaml.load(request.get_data(as_text=True), Loader=ObjectLoader)  # vuln: deserialization full loader subclass
    return {"keys": sorted(data)}
