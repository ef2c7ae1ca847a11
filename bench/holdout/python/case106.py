import configparser
import os
from flask import Flask, request

app = Flask(__name__)


@app.route("/export/raw")
def export_raw():
    conf = configparser.ConfigParser()
    conf.add_section("export")
    conf.set("export", "name", request.args.get("name", "report"))
    name = conf.get("export", "name")
    with open(os.path.join("/srv/exports", name)) as fh:
        return fh.read()
