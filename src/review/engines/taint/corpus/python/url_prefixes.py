"""A Flask front end that sends users on and fetches from its own API: where the start of a URL fixes its destination."""
import requests
from flask import Flask, redirect, request

app = Flask(__name__)
API = "https://api.example.com"


@app.route("/after-login")
def after_login():
    return redirect(request.args.get("next", "/"))  # vuln: open-redirect


@app.route("/profile")
def profile():
    return redirect("/users/" + request.args["name"])  # safe: open-redirect a path on this site


@app.route("/profile-f")
def profile_f():
    return redirect(f"/users/{request.args['name']}?tab=posts")  # safe: open-redirect a path on this site


@app.route("/continue")
def continue_to():
    return redirect(f"{request.args['site']}/welcome")  # vuln: open-redirect


@app.route("/double-slash")
def double_slash():
    return redirect("/" + request.args["path"])  # vuln: open-redirect //evil.example is another host


@app.route("/item")
def item():
    return requests.get("https://api.example.com/items/%s" % request.args["id"]).text  # safe: ssrf fixed host


@app.route("/item-host")
def item_host():
    return requests.get("https://%s/items" % request.args["host"]).text  # vuln: ssrf


@app.route("/search")
def search():
    return requests.get(API + "/search?q=" + request.args["q"]).text  # safe: ssrf fixed host


@app.route("/mirror")
def mirror():
    return requests.get(request.args["base"] + "/index.json").text  # vuln: ssrf


@app.route("/item-format")
def item_format():
    return requests.get("https://api.example.com/items/{}".format(request.args["id"])).text  # safe: ssrf fixed host


@app.route("/base-format")
def base_format():
    return requests.get("{}/items".format(request.args["base"])).text  # vuln: ssrf
