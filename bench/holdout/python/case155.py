from flask import Flask, request

app = Flask(__name__)


@app.route("/gallery")
def gallery():
    try:
        page = int(request.args.get("page", "1"))
    except ValueError:
        page = 1
    return "<p class='pager'>Page %d of 40</p>" % page
