from flask import Blueprint, request, jsonify

from helpers.db import run_query

bp = Blueprint("customers", __name__)


@bp.route("/customers/search")
def search():
    city = request.args.get("city", "")
    rows = run_query("SELECT id, name FROM customers WHERE city = '%s' ORDER BY name" % city)
    return jsonify(rows)
