from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]


@app.route("/cart/add", methods=["POST"])
def add():
    item = request.form.get("item", "")
    values = [item, "placeholder"]
    values.pop(0)
    session["last_item"] = values[0]
    return "added"
