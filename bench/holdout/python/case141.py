import os

from flask import Flask, request

app = Flask(__name__)
UPLOADS = "/srv/app/uploads"


@app.route("/images/thumbnail", methods=["POST"])
def thumbnail():
    upload = request.files["image"]
    src = os.path.join(UPLOADS, "incoming.bin")
    upload.save(src)
    label = upload.filename
    os.system("convert %s -thumbnail 128x128 -set comment '%s' %s/thumb.png" % (src, label, UPLOADS))
    return "ok"
