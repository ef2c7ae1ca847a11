from flask import Flask, request, jsonify
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import text

app = Flask(__name__)
db = SQLAlchemy(app)


@app.route("/products/by-brand")
def by_brand():
    brand = request.args.get("brand", "")
    rows = db.session.execute(
        text("SELECT id, name FROM products WHERE brand = :brand ORDER BY name"),
        {"brand": brand},
    ).fetchall()
    return jsonify([dict(r._mapping) for r in rows])
