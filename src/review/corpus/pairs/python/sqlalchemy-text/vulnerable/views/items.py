from flask import Blueprint, jsonify, request
from sqlalchemy import text

from ..db import db

bp = Blueprint("items", __name__)


@bp.route("/items")
def items():
    q = request.args.get("q", "")
    rows = db.session.execute(text("SELECT id, name FROM items WHERE name LIKE '%%%s%%'" % q))  # vuln: sql-injection
    return jsonify([dict(r._mapping) for r in rows])
