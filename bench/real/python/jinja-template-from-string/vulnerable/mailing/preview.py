from flask import Blueprint, request
from jinja2 import Template

bp = Blueprint("mailing", __name__)


@bp.post("/preview")
def preview():
    subject = request.form.get("subject", "")
    first_name = request.form.get("first_name", "Ada")
    return Template(subject).render(first_name=first_name)
