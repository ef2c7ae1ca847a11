from flask import Flask, render_template_string, request

app = Flask(__name__)

PAGE = """<!doctype html><title>Hi</title><h1>Hello {{ name }}</h1>"""


@app.route("/hello")
def hello():
    name = request.args.get("name", "guest")
    return render_template_string(PAGE, name=name)
