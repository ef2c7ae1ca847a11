import psycopg2
from flask import Flask, request, jsonify, g

app = Flask(__name__)


def get_db():
    if "db" not in g:
        g.db = psycopg2.connect(dsn=app.config["DATABASE_DSN"])
    return g.db


@app.route("/products")
def products():
    filters = {"category": request.args.get("category"), "brand": request.args.get("brand")}
    clauses = ["%s = '%s'" % (col, val) for col, val in filters.items() if val]
    sql = "SELECT id, name FROM products"
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    cur = get_db().cursor()
    cur.execute(sql)
    return jsonify(cur.fetchall())
