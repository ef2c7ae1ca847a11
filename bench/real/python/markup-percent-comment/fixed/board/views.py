from flask import Blueprint, render_template, request
from markupsafe import Markup

bp = Blueprint("board", __name__)
COMMENTS = []


@bp.post("/comments")
def add_comment():
    text = request.form.get("text", "")
    COMMENTS.append(Markup('<span class="comment">%s</span>') % text)
    return render_template("board.html", comments=COMMENTS)
