import configparser
import os
from flask import Flask, request, send_file

app = Flask(__name__)


@app.route("/export")
def export():
    conf = configparser.ConfigParser()
    conf.add_section("export")
    conf.set("export", "name", request.args.get("name", "report"))
    conf.set("export", "folder", "daily")
    folder = conf.get("export", "folder")
    return send_file(os.path.join("/srv/exports", folder, "latest.csv"))
