# A Flask admin API dispatching on an action the client names and updating a profile from the form, beside
# the same views kept to a fixed table, a method prefix or a list of editable fields.
from flask import Flask, abort, request
from flask_login import current_user

app = Flask(__name__)
EDITABLE = {"display_name", "bio", "timezone"}


class Reports:
    def daily(self):
        return "daily"

    def weekly(self):
        return "weekly"

    def do_export(self):
        return "export"


@app.route("/reports/run")
def run_report():
    return getattr(Reports(), request.args["action"])()  # vuln: unsafe-reflection


@app.route("/reports/table")
def run_known():
    actions = {"daily": Reports().daily, "weekly": Reports().weekly}
    action = actions.get(request.args.get("action", "daily"))
    if action is None:
        abort(404)
    return action()  # safe: unsafe-reflection safe map key


@app.route("/reports/prefixed")
def run_prefixed():
    return getattr(Reports(), "do_" + request.args["action"])()  # safe: unsafe-reflection fixed method prefix


@app.route("/reports/sorted")
def sorted_rows():
    field = request.args.get("sort", "name")
    rows = sorted(current_user.reports, key=lambda r: getattr(r, field, ""))  # safe: unsafe-reflection an attribute read, not called
    return {"rows": [r.name for r in rows]}


@app.route("/profile", methods=["POST"])
def update_profile():
    for key, value in request.form.items():
        setattr(current_user, key, value)  # vuln: unsafe-reflection
    return "saved"


@app.route("/profile/fields", methods=["POST"])
def update_profile_fields():
    for key in EDITABLE:
        if key in request.form:
            setattr(current_user, key, request.form[key])  # safe: unsafe-reflection fixed field names
    return "saved"


@app.route("/dispatch/<verb>")
def dispatch(verb):
    if verb not in ("daily", "weekly"):
        abort(400)
    return getattr(Reports(), verb)()  # safe: unsafe-reflection allow-list


@app.route("/reports/handler")
def run_handler():
    handler = getattr(Reports(), request.args.get("action", "daily"), None)  # vuln: unsafe-reflection
    if handler is None or not callable(handler):
        abort(404)
    return handler()


@app.route("/reports/handler-prefixed")
def run_prefixed_handler():
    handler = getattr(Reports(), "do_" + request.args.get("action", "export"), None)  # safe: unsafe-reflection fixed method prefix
    if handler is None:
        abort(404)
    return handler()


@app.route("/reports/column")
def report_column():
    column = getattr(Reports, request.args.get("column", "daily"), None)  # safe: unsafe-reflection read, never called
    return {"column": str(column)}
