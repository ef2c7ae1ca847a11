from flask import Flask, Response, request

app = Flask(__name__)


@app.route("/tags")
def tags():
    raw = request.args.get("tags", "")
    items = []
    for tag in raw.split(","):
        if tag:
            items.append("<li>" + tag.strip() + "</li>")
    html = "<ul class='tags'>" + "".join(items) + "</ul>"
    return Response(html, mimetype="text/html")
