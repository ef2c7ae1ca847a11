import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.route("/orders")
def order():
    order_id = request.args.get("id")
    conn = sqlite3.connect("shop.db")
    row = conn.execute("SELECT * FROM orders WHERE id = " + order_id).fetchone()  # vuln: sql-injection
    return jsonify(row)
