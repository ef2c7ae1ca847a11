import sqlite3
from flask import Flask, request

app = Flask(__name__)


@app.route("/books")
def books():
    params = {"author": request.args.get("author", ""), "order": "title"}
    order = params["order"]
    db = sqlite3.connect("library.db")
    rows = db.execute("SELECT title FROM books ORDER BY " + order).fetchall()
    return {"books": [r[0] for r in rows]}
