from flask import Blueprint, request, jsonify

from helpers.db import run_query

bp = Blueprint("customers_v2", __name__)


@bp.route("/v2/customers/search")
def search():
    city = request.args.get("city", "")
    rows = run_query("SELECT id, name FROM customers WHERE city = ? ORDER BY name", (city,))
    return jsonify(rows)
