# Upload views of a Flask app: an uploaded file's name is the client's, and save() writes where its path says.
import os
import uuid

from flask import Flask, abort, request
from PIL import Image
from werkzeug.utils import secure_filename

app = Flask(__name__)
UPLOADS = "/srv/uploads"


@app.post("/avatar")
def avatar():
    f = request.files["avatar"]
    f.save(os.path.join(UPLOADS, f.filename))  # vuln: path-traversal
    return "ok"


@app.post("/avatar-safe")
def avatar_safe():
    f = request.files["avatar"]
    f.save(os.path.join(UPLOADS, secure_filename(f.filename)))  # safe: path-traversal secure_filename
    return "ok"


@app.post("/avatar-id")
def avatar_id():
    f = request.files["avatar"]
    f.save(os.path.join(UPLOADS, uuid.uuid4().hex + ".bin"))  # safe: path-traversal a name of the app's own
    return "ok"


@app.post("/thumb")
def thumb():
    img = Image.open(request.files["image"].stream)
    img.thumbnail((128, 128))
    name = request.form.get("name", "thumb")
    if not name.isalnum():
        abort(400)
    img.save(os.path.join(UPLOADS, name + ".png"))  # safe: path-traversal letters and digits only
    img.save(os.path.join(UPLOADS, request.form["as"]))  # vuln: path-traversal
    return "ok"


@app.post("/files/<int:file_id>/rename")
def rename_file(file_id):
    import shutil

    current = os.path.join(UPLOADS, "%d.bin" % file_id)
    os.rename(current, os.path.join(UPLOADS, request.form["name"]))  # vuln: path-traversal destination named by the request
    shutil.copy(current, os.path.join(UPLOADS, secure_filename(request.form["name"])))  # safe: path-traversal secure_filename
    shutil.move(os.path.join(UPLOADS, request.form["old"]), current)  # vuln: path-traversal source named by the request
    return "ok"
