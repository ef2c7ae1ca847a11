from flask import Blueprint, request
from jinja2.sandbox import SandboxedEnvironment

_env = SandboxedEnvironment(autoescape=True)

bp = Blueprint("mailing", __name__)


@bp.post("/preview")
def preview():
    subject = request.form.get("subject", "")
    first_name = request.form.get("first_name", "Ada")
    return _env.from_string(subject).render(first_name=first_name)
