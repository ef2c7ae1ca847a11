from flask import Flask, Response, request

app = Flask(__name__)


@app.route("/banner")
def banner():
    message = request.args.get("msg", "")
    num = 86
    if (7 * 42) - num > 200:
        text = "Scheduled maintenance on Sunday 02:00 UTC"
    else:
        text = message
    return Response("<div class='banner'>" + text + "</div>", mimetype="text/html")
