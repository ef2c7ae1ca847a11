from flask import Flask, request, redirect, url_for

app = Flask(__name__)
SECTIONS = {"billing": "billing_home", "profile": "profile_home"}


@app.route("/account/jump")
def jump():
    section = request.args.get("section", "profile")
    endpoint = SECTIONS.get(section, "profile_home")
    return redirect(url_for(endpoint))


@app.route("/account/billing")
def billing_home():
    return "billing"


@app.route("/account/profile")
def profile_home():
    return "profile"
