from flask import Flask, request, session

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]


@app.route("/cart/remember", methods=["POST"])
def remember():
    item = request.form.get("item", "")
    session["last_item"] = item
    return "remembered"
