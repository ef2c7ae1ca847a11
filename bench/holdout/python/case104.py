import sqlite3
from flask import Flask, request

app = Flask(__name__)


@app.route("/books/by-author")
def by_author():
    params = {"author": request.args.get("author", ""), "order": "title"}
    author = params["author"]
    db = sqlite3.connect("library.db")
    rows = db.execute("SELECT title FROM books WHERE author = '%s'" % author).fetchall()
    return {"books": [r[0] for r in rows]}
