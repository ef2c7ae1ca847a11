import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.route("/orders")
def order():
    order_id = int(request.args.get("id", "0"))
    conn = sqlite3.connect("shop.db")
    row = conn.execute("SELECT * FROM orders WHERE id = %d" % order_id).fetchone()  # safe: sql-injection int coercion
    return jsonify(row)
