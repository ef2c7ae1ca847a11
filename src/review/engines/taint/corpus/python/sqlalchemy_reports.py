# A Flask reporting module on SQLAlchemy Core: a statement's text is the program's own, and the request's
# values go in as bound parameters; the vulnerable views put them into the text itself.
from flask import Flask, request, jsonify
from sqlalchemy import bindparam, create_engine, text

app = Flask(__name__)
engine = create_engine("sqlite:///reports.db")


@app.route("/reports/by-owner")
def by_owner():
    owner = request.args.get("owner", "")
    with engine.connect() as conn:
        stmt = text("SELECT id, title FROM reports WHERE owner = :owner").bindparams(bindparam("owner", owner))
        rows = conn.execute(stmt)  # safe: sql-injection bound parameter
        return jsonify([dict(r._mapping) for r in rows])


@app.route("/reports/by-tag")
def by_tag():
    tag = request.args.get("tag", "")
    with engine.connect() as conn:
        rows = conn.execute(text(f"SELECT id, title FROM reports WHERE tag = '{tag}'"))  # vuln: sql-injection
        return jsonify([dict(r._mapping) for r in rows])


@app.route("/reports/sorted")
def by_order():
    column = request.args.get("sort", "id")
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, title FROM reports ORDER BY " + column).bindparams(bindparam("n", 10)))  # vuln: sql-injection
        return jsonify([dict(r._mapping) for r in rows])
