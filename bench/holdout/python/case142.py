import os
import subprocess

from flask import Flask, request

app = Flask(__name__)
UPLOADS = "/srv/app/uploads"


@app.route("/images/v2/thumbnail", methods=["POST"])
def thumbnail():
    upload = request.files["image"]
    src = os.path.join(UPLOADS, "incoming.bin")
    upload.save(src)
    label = upload.filename
    subprocess.run(
        ["convert", src, "-thumbnail", "128x128", "-set", "comment", label, os.path.join(UPLOADS, "thumb.png")],
        check=True,
    )
    return "ok"
