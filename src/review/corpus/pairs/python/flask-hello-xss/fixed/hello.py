from flask import Flask, request
from markupsafe import escape

app = Flask(__name__)


@app.route("/hello")
def hello():
    name = request.args.get("name", "world")
    return "<h1>Hello " + escape(name) + "</h1>"  # safe: xss escaped
