from flask import Flask, request, redirect, session, render_template

app = Flask(__name__)
app.secret_key = __import__("os").environ["SECRET_KEY"]


def check_credentials(username, password):
    return False


@app.route("/login", methods=["GET", "POST"])
def login():
    if request.method == "GET":
        return render_template("login.html", return_to=request.args.get("return_to", "/"))
    if not check_credentials(request.form["username"], request.form["password"]):
        return render_template("login.html", error=True), 401
    session["user"] = "authenticated"
    destination = request.form.get("return_to") or "/"
    return redirect(destination)
