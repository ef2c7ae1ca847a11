from flask import Flask, request
from markupsafe import escape

app = Flask(__name__)
DOCS = ["install", "configure", "deploy", "upgrade"]


@app.get("/search")
def search():
    q = request.args.get("q", "")
    hits = [d for d in DOCS if q.lower() in d]
    items = "".join(f"<li>{h}</li>" for h in hits)
    return f"<h1>Results for {escape(q)}</h1><ul>{items}</ul>"
