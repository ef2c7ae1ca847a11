from flask import Flask, request, jsonify

app = Flask(__name__)


@app.route("/calc", methods=["POST"])
def calc():
    expression = request.get_json(force=True).get("expr", "0")
    allowed = {"__builtins__": {}}
    result = eval(expression, allowed, {})
    return jsonify(result=result)
