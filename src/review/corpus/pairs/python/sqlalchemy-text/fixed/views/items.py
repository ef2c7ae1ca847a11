from flask import Blueprint, jsonify, request
from sqlalchemy import text

from ..db import db

bp = Blueprint("items", __name__)


@bp.route("/items")
def items():
    q = request.args.get("q", "")
    rows = db.session.execute(text("SELECT id, name FROM items WHERE name LIKE :q"), {"q": f"%{q}%"})  # safe: sql-injection parameterized
    return jsonify([dict(r._mapping) for r in rows])
